/** The runtime configuration the gateway hands the portal in index.html (docs/DESIGN.md). */
import type { GroupRenewalBrief } from './io/policy';
import type { HideMenuSettings, LoginInfo, MenuEntry } from './io/session';

/** Links that leave the portal: the insurer's main site and its pages. */
interface ExternalLinks {
  mainPortal: string;
  /** The insurer's main site's home: the header's Home. */
  mainSite: string;
  products: string;
  wealth: string;
  serviceCenter: string;
  claimsCenter: string;
  about: string;
  /** The help centre (frequent questions) for everyone; legalHelpCenter is the corporate one. */
  helpCenter: string;
  /** The privacy policy (the footer's link, and the consent on the identity pages). */
  privacy: string;
  contact: string;
  /** The intelligent customer service (searchable questions and answers). */
  assistant: string;
  /** The satisfaction questionnaire. */
  questionnaire: string;
  legalHelpCenter: string;
  newCarValueAdded: string;
  identityProvider: string;
  register: string;
  memberCenter: string;
}

/** What the portal is told at start (embedded in index.html); nothing secret. */
export interface PortalConfig {
  routerBase: string;
  gatewayPrefix: string;
  /** The portal's name (the brand in the header, footer and document titles) in each language. */
  portalName: { 'en-US': string; 'zh-CN': string };
  defaultLocale: 'en-US' | 'zh-CN';
  /** The "development-check helper" of the specification: show top bar, header, footer, fixed nav. */
  showChrome: boolean;
  links: ExternalLinks;
}

/**
 * The answers of the shell's first calls (getLoginInfo, getEcenterMenus, queryHideMyScore) for the user
 * whose session cookie came with the request for index.html: the gateway writes them into it, so that
 * the portal draws its frame and asks for the page's own data at once instead of after three calls
 * made one after another. The portal still confirms the login with the call, as on every route change.
 */
export interface FirstAnswers {
  loginInfo: LoginInfo;
  menus: MenuEntry[];
  hideMenu: HideMenuSettings;
  /**
   * The answers of the first page's own calls the page shows at the top, by call: on the corporate
   * home, the company's group renewals (a notice arriving after the page had drawn pushed the page
   * down under a phone user's finger). The page shows them until its own call answers.
   */
  page?: { groupRenewals?: GroupRenewalBrief[] };
}

declare global {
  interface Window {
    __PORTAL_CONFIG__?: PortalConfig;
    __FIRST_ANSWERS__?: FirstAnswers;
  }
}
