import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import type { Locale } from '@common/i18n';
import { portalConfig } from '../config';

/** The portal's name (the brand) in the user's language: the same in the header, footer and titles. */
export function usePortalName(): string {
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
  return portalConfig().portalName[locale];
}

/**
 * Document titles read as the route title followed by the portal name in the user's language
 * (docs/SPEC.md §1); without a title, the portal name alone. A language switch retitles at once.
 */
export function usePageTitle(title: string | undefined) {
  const name = usePortalName();
  useEffect(() => {
    // A page with a title of its own sets it; the route frame then leaves the title alone.
    if (title === undefined) return;
    document.title = title ? `${title} - ${name}` : name;
  }, [title, name]);
}
