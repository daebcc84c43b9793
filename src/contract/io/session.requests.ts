/**
 * Request schemas of the session, menu and common calls, the captcha picture and the identity
 * provider's forms (decoded at the gateway's door).
 */
import type { Static } from 'typebox';
import { Empty, Flag12, OneOf, Text, Type } from '../fields';

/** One analytics event (docs/SPEC.md §7: page registration, exposure and click events). */
const AnalyticsEventSchema = Type.Object(
  {
    kind: OneOf(['page', 'exposure', 'click'] as const),
    page: Text(300),
    target: Type.Optional(Type.String({ maxLength: 200 })),
    platform: Type.Optional(Type.Literal('PC')),
    /** 1 when the SSO cookie is present, else 2. */
    loginFlag: Type.Optional(Flag12()),
  },
  { additionalProperties: false, errorKey: 'session.badEvent' },
);

/** The random name the portal gives a captcha picture: 8 to 64 letters, digits, - or _. */
/** The language an identity page was shown in (its forms answer in the same one). */
const Lang = () => OneOf(['en-US', 'zh-CN'] as const);

const RandName = () => Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', maxLength: 64, errorKey: 'captcha.badName' });

/** The identity page's own form token (http/formToken.ts): asked of a browser that states neither Sec-Fetch-Site nor Origin. */
const FormToken = () => Type.Optional(Type.String({ maxLength: 64 }));

export const sessionRequests = {
  'blocLegal/login/getLoginInfo': Empty(),
  'blocLegal/login/logout': Empty(),
  /**
   * The session proves its user again before what takes an account: the password (plain or sealed
   * with the gateway's key), or the code sent to the bound phone (sendMsg/sendSms, purpose verify-identity).
   */
  'blocLegal/login/reauthenticate': Type.Object({
    password: Type.Optional(Type.String({ maxLength: 2000 })),
    code: Type.Optional(Type.String({ pattern: '^\\d{6}$', maxLength: 6, errorKey: 'sms.badFormat' })),
  }),
  'blocLegal/login/cancleAuth': Empty(),
  'blocLegal/account/state': Empty(),
  'blocLegal/menu/getEcenterMenus': Empty(),
  'blocLegal/menu/queryHideMyScore': Empty(),
  'blocLegal/opinions/searchUserNoReadList': Empty(),
  'blocLegal/common/getAreaInfo': Type.Object({
    /** Left out for the provinces; a province's six-digit code for its cities. */
    parentCode: Type.Optional(Type.String({ pattern: '^\\d{6}$', maxLength: 6, errorKey: 'session.badProvinceCode' })),
  }),
  'blocLegal/common/queryLogonCity': Empty(),
  'blocLegal/analytics/collect': Type.Object({
    events: Type.Array(AnalyticsEventSchema, { minItems: 1, maxItems: 50, errorKey: 'session.eventCount' }),
  }),
  'blocLegal/security/publicKey': Empty(),
  'blocOther/checkCode/createCode': Type.Object({
    randName: RandName(),
    /** Cache-busting value the portal adds; not read. */
    random: Type.Optional(Type.String({ maxLength: 40 })),
  }),
  'idprovider/login': Type.Object({
    username: Type.Optional(Type.String({ maxLength: 64 })),
    password: Type.Optional(Type.String({ maxLength: 128 })),
    /** 'legal' from the corporate tab. */
    flag: Type.Optional(OneOf(['legal'] as const)),
    redirect: Type.Optional(Type.String({ maxLength: 500 })),
    /** The privacy consent's checkbox. */
    privacy: Type.Optional(OneOf(['1'] as const)),
    /** "Send code" (action=send) for the SMS code the page asks for after a few failures; else a login. */
    action: Type.Optional(OneOf(['send', 'login'] as const)),
    code: Type.Optional(Type.String({ maxLength: 10 })),
    lang: Type.Optional(Lang()),
    formToken: FormToken(),
  }),
  'idprovider/logout': Empty(),
  /** The registration page: "Send code" (action=send) or "Register" (action=register). */
  'idprovider/register': Type.Object({
    action: Type.Optional(OneOf(['send', 'register'] as const)),
    mobile: Type.Optional(Type.String({ maxLength: 20 })),
    code: Type.Optional(Type.String({ maxLength: 10 })),
    password: Type.Optional(Type.String({ maxLength: 128 })),
    confirm: Type.Optional(Type.String({ maxLength: 128 })),
    privacy: Type.Optional(OneOf(['1'] as const)),
    lang: Type.Optional(Lang()),
    formToken: FormToken(),
  }),
  /** The password reset page: "Send code" (action=send), then the code and the new password (action=reset). */
  'idprovider/reset': Type.Object({
    action: Type.Optional(OneOf(['send', 'reset'] as const)),
    account: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.Optional(Type.String({ maxLength: 10 })),
    password: Type.Optional(Type.String({ maxLength: 128 })),
    confirm: Type.Optional(Type.String({ maxLength: 128 })),
    flag: Type.Optional(OneOf(['legal'] as const)),
    lang: Type.Optional(Lang()),
    formToken: FormToken(),
  }),
};

export type AnalyticsEvent = Static<typeof AnalyticsEventSchema>;
export type LoginForm = Static<(typeof sessionRequests)['idprovider/login']>;
