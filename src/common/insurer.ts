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

/** The insurer's words every text may use: {insurer}, {insurerShort}, {hotline}. */
export const insurerWords = (locale: Locale) => ({
  insurer: INSURER.name[locale],
  insurerShort: INSURER.shortName[locale],
  hotline: INSURER.hotline,
});
