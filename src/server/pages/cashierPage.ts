import { formatFen } from '../../common/money';
import type { CashierView } from '../services/corrections/payments';

/** The gateway's own cashier: one page, no script, two buttons (pay / fail payment). */

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const MESSAGES: Record<CashierView['status'], string> = {
  missing: 'This payment link does not exist. Open the payment again from the member center.',
  expired: 'This payment link has expired. Get a new payment link from the member center.',
  paid: 'This order has been paid. You can close this window; the member center shows the correction in force.',
  closed: 'This order is closed because its correction was deleted.',
  failed: 'The last payment attempt failed. You can try again.',
  open: '',
};

/** `order`: the rows and sentences of an order payment (personal centre), in place of a correction's. */
export function renderCashierPage(
  token: string,
  view: CashierView,
  notice: string | null,
  portalName: string,
  order?: { rows: Array<[string, string]>; messages: Partial<Record<CashierView['status'], string>> },
): string {
  const rows: Array<[string, string]> = order
    ? order.rows
    : view.paymentNo
      ? [
          ['Order', view.paymentNo],
          ['Correction', view.correctionNo ?? '-'],
          ['Policy', `${view.policyNo ?? ''} ${view.productName ?? ''}`],
          ['Policyholder', view.holderName ?? '-'],
          ['Description', view.description ?? ''],
          ['Pay by', view.payType === 'transfer' ? 'Bank transfer' : 'Online payment'],
          ['Link valid until', view.expiresAt ?? '-'],
        ]
      : [];
  const canPay = view.status === 'open' || view.status === 'failed';
  const message = notice ?? order?.messages[view.status] ?? MESSAGES[view.status];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cashier - ${escape(portalName)}</title>
<style>
  body { margin: 0; font-family: -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: #f3f5f9; color: #1f2937; }
  main { max-width: 520px; margin: 48px auto; background: #fff; border-radius: 10px; box-shadow: 0 8px 24px rgba(0,0,0,.08); padding: 28px; }
  h1 { font-size: 20px; margin: 0 0 16px; }
  .amount { font-size: 34px; font-weight: 600; color: #c2410c; margin: 8px 0 20px; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th { text-align: left; color: #6b7280; font-weight: normal; padding: 6px 12px 6px 0; width: 38%; vertical-align: top; }
  td { padding: 6px 0; word-break: break-all; }
  .notice { padding: 10px 12px; border-radius: 6px; background: #eef2ff; margin: 16px 0; font-size: 14px; }
  .notice.paid { background: #ecfdf5; color: #065f46; }
  .notice.bad { background: #fef2f2; color: #991b1b; }
  .buttons { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; font-size: 16px; padding: 12px; border-radius: 6px; border: 1px solid #1d6fd8; cursor: pointer; }
  button.pay { background: #1d6fd8; color: #fff; }
  button.fail { background: #fff; color: #1d6fd8; }
</style>
</head>
<body>
<main data-status="${view.status}">
  <h1>Cashier</h1>
  ${view.amountFen !== undefined ? `<div class="amount" data-amount-fen="${view.amountFen}">${formatFen(view.amountFen)}</div>` : ''}
  ${rows.length ? `<table>${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table>` : ''}
  ${message ? `<p class="notice ${view.status === 'paid' ? 'paid' : canPay && !notice ? '' : 'bad'}" role="status">${escape(message)}</p>` : ''}
  ${
    canPay
      ? `<div class="buttons">
    <form method="post" action="/cashier/${escape(token)}/pay" style="flex:1;display:flex"><button class="pay" type="submit">Pay</button></form>
    <form method="post" action="/cashier/${escape(token)}/fail" style="flex:1;display:flex"><button class="fail" type="submit">Fail payment</button></form>
  </div>`
      : ''
  }
</main>
</body>
</html>`;
}
