import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useMessages } from '../shared/i18n';
import type { RootState } from './store';
import { shellMessages } from './messages';

/** 'Loading...' over the page, only when a call is still running after 300 ms; one for overlapping calls. */
export const OVERLAY_DELAY_MS = 300;

export function LoadingOverlay() {
  const pending = useSelector((s: RootState) => s.ui.pending);
  const m = useMessages(shellMessages);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return undefined;
    }
    const timer = setTimeout(() => setVisible(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!visible) return null;
  return (
    <div className="mc-loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <Spin size="large" />
      <span>{m.loading}</span>
    </div>
  );
}
