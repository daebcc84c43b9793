import { useSyncExternalStore } from 'react';

/** Whether a media query matches, following it as the window is resized or a setting changes. */
export function useMediaQuery(query: string, withoutWindow: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => withoutWindow,
  );
}
