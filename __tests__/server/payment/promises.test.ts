import type { MyScore, OrderDetail, OrderPayment } from '@contract/io/personal';
import type { AccountInfo } from '@contract/io/correction';
import { formatDateTime } from '@common/time';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf, insertOrder } from '../personal/support';

let gw: TestGateway;
let senior: string;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const zh = { 'accept-language': 'zh-CN' };
const en = { 'accept-language': 'en-US' };

describe('one deadline per subject', () => {
  it('shows the order’s payment deadline at the cashier, the one the order shows', async () => {
    const customer = (await customerOf(gw, 'member-senior')).customer_id;
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const orderNo = await insertOrder(gw, customer, { amount_fen: 36800, pay_deadline: deadline });
    const detail = await gw.call<OrderDetail>('blocLegal/personal/orderDetail', { orderNo }, { cookie: senior });
    expect(detail.data.payDeadline).toBe(deadline);
    const link = await gw.call<OrderPayment>('blocLegal/personal/orderPayLink', { orderNo }, { cookie: senior });
    expect(link.data.linkExpiresAt).toBe(deadline);
    const page = await gw.app.inject({ method: 'GET', url: `${link.data.payUrl}?lang=zh-CN` });
    expect(page.body).toContain(`请在 ${formatDateTime(deadline)}（北京时间）前完成支付`);
  });
});

describe('points for every paid premium', () => {
  it('earns the club’s points for a paid ¥368 order, said in the reader’s language', async () => {
    const customer = (await customerOf(gw, 'member-senior')).customer_id;
    const orderNo = await insertOrder(gw, customer, { amount_fen: 36800 });
    const before = await gw.call<MyScore>('blocLegal/club/myScore', { pageSize: 5 }, { cookie: senior });
    const link = await gw.call<OrderPayment>('blocLegal/personal/orderPayLink', { orderNo }, { cookie: senior });
    expect((await gw.app.inject({ method: 'POST', url: `${link.data.payUrl}/pay` })).statusCode).toBe(303);
    const after = await gw.call<MyScore>('blocLegal/club/myScore', { pageSize: 5 }, { cookie: senior, headers: en });
    expect(after.data.balance - before.data.balance).toBe(368);
    expect(after.data.history.list[0]).toMatchObject({
      kind: 'earn',
      points: 368,
      reason: `Premium of order ${orderNo}`,
    });
    const inChinese = await gw.call<MyScore>(
      'blocLegal/club/myScore',
      { pageSize: 5 },
      { cookie: senior, headers: zh },
    );
    expect(inChinese.data.history.list[0].reason).toBe(`订单 ${orderNo} 保费积分`);
    // Paid once, earned once: a repeated notification earns nothing more.
    await gw.app.inject({ method: 'POST', url: `${link.data.payUrl}/pay` });
    const again = await gw.call<MyScore>('blocLegal/club/myScore', { pageSize: 5 }, { cookie: senior });
    expect(again.data.balance).toBe(after.data.balance);
  });
});

describe('refunds go to the policyholder’s own account', () => {
  it('names the holder’s account on file, masked, its bank in the reader’s language', async () => {
    const policy = await gw.app.services.db
      .selectFrom('policy')
      .select(['id', 'holder_name'])
      .where('policy_no', '=', 'PGH26310100000533')
      .executeTakeFirstOrThrow();
    expect(policy.holder_name).toBe('上海恒晟精密制造有限公司');
    const zhInfo = await gw.call<AccountInfo>(
      'blocLegal/correctInsured/insuredAccountInfo',
      { policyId: policy.id },
      { cookie: hr, headers: zh },
    );
    expect(zhInfo.data.refundAccount).toEqual({
      accountName: '上海恒晟精密制造有限公司',
      bankName: '招商银行上海张江支行',
      accountNo: '**** **** 0888',
    });
    const enInfo = await gw.call<AccountInfo>(
      'blocLegal/correctInsured/insuredAccountInfo',
      { policyId: policy.id },
      { cookie: hr, headers: en },
    );
    expect(enInfo.data.refundAccount).toEqual({
      accountName: '上海恒晟精密制造有限公司',
      bankName: 'China Merchants Bank, Shanghai Zhangjiang Sub-branch',
      accountNo: '**** **** 0888',
    });
  });
});
