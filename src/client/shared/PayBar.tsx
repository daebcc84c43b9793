import { useEffect, useState, type ReactNode, type RefObject } from 'react';

/** SPEC.md §2: the bar becomes suspended when the content bottom is within 440 px of the viewport bottom. */
export const SUSPEND_DISTANCE_PX = 440;

/** Whether the pay bar is suspended, given the content's bottom edge and the viewport height (both in px). */
export function payBarSuspended(contentBottom: number, viewportHeight: number): boolean {
  return contentBottom - viewportHeight <= 440;
}

/**
 * A submit/pay bar fixed to the bottom of the viewport while the page's content goes on below it;
 * once the content's end comes within 440 px of the viewport bottom it is suspended (docked in the
 * page flow at the end of the content) so it never covers the last rows.
 */
export function PayBar({ contentRef, children }: { contentRef: RefObject<HTMLElement | null>; children: ReactNode }) {
  const [suspended, setSuspended] = useState(false);
  useEffect(() => {
    const check = () => {
      const content = contentRef.current;
      if (content) setSuspended(payBarSuspended(content.getBoundingClientRect().bottom, window.innerHeight));
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [contentRef]);
  return (
    <div className={`mc-pay-bar${suspended ? ' mc-pay-bar-suspended' : ''}`} data-testid="pay-bar" data-suspended={suspended ? 'true' : 'false'}>
      {children}
    </div>
  );
}
