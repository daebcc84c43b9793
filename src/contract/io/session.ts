/** Response types of the session, menu and common calls (requests: session.requests.ts). */

export interface LoginInfo {
  nickName: string;
  showApp: number;
  /** 1 = corporate (legal-entity) customer. */
  legalFlag: number;
  /** 1 = senior member. */
  userAnk: number;
  userName: string;
  customerName: string;
  /** The public id of the session, equal to the SSO cookie's value. */
  ssoId: string;
}

export interface AccountState {
  /** 1 = active, 2 = cancelled. */
  state: number;
  stateText: string;
  legalFlag: number;
  customerName: string;
  privacyAuthorised: number;
}

interface MenuMeta {
  title: string;
  icon: string;
  requireAuth: boolean;
  leftMenu: boolean;
}

export interface MenuEntry {
  name: string;
  path: string;
  component: string;
  hidden: boolean;
  meta: MenuMeta;
  children: MenuEntry[];
}

export interface HideMenuSettings {
  /** 1 = hide two entries of the sixth top-level menu from its third child on. */
  hide_menu: number;
}

export interface UnreadState {
  /** 2 = there are unread replies. */
  userReadFlag: number;
}

export interface Area {
  code: string;
  name: string;
}

export interface LogonCity {
  current: Area | null;
  cities: Area[];
}

export type { AnalyticsEvent } from './session.requests';

export interface PublicKey {
  /** PEM of the gateway's RSA public key, for wrapping the AES key of encrypted values. */
  publicKey: string;
  keyId: string;
}

export interface SessionIO {
  'blocLegal/login/getLoginInfo': { res: LoginInfo };
  'blocLegal/login/logout': { res: null };
  'blocLegal/login/cancleAuth': { res: null };
  'blocLegal/account/state': { res: AccountState };
  'blocLegal/menu/getEcenterMenus': { res: MenuEntry[] };
  'blocLegal/menu/queryHideMyScore': { res: HideMenuSettings };
  'blocLegal/opinions/searchUserNoReadList': { res: UnreadState };
  'blocLegal/common/getAreaInfo': { res: Area[] };
  'blocLegal/common/queryLogonCity': { res: LogonCity };
  'blocLegal/analytics/collect': { res: { stored: number } };
  'blocLegal/security/publicKey': { res: PublicKey };
}
