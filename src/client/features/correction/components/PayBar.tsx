import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How close (px) the content bottom may come to the viewport bottom before the bar is suspended (SPEC.md §2). */
export const SUSPEND_WITHIN_PX = 440;

/** true when the content's bottom edge is within 440 px of the viewport's bottom edge. */
export function isSuspended(contentBottom: number, viewportHeight: number): boolean {
  return contentBottom - viewportHeight <= SUSPEND_WITHIN_PX;
}

/**
 * The fixed pay bar of the correction pages: fixed to the bottom of the viewport while the content
 * runs on below it; suspended (resting in place under the content) once the content bottom is within
 * 440 px of the viewport bottom. Built inside the feature: the shell's shared PayBar was not on this branch.
 */
export function PayBar({ children }: { children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [suspended, setSuspended] = useState(true);
  useEffect(() => {
    const update = () => {
      const content = anchor.current?.parentElement;
      if (!content) return;
      setSuspended(isSuspended(content.getBoundingClientRect().bottom, window.innerHeight));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    <>
      <div ref={anchor} />
      <div
        data-testid="pay-bar"
        data-suspended={suspended ? 'true' : 'false'}
        className="mc-pay-bar"
        style={{
          position: suspended ? 'static' : 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 20,
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: 12,
          // Clear of the fixed side navigation on the right, which would cover the buttons.
          padding: '12px 88px 12px 24px',
          marginTop: 16,
          background: '#fff',
          borderTop: '1px solid #f0f0f0',
          boxShadow: suspended ? 'none' : '0 -2px 8px rgba(0,0,0,0.08)',
        }}
      >
        {children}
      </div>
    </>
  );
}
