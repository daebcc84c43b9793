import { portalConfig } from '../config';

/** The cashier lives on the gateway's origin (the portal and the gateway share it in an install). */
export function cashierUrl(payUrl: string): string {
  const origin = new URL(portalConfig().gatewayPrefix, window.location.href).origin;
  return new URL(payUrl, origin).toString();
}

/** A cashier window opened by the user's click, before its address is known (one click from Pay). */
export interface CashierWindow {
  /** false when the browser would not open a window (the page then offers the cashier's address). */
  readonly opened: boolean;
  /** Sends the window to the cashier of a payment link. */
  go(payUrl: string): void;
  close(): void;
}

/**
 * Opens an empty window in the click that asks to pay (a window opened later, when the payment link
 * has arrived, would be stopped by the browser), cut off from this page; `go` gives it the address.
 */
export function openCashierWindow(): CashierWindow {
  const win = window.open('', '_blank');
  if (win) win.opener = null;
  return {
    opened: Boolean(win),
    go: (payUrl) => {
      if (win && !win.closed) win.location.href = cashierUrl(payUrl);
    },
    close: () => win?.close(),
  };
}
