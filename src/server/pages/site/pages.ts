/** The bodies of the standalone install's own main-portal pages (the frame is frame.ts). */
import { formatDate } from '@common/time';
import { formatFen } from '@common/money';
import type { MessageKey } from '@server/messages/catalogue';
import type { Product } from '@server/services/products';
import type { Branch, FaqEntry, Fund, SiteContent, SurveyErrors } from '@server/services/site';
import { esc, siteHref, type SiteContext } from './frame';

type Pick2 = { en: string; zh: string };

/** The text of a pair in the page's language. */
const say = (c: SiteContext, pair: Pick2) => (c.locale === 'zh-CN' ? pair.zh : pair.en);
/** Fields named ...En / ...Zh in the page's language. */
function tr<T extends Record<string, unknown>>(c: SiteContext, item: T, field: string): string {
  return String(item[`${field}${c.locale === 'zh-CN' ? 'Zh' : 'En'}`] ?? '');
}
/** The colon between a label and its value: a full-width one in Chinese. */
const colon = (c: SiteContext) => (c.locale === 'zh-CN' ? '：' : ': ');
const portal = (c: SiteContext, rest: string) => `${c.routerBase}${rest}`;

function productCard(c: SiteContext, p: Product): string {
  const unitKey = `site.products.unit.${p.priceUnit}` as MessageKey;
  const unit = c.t(unitKey);
  return `<article class="card" data-product="${esc(p.code)}">
  <h3>${esc(say(c, { en: p.nameEn, zh: p.nameZh }))}</h3>
  <p class="muted">${esc(say(c, { en: p.summaryEn, zh: p.summaryZh }))}</p>
  <p class="price">${esc(c.t('site.products.from', { price: formatFen(p.priceFromFen), unit: unit === unitKey ? p.priceUnit : unit }))}</p>
  ${
    p.coverages.length
      ? `<ul class="cover" aria-label="${esc(c.t('site.products.coverage'))}">${p.coverages
          .map(
            (cv) =>
              `<li><span>${esc(say(c, { en: cv.nameEn, zh: cv.nameZh }))}</span><span>${esc(cv.sumInsuredFen > 0 ? c.t('site.products.sumInsured', { amount: formatFen(cv.sumInsuredFen) }) : c.t('site.products.included'))}</span></li>`,
          )
          .join('')}</ul>`
      : ''
  }
</article>`;
}

export function homeBody(c: SiteContext, content: SiteContent, featured: Product[]): string {
  const { home, categories } = content;
  return `<section class="hero">
  <h1>${esc(c.insurerName)}</h1>
  <p>${esc(tr(c, content.insurer, 'tagline'))}</p>
  <p>${esc(tr(c, home, 'intro'))}</p>
  <a class="mc" href="${esc(c.memberCenter)}">${esc(c.t('site.home.openMemberCenter'))}</a>
</section>
<div class="grid">${home.highlights.map((h) => `<div class="card"><h3>${esc(tr(c, h, 'title'))}</h3><p class="muted">${esc(tr(c, h, 'text'))}</p></div>`).join('')}</div>
<h2>${esc(c.t('site.home.categories'))}</h2>
<div class="grid">${categories
    .map(
      (cat) =>
        `<a class="card" style="text-decoration:none;color:inherit" href="${esc(siteHref('products', c.locale, {}, `#${cat.code}`))}"><h3>${esc(tr(c, cat, 'name'))}</h3><p class="muted">${esc(tr(c, cat, 'text'))}</p></a>`,
    )
    .join('')}</div>
<h2>${esc(c.t('site.home.featured'))}</h2>
<div class="grid">${featured.map((p) => productCard(c, p)).join('')}</div>
<p><a class="button" href="${esc(siteHref('products', c.locale))}">${esc(c.t('site.home.allProducts'))}</a></p>
<div class="grid">
  <div class="card"><h3>${esc(c.portalName)}</h3><p class="muted">${esc(c.t('site.home.memberCenterText'))}</p><p><a href="${esc(c.memberCenter)}">${esc(c.t('site.home.openMemberCenter'))}</a></p></div>
  <div class="card"><h3>${esc(c.t('site.home.ask'))}</h3><p class="muted">${esc(c.t('site.home.askText'))}</p><p><a href="${esc(siteHref('assistant', c.locale))}">${esc(c.t('site.nav.assistant'))}</a></p></div>
</div>`;
}

