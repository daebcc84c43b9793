import { useSelector } from 'react-redux';
import type { LoginInfo } from '@contract/io/session';
import { may, type Right } from '@contract/roles';

/**
 * Whether the user's role allows a right (contract/roles.ts): the portal shows a role only what it may
 * do; the gateway refuses the rest whatever a page shows. A member is their own account's administrator.
 */
export function useMay(right: Right): boolean {
  return useSelector((s: { session: { info: LoginInfo | null } }) => may(s.session.info?.role, right));
}
