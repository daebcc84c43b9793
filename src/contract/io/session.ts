/** Request and response types of the session, menu and common calls. */

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

interface AreaQuery {
  /** Empty for the provinces; a province code for its cities. */
  parentCode?: string;
}

export interface LogonCity {
  current: Area | null;
  cities: Area[];
}

export interface AnalyticsEvent {
  kind: 'page' | 'exposure' | 'click';
  page: string;
  target?: string;
  platform: 'PC';
  loginFlag: number;
}

export interface PublicKey {
  /** PEM of the gateway's RSA public key, for wrapping the AES key of encrypted values. */
  publicKey: string;
  keyId: string;
}

export interface SessionIO {
  'blocLegal/login/getLoginInfo': { req: Record<string, never>; res: LoginInfo };
  'blocLegal/login/logout': { req: Record<string, never>; res: null };
  'blocLegal/login/cancleAuth': { req: Record<string, never>; res: null };
  'blocLegal/account/state': { req: Record<string, never>; res: AccountState };
  'blocLegal/menu/getEcenterMenus': { req: Record<string, never>; res: MenuEntry[] };
  'blocLegal/menu/queryHideMyScore': { req: Record<string, never>; res: HideMenuSettings };
  'blocLegal/opinions/searchUserNoReadList': { req: Record<string, never>; res: UnreadState };
  'blocLegal/common/getAreaInfo': { req: AreaQuery; res: Area[] };
  'blocLegal/common/queryLogonCity': { req: Record<string, never>; res: LogonCity };
  'blocLegal/analytics/collect': { req: { events: string }; res: { stored: number } };
  'blocLegal/security/publicKey': { req: Record<string, never>; res: PublicKey };
}