export function productsBody(
  c: SiteContext,
  content: SiteContent,
  groups: Array<{ code: string; products: Product[] }>,
): string {
  const name = (code: string) => {
    const cat = content.categories.find((x) => x.code === code);
    return cat ? tr(c, cat, 'name') : code;
  };
  return `<h1>${esc(c.t('site.nav.products'))}</h1>
<p class="lead">${esc(c.t('site.products.intro'))}</p>
<ul class="jump">${groups.map((g) => `<li><a href="#${esc(g.code)}">${esc(name(g.code))}</a></li>`).join('')}</ul>
${groups
  .map((g) => {
    const cat = content.categories.find((x) => x.code === g.code);
    return `<section id="${esc(g.code)}" data-category="${esc(g.code)}">
  <h2>${esc(name(g.code))} <span class="tag">${esc(c.t('site.products.count', { count: g.products.length }))}</span></h2>
  ${cat ? `<p class="muted">${esc(tr(c, cat, 'text'))}</p>` : ''}
  <div class="grid">${g.products.map((p) => productCard(c, p)).join('')}</div>
</section>`;
  })
  .join('\n')}`;
}

const navText = (navE4: number) => (navE4 / 10000).toFixed(4);

export function wealthBody(c: SiteContext, content: SiteContent, funds: Fund[], lifeSavings: Product[]): string {
  const { wealth } = content;
  const notes = c.locale === 'zh-CN' ? wealth.fundNotesZh : wealth.fundNotesEn;
  return `<h1>${esc(c.t('site.nav.wealth'))}</h1>
<p class="lead">${esc(tr(c, wealth, 'intro'))}</p>
<h2>${esc(c.t('site.wealth.plans'))}</h2>
<div class="grid">${wealth.plans
    .map(
      (p) => `<article class="card"><h3>${esc(tr(c, p, 'name'))}</h3>
  <p><span class="tag">${esc(c.t('site.wealth.risk'))} R${p.risk}</span></p>
  <p class="muted">${esc(tr(c, p, 'text'))}</p>
  <p>${esc(c.t('site.wealth.minimum'))}${colon(c)}<span class="price">${esc(formatFen(p.minFen))}</span></p>
  <p class="muted">${esc(c.t('site.wealth.term'))}${colon(c)}${esc(tr(c, p, 'term'))}</p></article>`,
    )
    .join('')}</div>
<h2>${esc(c.t('site.wealth.funds'))}</h2>
<table class="stack" data-testid="funds">
  <thead><tr><th>${esc(c.t('site.wealth.fund'))}</th><th>${esc(c.t('site.wealth.risk'))}</th><th>${esc(c.t('site.wealth.unitValue'))}</th></tr></thead>
  <tbody>${funds
    .map(
      (
        f,
      ) => `<tr><td data-label="${esc(c.t('site.wealth.fund'))}"><strong>${esc(say(c, f.name))}</strong> <span class="muted">${esc(f.code)}</span>${notes[f.code] ? `<br><span class="muted">${esc(notes[f.code])}</span>` : ''}</td>
  <td data-label="${esc(c.t('site.wealth.risk'))}">R${f.riskLevel}</td>
  <td class="num" data-label="${esc(c.t('site.wealth.unitValue'))}">¥${esc(navText(f.navE4))} <span class="muted">${esc(c.t('site.wealth.asOf', { date: f.navDate }))}</span></td></tr>`,
    )
    .join('')}</tbody>
</table>
${
  lifeSavings.length
    ? `<h2>${esc(c.t('site.wealth.lifeSavings'))}</h2><div class="grid">${lifeSavings.map((p) => productCard(c, p)).join('')}</div>`
    : ''
}
<p class="notice">${esc(tr(c, wealth, 'risk'))}</p>
<p><a class="button" href="${esc(portal(c, 'assets/riskEvaluating'))}">${esc(c.t('site.wealth.evaluate'))}</a></p>`;
}

function hotlineList(c: SiteContext): string {
  return `<div class="grid hotlines">${c.hotlines
    .map(
      (h) =>
        `<div class="card"><p class="muted">${esc(h.name)}</p><p><a class="hotnum" href="tel:${esc(h.number)}">${esc(h.number)}</a></p></div>`,
    )
    .join('')}</div>`;
}

