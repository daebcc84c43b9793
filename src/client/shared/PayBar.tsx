import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** docs/SPEC.md §2: the bar becomes suspended when the content bottom is within 440 px of the viewport bottom. */
const SUSPEND_DISTANCE_PX = 440;

/** Whether the pay bar is suspended, given the content's bottom edge and the viewport height (both in px). */
export function payBarSuspended(contentBottom: number, viewportHeight: number): boolean {
  return contentBottom - viewportHeight <= SUSPEND_DISTANCE_PX;
}

export interface PayBarProps {
  /**
   * The content whose bottom edge decides; without it, the element the bar is placed in (the bar
   * leaves an empty anchor before itself to find it).
   */
  contentRef?: RefObject<HTMLElement | null>;
  /** A total or other summary shown at the bar's start, before the buttons. */
  total?: ReactNode;
  /** The buttons (and anything else) at the bar's end. */
  children: ReactNode;
}

/**
 * A submit/pay bar fixed to the bottom of the viewport while the page's content goes on below it;
 * once the content's end comes within 440 px of the viewport bottom it is suspended (docked in the
 * page flow at the end of the content) so it never covers the last rows. Its padding keeps the
 * buttons clear of the fixed side navigation (styles.css, `.mc-pay-bar`).
 */
export function PayBar({ contentRef, total, children }: PayBarProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const [suspended, setSuspended] = useState(false);
  useEffect(() => {
    const check = () => {
      const content = contentRef ? contentRef.current : (anchor.current?.parentElement ?? null);
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
    <>
      {!contentRef && <div ref={anchor} className="mc-pay-bar-anchor" />}
      <div
        className={`mc-pay-bar${suspended ? ' mc-pay-bar-suspended' : ''}`}
        data-testid="pay-bar"
        data-suspended={suspended ? 'true' : 'false'}
      >
        {total !== undefined && (
          <div className="mc-pay-bar-total" data-testid="pay-bar-total">
            {total}
          </div>
        )}
        {children}
      </div>
    </>
  );
}
