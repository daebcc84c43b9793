import { portalConfig } from '../config';

/** The cashier lives on the gateway's origin (the portal and the gateway share it in an install). */
export function cashierUrl(payUrl: string): string {
  const origin = new URL(portalConfig().gatewayPrefix, window.location.href).origin;
  return new URL(payUrl, origin).toString();
}
