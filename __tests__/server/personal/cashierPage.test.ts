import type { OrderPayment } from '@contract/io/personal';
import { CASHIER_CHANNEL } from '@common/cashierChannel';
import { formatDateTime } from '@common/time';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf, insertOrder } from './support';

/**
 * The cashier as a payment page: the amount and what it pays for, the payment methods, the test
 * provider's sandbox panel instead of a customer-facing "fail" button, Beijing time, both languages,
 * and pages after paying or a declined payment that lead back to the portal.
 */
let gw: TestGateway;
let senior: string;
let seniorCustomer: number;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  seniorCustomer = (await customerOf(gw, 'member-senior')).customer_id;
});
afterAll(() => gw.close());

const payUrlOf = async (orderNo: string) =>
  (await gw.call<OrderPayment>('blocLegal/personal/orderPayLink', { orderNo }, { cookie: senior })).data
    .payUrl as string;
const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });
const post = (url: string, form: Record<string, string>) =>
  gw.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the cashier page', () => {
  it('shows the amount, what it pays for, three payment methods and a marked sandbox panel', async () => {
    const orderNo = await insertOrder(gw, seniorCustomer, { amount_fen: 1234567 });
    const page = await get(await payUrlOf(orderNo));
    expect(page.statusCode).toBe(200);
    const shown = text(page.body);
    expect(shown).toContain('¥12,345.67');
    expect(shown).toContain(`Premium of order ${orderNo}`);
    for (const method of ['WeChat Pay', 'Alipay', 'Bank card (UnionPay)']) expect(shown).toContain(method);
    expect(page.body).toMatch(/<input type="radio" name="method" value="wechat" checked>/);
    expect(shown).toContain('Test payment provider (sandbox)');
    expect(shown).not.toContain('Fail payment');
    // The deadline in Beijing time, never a raw ISO instant.
    expect(shown).toMatch(/Pay before \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Beijing time\)/);
    expect(page.body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it('speaks Chinese by the language cookie or ?lang=, and links to the other language', async () => {
    const url = await payUrlOf(await insertOrder(gw, seniorCustomer, { amount_fen: 36800 }));
    const zh = text((await get(url, { cookie: 'mc_locale=zh-CN', 'accept-language': 'en-US' })).body);
    expect(zh).toContain('收银台');
    expect(zh).toContain('微信支付');
    expect(zh).toContain('测试支付通道（沙箱）');
    expect(zh).toMatch(/北京时间/);
    expect(zh).toContain('English');
    const byQuery = await get(`${url}?lang=zh-CN`);
    expect(text(byQuery.body)).toContain('应付金额');
    expect(byQuery.body).toContain('lang=en-US');
    // The language asked for in the address stays through the payment.
    expect(byQuery.body).toContain(`action="${url}/pay?lang=zh-CN"`);
    const paid = await post(`${url}/pay?lang=zh-CN`, { method: 'wechat' });
    expect(paid.headers.location).toBe(`${url}?done=paid&method=wechat&lang=zh-CN`);
    expect(text((await get(paid.headers.location as string)).body)).toContain('已收到付款');
  });

  it('pays with the chosen method and leads back to the orders', async () => {
    const url = await payUrlOf(await insertOrder(gw, seniorCustomer, { amount_fen: 36800 }));
    const paid = await post(`${url}/pay`, { method: 'alipay', outcome: 'succeed' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${url}?done=paid&method=alipay`);
    const after = await get(paid.headers.location as string);
    const shown = text(after.body);
    expect(after.body).toContain('data-status="paid"');
    expect(shown).toContain('Payment received');
    expect(shown).toContain('Paid with Alipay.');
    expect(shown).toContain('Amount paid');
    expect(after.body).toMatch(/<a class="button" href="\/legal\/mypolicy\/orderList">Back to the Member Center<\/a>/);
    expect(after.body).not.toContain('name="method"');
  });

  it('a declined payment charges nothing, says so, and can be tried again with another method', async () => {
    const url = await payUrlOf(await insertOrder(gw, seniorCustomer, { amount_fen: 36800 }));
    const declined = await post(`${url}/pay`, { method: 'card', outcome: 'decline' });
    expect(declined.headers.location).toBe(`${url}?done=failed&method=card`);
    const again = await get(declined.headers.location as string);
    expect(again.body).toContain('data-status="failed"');
    expect(text(again.body)).toContain('The payment failed. Nothing was charged; you can try again.');
    expect(again.body).toMatch(/value="card" checked/);
    const paid = await post(`${url}/pay`, { method: 'wechat' });
    expect(paid.headers.location).toBe(`${url}?done=paid&method=wechat`);
  });

  it("reports an attempt's result to the portal's pages on the cashier channel, by a script its CSP allows", async () => {
    const url = await payUrlOf(await insertOrder(gw, seniorCustomer, { amount_fen: 36800 }));
    const open = await get(url);
    expect(open.body).not.toContain('<script');
    const declined = await get((await post(`${url}/pay`, { outcome: 'decline' })).headers.location as string);
    const script = /<script nonce="([^"]+)">([^<]*)<\/script>/.exec(declined.body);
    expect(script).not.toBeNull();
    expect(declined.headers['content-security-policy']).toContain(`'nonce-${script![1]}'`);
    expect(script![2]).toContain(`new BroadcastChannel(${JSON.stringify(CASHIER_CHANNEL)})`);
    expect(script![2]).toContain('{"outcome":"failed"}');
    const paid = await get((await post(`${url}/pay`, { outcome: 'succeed' })).headers.location as string);
    expect(paid.body).toContain('{"outcome":"paid"}');
  });

  it('ignores an unknown method and answers an unknown link with a way back', async () => {
    const url = await payUrlOf(await insertOrder(gw, seniorCustomer, { amount_fen: 100 }));
    const paid = await post(`${url}/pay`, { method: '<script>', outcome: 'succeed' });
    expect(paid.headers.location).toBe(`${url}?done=paid`);
    const missing = await get('/cashier/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expect(text(missing.body)).toContain('This payment link does not exist.');
    expect(missing.body).toContain('Back to the Member Center');
  });

  it('writes instants as the Beijing wall clock', () => {
    expect(formatDateTime('2026-11-25T17:32:08.101Z', { space: ' ' })).toBe('2026-11-26 01:32');
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});