export function serviceBody(c: SiteContext, content: SiteContent, branches: Branch[]): string {
  const col = (key: MessageKey) => esc(c.t(key));
  return `<h1>${esc(c.t('site.nav.service'))}</h1>
<p class="lead">${esc(content.contact[c.locale === 'zh-CN' ? 'hoursZh' : 'hoursEn'])}</p>
<h2>${esc(c.t('site.service.hotlines'))}</h2>
${hotlineList(c)}
<h2>${esc(c.t('site.service.services'))}</h2>
<div class="grid">${content.services.map((s) => `<div class="card"><h3>${esc(tr(c, s, 'title'))}</h3><p class="muted">${esc(tr(c, s, 'text'))}</p></div>`).join('')}</div>
<h2 id="branches">${esc(c.t('site.service.branches'))}</h2>
<table class="stack" data-testid="branches">
  <thead><tr><th>${col('site.service.city')}</th><th>${col('site.service.branch')}</th><th>${col('site.service.address')}</th><th>${col('site.service.phone')}</th><th>${col('site.service.hours')}</th></tr></thead>
  <tbody>${branches
    .map(
      (b) =>
        `<tr><td data-label="${col('site.service.city')}">${esc(say(c, b.city))}</td><td data-label="${col('site.service.branch')}">${esc(say(c, b.name))}</td><td data-label="${col('site.service.address')}">${esc(say(c, b.address))}</td><td class="num" data-label="${col('site.service.phone')}"><a href="tel:${esc(b.phone)}">${esc(b.phone)}</a></td><td data-label="${col('site.service.hours')}">${esc(say(c, b.hours))}</td></tr>`,
    )
    .join('')}</tbody>
</table>`;
}

export function claimsBody(c: SiteContext, content: SiteContent): string {
  const { claims } = content;
  return `<h1>${esc(c.t('site.nav.claims'))}</h1>
<p class="lead">${esc(c.t('site.claims.intro'))}</p>
<div class="actions">
  <a class="button primary" href="${esc(portal(c, 'claimReport?kind=car'))}">${esc(c.t('site.claims.reportCar'))}</a>
  <a class="button primary" href="${esc(portal(c, 'claimReport?kind=nonCar'))}">${esc(c.t('site.claims.reportNonCar'))}</a>
  <a class="button" href="${esc(portal(c, 'myclaims/claimList'))}">${esc(c.t('site.claims.follow'))}</a>
  <a class="button" href="tel:95518">95518</a>
</div>
<h2>${esc(c.t('site.claims.steps'))}</h2>
<ol class="steps">${claims.steps.map((s) => `<li><h3>${esc(tr(c, s, 'title'))}</h3><p class="muted">${esc(tr(c, s, 'text'))}</p></li>`).join('')}</ol>
<h2>${esc(c.t('site.claims.documents'))}</h2>
<div class="grid">${claims.documents
    .map((d) => {
      const items = c.locale === 'zh-CN' ? d.itemsZh : d.itemsEn;
      return `<div class="card"><h3>${esc(tr(c, d, 'kind'))}</h3><ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul></div>`;
    })
    .join('')}</div>`;
}

export function aboutBody(c: SiteContext, content: SiteContent): string {
  const { about } = content;
  const paragraphs = c.locale === 'zh-CN' ? about.paragraphsZh : about.paragraphsEn;
  return `<h1>${esc(c.t('site.nav.about'))}</h1>
${paragraphs.map((p, i) => `<p${i === 0 ? ' class="lead"' : ''}>${esc(p)}</p>`).join('\n')}
<div class="facts">${about.facts.map((f) => `<div><strong>${esc(tr(c, f, 'value'))}</strong>${esc(tr(c, f, 'label'))}</div>`).join('')}</div>
<h2>${esc(c.t('site.about.companies'))}</h2>
<ul>${about.companies.map((co) => `<li>${esc(tr(c, co, 'name'))}</li>`).join('')}</ul>`;
}

