import { useEffect } from 'react';
import { portalConfig } from '../config';

/** Document titles read as the route title followed by the portal name (docs/SPEC.md §1). */
export function usePageTitle(title: string | undefined, own?: string) {
  useEffect(() => {
    // A page with a title of its own sets it; the route frame then leaves the title alone.
    if (title === undefined && own === undefined) return;
    const name = portalConfig().portalName;
    document.title = own ?? (title ? `${title} - ${name}` : name);
  }, [title, own]);
}
