import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useMessages } from '../shared/i18n';
import { Spinner } from '../shared/Spinner';
import type { RootState } from './store';
import { shellMessages } from './messages';

/** 'Loading...' over the page, only when a call is still running after 300 ms; one for overlapping calls. */
export const OVERLAY_DELAY_MS = 300;

export function LoadingOverlay() {
  const pending = useSelector((s: RootState) => s.ui.pending);
  const m = useMessages(shellMessages);
  const busy = pending > 0;
  // Late: the calls of this busy spell have outlasted the delay (reset when the spell ends).
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setTimeout(() => setLate(true), OVERLAY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [busy]);
  if (!busy || !late) return null;
  return (
    <div className="mc-loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <Spinner size="large" />
      <span>{m.loading}</span>
    </div>
  );
}