function faqItem(c: SiteContext, f: FaqEntry, open: boolean): string {
  const link = f.link ? `<p><a href="${esc(portal(c, f.link))}">${esc(c.t('site.help.open'))}</a></p>` : '';
  return open
    ? `<article class="answer" data-faq="${f.id}"><h3>${esc(say(c, f.question))}</h3><p>${esc(say(c, f.answer))}</p>${link}</article>`
    : `<details class="faq" data-faq="${f.id}"><summary>${esc(say(c, f.question))}</summary><p>${esc(say(c, f.answer))}</p>${link}</details>`;
}

export function helpBody(c: SiteContext, faq: FaqEntry[]): string {
  const topics = [...new Set(faq.map((f) => f.topic))];
  const topicName = (topic: string) => {
    const key = `site.topic.${topic}` as MessageKey;
    const text = c.t(key);
    return text === key ? topic : text;
  };
  return `<h1>${esc(c.t('site.nav.help'))}</h1>
<p class="lead">${esc(c.t('site.help.intro'))}</p>
<div class="actions">
  <a class="button primary" href="${esc(siteHref('assistant', c.locale))}">${esc(c.t('site.help.ask'))}</a>
  <a class="button" href="${esc(c.legalHelpCenter)}">${esc(c.t('site.help.corporate'))}</a>
  <a class="button" href="${esc(siteHref('contact', c.locale))}">${esc(c.t('site.nav.contact'))}</a>
</div>
<ul class="jump">${topics.map((tp) => `<li><a href="#${esc(tp)}">${esc(topicName(tp))}</a></li>`).join('')}</ul>
${topics
  .map(
    (tp) =>
      `<section id="${esc(tp)}"><h2>${esc(topicName(tp))}</h2>${faq
        .filter((f) => f.topic === tp)
        .map((f) => faqItem(c, f, false))
        .join('')}</section>`,
  )
  .join('\n')}`;
}

export function privacyBody(c: SiteContext, content: SiteContent): string {
  const { privacy } = content;
  return `<div class="privacy">
<h1>${esc(c.t('site.nav.privacy'))}</h1>
<p class="muted">${esc(c.t('site.privacy.updated', { date: privacy.updated }))}</p>
${privacy.sections.map((s) => `<section data-section><h2>${esc(tr(c, s, 'title'))}</h2><p>${esc(tr(c, s, 'text'))}</p></section>`).join('\n')}
</div>`;
}

export function contactBody(c: SiteContext, content: SiteContent): string {
  const { contact } = content;
  const mail = (label: MessageKey, address: string) =>
    `<p>${esc(c.t(label))}${colon(c)}<a href="mailto:${esc(address)}">${esc(address)}</a></p>`;
  return `<h1>${esc(c.t('site.nav.contact'))}</h1>
<p class="lead">${esc(tr(c, contact, 'hours'))}</p>
<h2>${esc(c.t('site.contact.hotlines'))}</h2>
${hotlineList(c)}
<h2>${esc(c.t('site.contact.write'))}</h2>
<div class="grid">
  <div class="card"><h3>${esc(c.t('site.contact.headOffice'))}</h3><p>${esc(tr(c, contact, 'address'))}</p></div>
  <div class="card">${mail('site.contact.email', contact.email)}${mail('site.contact.privacyEmail', contact.privacyEmail)}${mail('site.contact.mediaEmail', contact.mediaEmail)}</div>
  <div class="card"><h3>${esc(c.t('site.contact.complaints'))}</h3><p class="muted">${esc(c.t('site.contact.complaintsText'))}</p><p><a href="${esc(portal(c, 'myComplaintList'))}">${esc(c.t('site.contact.complaints'))}</a></p></div>
</div>
<p><a class="button" href="${esc(siteHref('service', c.locale, {}, '#branches'))}">${esc(c.t('site.contact.branches'))}</a></p>`;
}

export function assistantBody(c: SiteContext, query: string, results: FaqEntry[] | null, common: FaqEntry[]): string {
  const shown = query.trim();
  let answer = '';
  if (results && results.length > 0)
    answer = `<h2>${esc(c.t('site.assistant.found', { q: shown }))}</h2><div data-testid="answers">${results.map((f) => faqItem(c, f, true)).join('')}</div>`;
  else if (results)
    answer = `<p class="notice" role="status" data-testid="no-answer">${esc(c.t('site.assistant.none', { q: shown }))}</p>
<p><a class="button primary" href="tel:95518">${esc(c.t('site.hotline'))}</a></p>`;
  return `<h1>${esc(c.t('site.nav.assistant'))}</h1>
<p class="lead">${esc(c.t('site.assistant.intro'))}</p>
<form class="search" method="get" action="/site/assistant" role="search">
  <input type="hidden" name="lang" value="${esc(c.locale)}">
  <label for="q">${esc(c.t('site.assistant.label'))}</label>
  <input id="q" type="search" name="q" value="${esc(shown)}" maxlength="200" autocomplete="off" required>
  <button type="submit">${esc(c.t('site.assistant.search'))}</button>
</form>
${answer}
<h2>${esc(c.t('site.assistant.common'))}</h2>
${common.map((f) => faqItem(c, f, false)).join('')}`;
}

