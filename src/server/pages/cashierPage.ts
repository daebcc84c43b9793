import { INSURER } from '@common/insurer';
import { formatDateTime } from '@common/time';
import type { Locale } from '@common/i18n';
import { formatFen } from '@common/money';
import { CASHIER_CHANNEL } from '@common/cashierChannel';
import { translator, type MessageKey } from '../messages/catalogue';
import type { CashierLine, CashierPurpose, CashierView } from '../services/payments/cashier';

/**
 * The gateway's own cashier, the page a payment provider would show: the insurer's brand, the amount
 * and what it pays for, the payment methods, and, because the install's provider is a test one, a
 * clearly marked sandbox panel where the payer chooses the provider's answer. Plain forms; one
 * inline script (its nonce in the answer's Content-Security-Policy) on the page that shows an
 * attempt's result, telling the portal's pages of the same origin to ask for the payment at once.
 */

export const PAY_METHODS = ['wechat', 'alipay', 'card'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export interface CashierPageModel {
  /** Where the payment form posts. */
  formAction: string;
  view: CashierView;
  purpose: CashierPurpose;
  /** The reference the amount pays for (correction, order, application or policy number). */
  reference: string;
  lines: CashierLine[];
  /** What the last attempt came to (the `done` of the address), with the method used. */
  done: { outcome: 'paid' | 'failed' | 'already'; method: PayMethod | null } | null;
  locale: Locale;
  portalName: string;
  /** The portal page that shows what was paid. */
  returnHref: string;
  /** This page in the other language. */
  otherLanguageHref: string;
  /** The nonce of the page's one inline script (the result's message on the cashier channel). */
  scriptNonce: string;
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const ICONS: Record<PayMethod, string> = {
  wechat:
    '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#07c160"/><ellipse cx="13.5" cy="14" rx="7.5" ry="6" fill="#fff"/><ellipse cx="20" cy="19" rx="6" ry="4.8" fill="#fff" stroke="#07c160" stroke-width="1.2"/><circle cx="11" cy="13" r="1.1" fill="#07c160"/><circle cx="16" cy="13" r="1.1" fill="#07c160"/></svg>',
  alipay:
    '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#1677ff"/><text x="16" y="22" font-size="17" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">支</text></svg>',
  card: '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#c8102e"/><rect x="6" y="9" width="20" height="14" rx="2" fill="#fff"/><rect x="6" y="12" width="20" height="3" fill="#1f2937"/><rect x="9" y="18" width="6" height="2" fill="#9ca3af"/></svg>',
};

/** The sentence of a payment's state, worded for what it pays for. */
function statusKey(status: CashierView['status'], purpose: CashierPurpose): MessageKey | null {
  const family = purpose === 'application' ? 'order' : purpose;
  switch (status) {
    case 'missing':
    case 'expired':
    case 'failed':
      return `cashier.status.${status}`;
    case 'paid':
    case 'closed':
      return `cashier.status.${status}.${family}`;
    default:
      return null;
  }
}

export function renderCashierPage(m: CashierPageModel): string {
  const t = translator(m.locale);
  const { view } = m;
  const canPay = view.status === 'open' || view.status === 'failed';
  const paid = view.status === 'paid';
  const doneKey: MessageKey | null = m.done ? `cashier.notice.${m.done.outcome}` : null;
  const message = doneKey
    ? t(doneKey)
    : (() => {
        const key = statusKey(view.status, m.purpose);
        return key ? t(key) : '';
      })();
  const tone = paid ? 'good' : canPay && !(m.done?.outcome === 'failed') ? '' : 'bad';
  const amount =
    view.amountFen !== undefined
      ? `<p class="amount-label">${escape(t(paid ? 'cashier.amountPaid' : 'cashier.amountDue'))}</p>
    <p class="amount" data-amount-fen="${view.amountFen}">${escape(formatFen(view.amountFen))}</p>
    ${m.reference ? `<p class="purpose">${escape(t(`cashier.paysFor.${m.purpose}`, { ref: m.reference }))}</p>` : ''}`
      : '';
  const lines = m.lines.length
    ? `<dl class="lines">${m.lines
        .map(
          ([key, value]) =>
            `<div><dt>${escape(t(`cashier.line.${key}`))}</dt><dd>${escape(key === 'payBy' ? t(value === 'transfer' ? 'cashier.payBy.transfer' : 'cashier.payBy.online') : value)}</dd></div>`,
        )
        .join('')}</dl>`
    : '';
  const deadline =
    canPay && view.expiresAt
      ? `<p class="deadline">${escape(t('cashier.validUntil', { time: formatDateTime(view.expiresAt) }))}</p>`
      : '';
  const paidWith =
    paid && m.done?.method
      ? `<p class="paid-with">${escape(t('cashier.paidWith', { method: t(`cashier.method.${m.done.method}`) }))}</p>`
      : '';
  const chosen: PayMethod = m.done?.method ?? 'wechat';
  const form = canPay
    ? `<form method="post" action="${escape(m.formAction)}">
    <fieldset class="methods">
      <legend>${escape(t('cashier.methods'))}</legend>
      ${PAY_METHODS.map(
        (method) => `<label class="method">
        <input type="radio" name="method" value="${method}"${method === chosen ? ' checked' : ''}>
        <span class="icon">${ICONS[method]}</span>
        <span class="method-text"><strong>${escape(t(`cashier.method.${method}`))}</strong><small>${escape(t(`cashier.method.${method}.hint`))}</small></span>
      </label>`,
      ).join('\n      ')}
    </fieldset>
    <fieldset class="sandbox" data-testid="sandbox">
      <legend>${escape(t('cashier.sandbox.title'))}</legend>
      <p>${escape(t('cashier.sandbox.text'))}</p>
      <label><input type="radio" name="outcome" value="succeed" checked> ${escape(t('cashier.sandbox.succeed'))}</label>
      <label><input type="radio" name="outcome" value="decline"> ${escape(t('cashier.sandbox.decline'))}</label>
    </fieldset>
    <button class="pay" type="submit">${escape(t('cashier.pay'))}</button>
  </form>`
    : '';
  const other = m.locale === 'zh-CN' ? 'English' : '中文';
  // The result of an attempt shown: the portal's pages watching the payment ask the gateway at once.
  const report = m.done
    ? `<script nonce="${escape(m.scriptNonce)}">try{var c=new BroadcastChannel(${JSON.stringify(CASHIER_CHANNEL)});c.postMessage(${JSON.stringify({ outcome: m.done.outcome })});c.close();}catch(e){}</script>`
    : '';
  return `<!doctype html>
<html lang="${m.locale === 'zh-CN' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escape(t('cashier.title'))} - ${escape(m.portalName)}</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font-family: -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; background: #f3f5f9; color: #1f2937; }
  .top { background: #0b3d91; color: #fff; }
  .top-in { max-width: 640px; margin: 0 auto; padding: 12px 16px; display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
  .brand { display: flex; align-items: center; gap: 8px; font-weight: 600; font-size: 17px; margin-right: auto; }
  .brand img { width: 28px; height: 28px; }
  .top small { opacity: .85; font-size: 13px; white-space: nowrap; }
  .top a { color: #fff; font-size: 13px; }
  main { max-width: 640px; margin: 24px auto 40px; padding: 0 16px; }
  .card { background: #fff; border-radius: 10px; box-shadow: 0 6px 20px rgba(15,23,42,.08); padding: 24px; margin-bottom: 16px; }
  h1 { font-size: 18px; margin: 0 0 12px; display: flex; align-items: center; gap: 8px; }
  h1 .lock { color: #059669; font-size: 13px; font-weight: normal; border: 1px solid #a7f3d0; background: #ecfdf5; border-radius: 12px; padding: 1px 10px; }
  .amount-label { margin: 0; color: #6b7280; font-size: 13px; }
  .amount { font-size: 34px; font-weight: 600; color: #c2410c; margin: 4px 0; white-space: nowrap; }
  .purpose { margin: 0 0 12px; color: #374151; }
  .lines { margin: 0; border-top: 1px solid #eef0f4; font-size: 14px; }
  .lines div { display: flex; gap: 12px; padding: 7px 0; border-bottom: 1px solid #f3f4f6; }
  .lines dt { color: #6b7280; flex: 0 0 34%; }
  .lines dd { margin: 0; overflow-wrap: anywhere; }
  .deadline { margin: 12px 0 0; color: #6b7280; font-size: 13px; }
  .notice { padding: 10px 12px; border-radius: 6px; background: #eef2ff; margin: 0 0 16px; font-size: 14px; }
  .notice.good { background: #ecfdf5; color: #065f46; }
  .notice.bad { background: #fef2f2; color: #991b1b; }
  .paid-with { margin: 0 0 16px; color: #065f46; }
  fieldset { border: 0; margin: 0 0 16px; padding: 0; }
  legend { font-weight: 600; margin-bottom: 8px; padding: 0; }
  .method { display: flex; align-items: center; gap: 12px; min-height: 56px; padding: 10px 12px; border: 1px solid #d1d5db; border-radius: 8px; margin-bottom: 8px; cursor: pointer; }
  .method:has(input:checked) { border-color: #1d6fd8; background: #f0f6ff; }
  .method input { width: 18px; height: 18px; margin: 0; }
  .icon svg { width: 32px; height: 32px; display: block; }
  .method-text { display: grid; }
  .method-text small { color: #6b7280; }
  .sandbox { border: 2px dashed #f59e0b; background: #fffbeb; border-radius: 8px; padding: 10px 14px 12px; }
  .sandbox legend { color: #92400e; padding: 0 6px; margin: 0; }
  .sandbox p { margin: 4px 0 8px; font-size: 13px; color: #78350f; }
  .sandbox label { display: flex; align-items: center; gap: 8px; min-height: 36px; font-size: 14px; }
  button.pay, a.button { display: block; width: 100%; text-align: center; font: inherit; font-size: 17px; font-weight: 600; padding: 13px; border-radius: 8px; border: 0; background: #1d6fd8; color: #fff; cursor: pointer; text-decoration: none; }
  button.pay:hover, a.button:hover { background: #1559b3; }
  a.button.secondary { background: #fff; color: #1d6fd8; border: 1px solid #1d6fd8; }
  .footnote { text-align: center; color: #9ca3af; font-size: 12px; }
</style>
</head>
<body>
<header class="top"><div class="top-in">
  <span class="brand"><img src="${escape(INSURER.logo)}" alt="">${escape(INSURER.shortName[m.locale])}</span>
  <small>${escape(t('cashier.hotline'))}</small>
  <a href="${escape(m.otherLanguageHref)}" lang="${m.locale === 'zh-CN' ? 'en' : 'zh-CN'}">${other}</a>
</div></header>
<main data-status="${view.status}">
  <section class="card">
    <h1>${escape(t('cashier.title'))} <span class="lock">${escape(t('cashier.secure'))}</span></h1>
    ${amount}
    ${lines}
    ${deadline}
  </section>
  <section class="card">
    ${message ? `<p class="notice ${tone}" role="status">${escape(message)}</p>` : ''}
    ${paidWith}
    ${form}
    ${canPay ? '' : `<a class="button${paid ? '' : ' secondary'}" href="${escape(m.returnHref)}">${escape(t('cashier.back'))}</a>`}
  </section>
  ${canPay ? `<p class="footnote"><a href="${escape(m.returnHref)}">${escape(t('cashier.back'))}</a></p>` : ''}
</main>
${report}
</body>
</html>`;
}
