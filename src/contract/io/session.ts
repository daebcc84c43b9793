/** Answers of the session, menu and common calls (requests: session.requests.ts). */
import {
  Bool,
  FileBody,
  HtmlPage,
  Int,
  List,
  NoData,
  Nullable,
  Obj,
  Str,
  Type,
  Words,
  type Static,
} from '../answerFields';
import { ROLES } from '../roles';

export const LoginInfo = Obj({
  nickName: Str(),
  showApp: Int(),
  legalFlag: Int('1 = corporate (legal-entity) customer'),
  userAnk: Int('1 = senior member'),
  userName: Str(),
  userId: Int(),
  customerName: Str(),
  ssoId: Str("the public id of the session, equal to the SSO cookie's value"),
  role: Words(ROLES, "a company user's role (a member is their own account's administrator)"),
});
export type LoginInfo = Static<typeof LoginInfo>;

export const Reauthenticated = Obj({
  validForSeconds: Int('how long what takes an account may be done without asking again (seconds)'),
});
export type Reauthenticated = Static<typeof Reauthenticated>;

export const AccountState = Obj({
  state: Int('1 = active, 2 = cancelled'),
  stateText: Str(),
  legalFlag: Int(),
  customerName: Str(),
  privacyAuthorised: Int(),
});
export type AccountState = Static<typeof AccountState>;

const MenuMeta = Obj({ title: Str(), icon: Str(), requireAuth: Bool(), leftMenu: Bool() });

/** The menu is a tree: an entry's children are entries (a recursive schema, `$ref` to itself). */
export const MenuEntry = Type.Cyclic(
  {
    MenuEntry: Obj({
      name: Str(),
      path: Str(),
      component: Str(),
      hidden: Bool(),
      meta: MenuMeta,
      children: List(Type.Ref('MenuEntry')),
    }),
  },
  'MenuEntry',
);
export type MenuEntry = Static<typeof MenuEntry>;

export const HideMenuSettings = Obj({
  hide_menu: Int('1 = hide two entries of the sixth top-level menu from its third child on'),
});
export type HideMenuSettings = Static<typeof HideMenuSettings>;

export const UnreadState = Obj({ userReadFlag: Int('2 = there are unread replies') });
export type UnreadState = Static<typeof UnreadState>;

export const Area = Obj({ code: Str(), name: Str() });
export type Area = Static<typeof Area>;

export const LogonCity = Obj({ current: Nullable(Area), cities: List(Area) });
export type LogonCity = Static<typeof LogonCity>;

export type { AnalyticsEvent } from './session.requests';

export const PublicKey = Obj({
  publicKey: Str("PEM of the gateway's RSA public key, for wrapping the AES key of encrypted values"),
  keyId: Str(),
});
export type PublicKey = Static<typeof PublicKey>;

export const sessionAnswers = {
  'blocLegal/login/getLoginInfo': LoginInfo,
  'blocLegal/login/logout': NoData(),
  'blocLegal/login/reauthenticate': Reauthenticated,
  'blocLegal/login/cancleAuth': NoData(),
  'blocLegal/account/state': AccountState,
  'blocLegal/menu/getEcenterMenus': List(MenuEntry),
  'blocLegal/menu/queryHideMyScore': HideMenuSettings,
  'blocLegal/opinions/searchUserNoReadList': UnreadState,
  'blocLegal/common/getAreaInfo': List(Area),
  'blocLegal/common/queryLogonCity': LogonCity,
  'blocLegal/analytics/collect': Obj({ stored: Int() }),
  'blocLegal/security/publicKey': PublicKey,
  'blocOther/checkCode/createCode': FileBody('the captcha picture', ['image/png']),
  'idprovider/login': HtmlPage('the login page again, with what was wrong; or a redirect (303) into the portal'),
  'idprovider/logout': HtmlPage('a redirect (303) to the login page'),
  'idprovider/register': HtmlPage('the registration page, with what happened'),
  'idprovider/reset': HtmlPage('the password reset page, with what happened'),
};
