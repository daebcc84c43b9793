import type { Locale } from './i18n';

/** Whose menu a page is in: a member's (personal) or a company's (legal). */
type Audience = 'personal' | 'legal';

/**
 * The heading a page shows first, by the page's registry name (the server menu's component) and
 * the user's audience: the gateway writes it into the index.html it answers for that page's path
 * (routes/portal.ts), so that the browser paints it before the portal's scripts have run; the page
 * renders the same words in the same place once they have. The pages read their heading from here
 * (their catalogues refer to it), so the two never differ.
 */
export const FIRST_HEADINGS = {
  Home: {
    personal: { 'en-US': 'Personal center', 'zh-CN': '个人中心' },
    legal: { 'en-US': 'Corporate customer home', 'zh-CN': '企业客户首页' },
  },
  PersonalPolicyList: {
    personal: { 'en-US': 'My policies', 'zh-CN': '我的保单' },
  },
} satisfies Record<string, Partial<Record<Audience, Record<Locale, string>>>>;

/** The heading of a page for an audience in a language, when the page has one to show first. */
export function firstHeading(page: string, audience: Audience, locale: Locale): string | undefined {
  const headings: Record<string, Partial<Record<Audience, Record<Locale, string>>> | undefined> = FIRST_HEADINGS;
  return Object.hasOwn(headings, page) ? headings[page]?.[audience]?.[locale] : undefined;
}

/** The class of the heading the gateway writes (styles.css gives it the look of the page's own). */
export const FIRST_HEADING_CLASS = 'mc-first-heading';
