import { Suspense } from 'react';
import { useSelector } from 'react-redux';
import { lazyInAntd } from '@client/shared/AntdBoundary';
import type { RootState } from '../store';

const INVITED_KEY = 'mc-club-invited';

/**
 * Whether the club's invitation is due: once per browser session, for a member who is not in the
 * club yet (a senior member is; docs/SPEC.md §2 opens the overlay from the club's title). Marks it
 * shown.
 */
export function clubInvitationDue(senior: boolean): boolean {
  if (senior) return false;
  try {
    if (sessionStorage.getItem(INVITED_KEY)) return false;
    sessionStorage.setItem(INVITED_KEY, '1');
  } catch {
    // storage refused (private mode): the invitation shows each time rather than never
  }
  return true;
}

// The overlay (antd's Button) loads when it is first opened, not with the frame.
const PromoOverlayDialog = lazyInAntd(() =>
  import(/* webpackChunkName: "promo-overlay" */ './deferred/PromoOverlay').then((m) => m.default),
);

/** The club's invitation while it is open. */
export function PromoOverlay() {
  const open = useSelector((s: RootState) => s.ui.promoOpen);
  return open ? (
    <Suspense fallback={null}>
      <PromoOverlayDialog />
    </Suspense>
  ) : null;
}
