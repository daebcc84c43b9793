/**
 * The frame of the standalone install's own main-portal pages (/site/...): the insurer's header with
 * its navigation, a language switch and the way back to the Member Center, the footer with help links
 * and hotlines. Server-rendered, no script; fine from 320 px up.
 */
import { INSURER } from '@common/insurer';
import type { Locale } from '@common/i18n';
import type { Translate } from '@server/messages/catalogue';

export const esc = (value: string | number) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The pages of the site, by key: their address under /site/ and their name in the navigation. */
export const SITE_PAGES = {
  home: { path: '', nav: 'site.nav.home' },
  products: { path: 'products', nav: 'site.nav.products' },
  wealth: { path: 'wealth', nav: 'site.nav.wealth' },
  service: { path: 'service', nav: 'site.nav.service' },
  claims: { path: 'claims', nav: 'site.nav.claims' },
  about: { path: 'about', nav: 'site.nav.about' },
  help: { path: 'help', nav: 'site.nav.help' },
  privacy: { path: 'privacy', nav: 'site.nav.privacy' },
  contact: { path: 'contact', nav: 'site.nav.contact' },
  assistant: { path: 'assistant', nav: 'site.nav.assistant' },
  questionnaire: { path: 'questionnaire', nav: 'site.nav.questionnaire' },
  verify: { path: 'verify', nav: 'site.nav.verify' },
} as const;
export type SitePage = keyof typeof SITE_PAGES;

const HEADER_NAV: SitePage[] = ['home', 'products', 'wealth', 'service', 'claims', 'about'];
const FOOTER_HELP: SitePage[] = ['help', 'assistant', 'verify', 'questionnaire', 'privacy', 'contact'];

/** What every page of the site knows about its request. */
export interface SiteContext {
  locale: Locale;
  t: Translate;
  /** The insurer's everyday name (brand, titles) and legal name (copyright): src/common/insurer.ts. */
  insurerName: string;
  insurerLegalName: string;
  portalName: string;
  /** The Member Center's address (LINK_MEMBER_CENTER). */
  memberCenter: string;
  /** The router base, for links to the portal's own pages. */
  routerBase: string;
  legalHelpCenter: string;
  hotlines: Array<{ name: string; number: string }>;
  year: number;
}

