import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { portalConfig } from '@client/config';
import { openWindow } from '@client/shared/navigation';
import { paths } from '@client/shared/paths';

/**
 * /legalHelpCenter/legalHelpCenterList is not navigated to (docs/SPEC.md §2): it opens the legal help
 * center in a new window and the portal stays where it was (home when there is nowhere to go back to).
 */
export default function LegalHelpCenter() {
  const navigate = useNavigate();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openWindow(portalConfig().links.legalHelpCenter);
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.home.path, { replace: true });
  }, [navigate]);
  return null;
}