export interface SurveyModel {
  /** Who answers: null when nobody is logged in. */
  loggedIn: boolean;
  loginHref: string;
  answeredAt: string | null;
  values: Record<string, string>;
  errors: SurveyErrors;
  commentMax: number;
}

export function questionnaireBody(c: SiteContext, content: SiteContent, m: SurveyModel): string {
  const head = `<h1>${esc(c.t('site.nav.questionnaire'))}</h1>`;
  if (m.answeredAt)
    return `${head}<p class="notice" role="status" data-testid="survey-done">${esc(c.t('site.survey.already', { date: formatDate(m.answeredAt) }))}</p>
<p><a class="button" href="${esc(c.memberCenter)}">${esc(c.portalName)}</a></p>`;
  if (!m.loggedIn)
    return `${head}<p class="lead">${esc(c.t('site.survey.intro'))}</p>
<p class="notice" data-testid="survey-login">${esc(c.t('site.survey.login'))}</p>
<p><a class="button primary" href="${esc(m.loginHref)}">${esc(c.t('site.survey.logIn'))}</a></p>`;
  const hasErrors = Object.keys(m.errors).length > 0;
  const errorOf = (field: string) =>
    m.errors[field]
      ? `<p class="field-error" id="${esc(field)}-error">${esc(c.t(m.errors[field], { max: m.commentMax }))}</p>`
      : '';
  const fields = content.questionnaire.questions
    .map(
      (
        q,
      ) => `<fieldset${m.errors[q.code] ? ' class="invalid" aria-invalid="true"' : ''} data-question="${esc(q.code)}"${m.errors[q.code] ? ` aria-describedby="${esc(q.code)}-error"` : ''}>
  <legend>${esc(tr(c, q, 'text'))}</legend>
  <div class="options">${q.options
    .map(
      (o) =>
        `<label><input type="radio" name="${esc(q.code)}" value="${esc(o.value)}"${m.values[q.code] === o.value ? ' checked' : ''}> ${esc(c.locale === 'zh-CN' ? o.zh : o.en)}</label>`,
    )
    .join('')}</div>
  ${errorOf(q.code)}
</fieldset>`,
    )
    .join('\n');
  return `${head}
<p class="lead">${esc(c.t('site.survey.intro'))}</p>
${hasErrors ? `<p class="error" role="alert" data-testid="survey-errors">${esc(c.t('site.survey.errors'))}</p>` : ''}
<form method="post" action="/site/questionnaire" novalidate>
  <input type="hidden" name="lang" value="${esc(c.locale)}">
  ${fields}
  <fieldset${m.errors.comment ? ' class="invalid" aria-invalid="true"' : ''}>
    <legend><label for="comment">${esc(c.t('site.survey.comment'))}</label></legend>
    <textarea id="comment" name="comment" maxlength="${m.commentMax}">${esc(m.values.comment ?? '')}</textarea>
    <p class="muted">${esc(c.t('site.survey.commentHint', { max: m.commentMax }))}</p>
    ${errorOf('comment')}
  </fieldset>
  <button type="submit">${esc(c.t('site.survey.submit'))}</button>
</form>`;
}

export function thanksBody(c: SiteContext): string {
  return `<h1>${esc(c.t('site.survey.thanks'))}</h1>
<p class="notice" role="status" data-testid="survey-thanks">${esc(c.t('site.survey.thanksText'))}</p>
<div class="actions"><a class="button primary" href="${esc(c.memberCenter)}">${esc(c.portalName)}</a><a class="button" href="${esc(siteHref('home', c.locale))}">${esc(c.t('site.nav.home'))}</a></div>`;
}
