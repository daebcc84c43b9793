import { useMediaQuery } from './useMediaQuery';

/** antd's lg breakpoint: from 992 px the portal is used with a mouse, below it by touch (styles.css). */
const WIDE = '(min-width: 992px)';

/** Whether the window is at least 992 px wide, following it as it is resized or turned. */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE, true);
}
