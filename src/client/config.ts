import type { PortalConfig } from '@contract/portalConfig';

const fallback: PortalConfig = {
  routerBase: '/legal/',
  gatewayPrefix: '/gateway',
  portalName: { 'en-US': 'Member Center', 'zh-CN': '会员中心' },
  defaultLocale: 'en-US',
  showChrome: true,
  links: {
    mainPortal: '/idprovider/login',
    mainSite: '/site/',
    products: '/site/products',
    wealth: '/site/wealth',
    serviceCenter: '/site/service',
    claimsCenter: '/site/claims',
    about: '/site/about',
    helpCenter: '/site/help',
    privacy: '/site/privacy',
    contact: '/site/contact',
    assistant: '/site/assistant',
    questionnaire: '/site/questionnaire',
    legalHelpCenter: '/help/legal.html',
    newCarValueAdded: '/help/new-car.html',
    identityProvider: '/idprovider/login',
    register: '/idprovider/register',
    memberCenter: '/legal/',
  },
};

/** The configuration the gateway put in index.html; the standalone defaults when there is none. */
export function portalConfig(): PortalConfig {
  return window.__PORTAL_CONFIG__ ?? fallback;
}