/** A page's address in the language being read (and any extra query, such as a search). */
export function siteHref(page: SitePage, locale: Locale, extra: Record<string, string> = {}, hash = ''): string {
  const query = new URLSearchParams({ lang: locale, ...extra });
  return `/site/${SITE_PAGES[page].path}?${query}${hash}`;
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:-apple-system,"Segoe UI","PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f2937;background:#f5f7fa;line-height:1.6;overflow-wrap:break-word}
html[lang="en-US"] body{font-family:-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Liberation Sans",sans-serif,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC"}
a{color:#0b5ed7}
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:2px solid #93c5fd;outline-offset:2px}
.wrap{max-width:1180px;margin:0 auto;padding:0 20px}
.strip{background:#0b3d91;color:#dbe7ff;font-size:13px}
.strip .wrap{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center;justify-content:space-between;padding-top:6px;padding-bottom:6px}
.strip a{color:#fff;text-decoration:none}
.strip a:hover{text-decoration:underline}
.langs{display:flex;gap:10px;align-items:center}
.langs a[aria-current]{font-weight:700;text-decoration:underline}
.top{background:#fff;border-bottom:1px solid #e5e7eb}
.top .wrap{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;justify-content:space-between;padding-top:14px;padding-bottom:14px}
.brand{font-size:22px;font-weight:700;color:#0b3d91;text-decoration:none;white-space:nowrap;display:inline-flex;align-items:center;gap:8px}
.mc{display:inline-block;background:#0b5ed7;color:#fff;border-radius:6px;padding:8px 16px;text-decoration:none;font-weight:600;white-space:nowrap}
.mc:hover{background:#0a53be}
nav.main{background:#fff;border-bottom:1px solid #e5e7eb}
nav.main ul{list-style:none;margin:0 auto;max-width:1180px;padding:0 12px;display:flex;flex-wrap:wrap}
nav.main a{display:block;padding:12px 12px;color:#374151;text-decoration:none;font-weight:600;border-bottom:3px solid transparent}
nav.main a:hover{color:#0b5ed7}
nav.main a[aria-current]{color:#0b5ed7;border-bottom-color:#0b5ed7}
main{padding:28px 0 40px}
h1{font-size:28px;line-height:1.3;margin:0 0 8px;color:#0b3d91}
h2{font-size:20px;margin:28px 0 12px;color:#111827}
h3{font-size:17px;margin:0 0 6px}
.lead{font-size:16px;color:#4b5563;margin:0 0 20px;max-width:820px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:18px}
.card p{margin:4px 0}
.hotlines{grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
.hotnum{font-size:22px;font-weight:700;text-decoration:none;white-space:nowrap}
.privacy section h2{margin-top:14px}
.muted{color:#6b7280;font-size:14px}
.price{font-weight:700;color:#b45309}
.tag{display:inline-block;background:#eff6ff;color:#1e40af;border-radius:4px;padding:0 8px;font-size:13px}
.cover{margin:8px 0 0;padding:0;list-style:none;font-size:14px}
.cover li{display:flex;justify-content:space-between;gap:12px;border-top:1px dashed #e5e7eb;padding:4px 0}
.cover li span:last-child{white-space:nowrap;color:#374151}
.hero{background:linear-gradient(135deg,#0b3d91 0%,#1d6fd8 100%);color:#fff;border-radius:12px;padding:32px 28px;margin-bottom:24px}
.hero h1{color:#fff}
.hero p{color:#dbe7ff;max-width:760px}
.hero .mc{background:#fff;color:#0b3d91;margin-top:8px}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}
.button{display:inline-block;border:1px solid #0b5ed7;color:#0b5ed7;background:#fff;border-radius:6px;padding:8px 14px;text-decoration:none;font-weight:600}
.button.primary{background:#0b5ed7;color:#fff}
.jump{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 8px;padding:0;list-style:none}
.jump a{display:inline-block;background:#fff;border:1px solid #d1d5db;border-radius:16px;padding:2px 12px;text-decoration:none;color:#374151;font-size:14px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e5e7eb;border-radius:10px;overflow:hidden}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top;font-size:14px}
th{background:#f9fafb;color:#374151}
td.num{white-space:nowrap}
ol.steps{counter-reset:step;list-style:none;padding:0;margin:0;display:grid;gap:12px}
ol.steps li{counter-increment:step;background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px 14px 14px 56px;position:relative}
ol.steps li::before{content:counter(step);position:absolute;left:14px;top:14px;width:28px;height:28px;border-radius:50%;background:#0b5ed7;color:#fff;text-align:center;line-height:28px;font-weight:700}
.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:12px}
.facts div{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px;text-align:center}
.facts strong{display:block;font-size:22px;color:#0b3d91}
details.faq{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:0 0 8px;padding:0 14px}
details.faq summary{cursor:pointer;padding:10px 0;font-weight:600}
details.faq p{margin:0 0 12px}
.answer{background:#fff;border:1px solid #e5e7eb;border-left:4px solid #0b5ed7;border-radius:8px;padding:14px;margin:0 0 12px}
.answer h3{margin-bottom:4px}
.answer p{margin:0 0 6px}
.notice{background:#eff6ff;color:#1e40af;border:1px solid #bfdbfe;padding:12px 14px;border-radius:8px;margin:16px 0}
.error{background:#fef2f2;color:#b91c1c;border:1px solid #fecaca;padding:12px 14px;border-radius:8px;margin:0 0 16px}
.field-error{color:#b91c1c;font-size:14px;margin:4px 0 0}
.ok{background:#f0fdf4;color:#166534;border:1px solid #bbf7d0;padding:12px 14px;border-radius:8px;margin:0 0 16px}
dl.facts-list{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:16px 18px;margin:0 0 16px}
dl.facts-list dt{color:#6b7280}
dl.facts-list dd{margin:0;font-weight:600}
.nowrap{white-space:nowrap}
form.search{display:flex;gap:8px;flex-wrap:wrap;margin:0 0 20px}
form.search label{flex:1 1 100%;font-weight:600}
form.search input{flex:1 1 220px;min-width:0;font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:6px}
button{font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:6px;background:#0b5ed7;color:#fff;cursor:pointer}
button:hover{background:#0a53be}
fieldset{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px 16px;margin:0 0 14px;min-width:0}
fieldset.invalid{border-color:#f87171}
legend{font-weight:600;padding:0 4px}
.options{display:flex;flex-wrap:wrap;gap:8px 18px;margin-top:6px}
.options label{display:flex;gap:6px;align-items:center}
textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:6px;min-height:110px}
.privacy section{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:4px 18px 12px;margin:0 0 12px}
footer.site{background:#111827;color:#d1d5db;font-size:14px;padding:28px 0}
footer.site .cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:20px}
footer.site h2{color:#fff;font-size:15px;margin:0 0 8px}
footer.site ul{list-style:none;margin:0;padding:0}
footer.site li{margin:4px 0}
footer.site a{color:#e5e7eb}
footer.site .copy{margin:20px 0 0;color:#9ca3af}
@media (max-width:640px){
  .wrap{padding:0 14px}
  h1{font-size:23px}
  .hero{padding:22px 18px}
  nav.main ul{padding:0 6px}
  nav.main a{padding:8px 8px;font-size:14px}
  table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
  table.stack thead{display:none}
  table.stack tr{border-bottom:1px solid #e5e7eb;padding:6px 0}
  table.stack td{border:0;padding:3px 12px}
  table.stack td::before{content:attr(data-label);display:block;font-size:12px;color:#6b7280}
  td.num{white-space:normal}
  dl.facts-list{grid-template-columns:1fr;gap:2px}
  dl.facts-list dd{margin:0 0 8px}
  .hotlines{grid-template-columns:1fr 1fr;gap:10px}
  .hotlines .card{padding:12px}
  .hotnum{font-size:17px}
}
`;

/** A whole page of the site: the frame around a page's own content. */
export function renderSitePage(
  c: SiteContext,
  page: SitePage,
  content: { title: string; body: string; keep?: Record<string, string> },
): string {
  const { t, locale } = c;
  const other: Array<[Locale, string]> = [
    ['en-US', 'English'],
    ['zh-CN', '中文'],
  ];
  const nav = (pages: SitePage[], current: boolean) =>
    pages
      .map(
        (p) =>
          `<li><a href="${esc(siteHref(p, locale))}"${current && p === page ? ' aria-current="page"' : ''}>${esc(t(SITE_PAGES[p].nav))}</a></li>`,
      )
      .join('');
  const langs = other
    .map(
      ([l, name]) =>
        `<a href="${esc(`/site/${SITE_PAGES[page].path}?${new URLSearchParams({ ...content.keep, lang: l })}`)}" hreflang="${l}" lang="${l}" data-lang="${l}"${l === locale ? ' aria-current="true"' : ''}>${name}</a>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(content.title)} - ${esc(c.insurerName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<div class="strip"><div class="wrap">
  <span>${esc(t('site.hotline'))}</span>
  <span class="langs" aria-label="${esc(t('site.language'))}" role="group">${langs}</span>
</div></div>
<header class="top"><div class="wrap">
  <a class="brand" href="${esc(siteHref('home', locale))}"><img src="${esc(INSURER.logo)}" alt="" width="28" height="28">${esc(c.insurerName)}</a>
  <a class="mc" href="${esc(c.memberCenter)}" data-testid="member-center">${esc(c.portalName)}</a>
</div></header>
<nav class="main" aria-label="${esc(t('site.nav.label'))}"><ul>${nav(HEADER_NAV, true)}</ul></nav>
<main id="main"><div class="wrap">
${content.body}
</div></main>
<footer class="site"><div class="wrap">
  <div class="cols">
    <section><h2>${esc(c.insurerName)}</h2><ul>${nav(['about', 'service', 'claims'], false)}<li><a href="${esc(c.memberCenter)}">${esc(c.portalName)}</a></li></ul></section>
    <section><h2>${esc(t('site.footer.help'))}</h2><ul>${nav(FOOTER_HELP, false)}</ul></section>
    <section><h2>${esc(t('site.footer.hotlines'))}</h2><ul>${c.hotlines.map((h) => `<li>${esc(h.name)} <a href="tel:${esc(h.number)}">${esc(h.number)}</a></li>`).join('')}</ul></section>
  </div>
  <p class="copy">${esc(t('site.footer.copyright', { year: c.year, name: c.insurerLegalName }))}</p>
</div></footer>
</body>
</html>`;
}
