import type { Locale } from './i18n';

/**
 * The insurer behind the Member Center, said once for every part of the product: the portal, the
 * main-site pages, PDFs, invoices, SMS texts and the cashier take its name, short name, logo and
 * hotline from here.
 */
export const INSURER: {
  /** The legal name: documents, invoices, copyright lines. */
  name: Record<Locale, string>;
  /** The everyday name: brands, page titles, the SMS signature. */
  shortName: Record<Locale, string>;
  /** The national service hotline. */
  hotline: string;
  /** The logo (an SVG the gateway serves). */
  logo: string;
} = {
  name: { 'en-US': 'Huaxin Insurance Group Co., Ltd.', 'zh-CN': '华信保险集团股份有限公司' },
  shortName: { 'en-US': 'Huaxin Insurance Group', 'zh-CN': '华信保险集团' },
  hotline: '95518',
  logo: '/favicon.svg',
};

/**
 * The insurer's service promises, configured once and said the same wherever they are said: the claim
 * confirmation, the claims centre's steps, the main site's pages.
 */
export const PROMISES = {
  /** A surveyor contacts the customer of a motor claim within these hours. */
  surveyHours: 2,
  /** The insurer contacts the customer of any other claim within these working days. */
  contactDays: 1,
  /** A motor accident is to be reported within these hours. */
  motorReportHours: 48,
  /** Any other loss is to be reported within these days. */
  otherReportDays: 10,
  /** A complaint is answered within these days of its filing (its deadline). */
  complaintDays: 15,
  /** An approved claim is paid within these days of its approval. */
  claimPayDays: 10,
  /** A refund reaches the holder's account within these days of its request. */
  refundDays: 7,
  /** A member may renew a personal policy online from these days before its end... */
  renewBeforeDays: 60,
  /** ...until these days after it (a lapsed policy's renewal starts the day after it is ordered). */
  renewAfterDays: 60,
  /**
   * A company's group policy has its renewal for the next policy year prepared these days before its
   * end (the gateway's GROUP_RENEW_BEFORE_DAYS may say otherwise); unpaid, it lapses on the end date.
   */
  groupRenewBeforeDays: 60,
} as const;

/** A text with the promises' placeholders ({surveyHours}, {contactDays}, ...) filled in. */
export const withPromises = (text: string): string =>
  text.replace(new RegExp(`\\{(${Object.keys(PROMISES).join('|')})\\}`, 'g'), (_, k: keyof typeof PROMISES) =>
    String(PROMISES[k]),
  );

/** The insurer's words every text may use: {insurer}, {insurerShort}, {hotline} and the promises. */
export const insurerWords = (locale: Locale) => ({
  insurer: INSURER.name[locale],
  insurerShort: INSURER.shortName[locale],
  hotline: INSURER.hotline,
  ...PROMISES,
});
