import { useSyncExternalStore } from 'react';

/** antd's lg breakpoint: from 992 px the portal is used with a mouse, below it by touch (styles.css). */
const WIDE = '(min-width: 992px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is at least 992 px wide, following it as it is resized or turned. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
