import { beijingDay } from '@common/time';
import { Status, type Page } from '@contract/envelope';
import type { InvoiceIssued, InvoiceSummary, InvoiceableItem } from '@contract/io/invoice';
import { isValidCreditCode } from '@common/creditCode';
import { SELLER, splitTax } from '@server/services/invoice';
import { invoiceQrText } from '@server/services/documents/invoicePdf';
import { startServiceGateway, type ServiceGateway } from './support';

let gw: ServiceGateway;
let hr: string;
let closing: string;
let hengsheng: number;
let lanting: number;
beforeAll(async () => {
  gw = await startServiceGateway();
  hr = await gw.login('corp-hr');
  closing = await gw.login('corp-closing');
  hengsheng = await gw.customerId('hengsheng');
  lanting = await gw.customerId('lanting');
});
afterAll(() => gw.close());

const KJ = 'blocLegal/electronicInvoice/electronicInvoiceKJ' as const;
const LIST = 'blocLegal/electronicInvoice/electronicInvoiceListQuery' as const;
const ITEMS = 'blocLegal/electronicInvoice/electronicInvoiceQueryStatus' as const;
const DOWNLOAD = 'blocLegal/electronicInvoice/electronicInvoiceDownLoad' as const;
let keySeq = 0;
const newKey = () => `key-${Date.now()}-${(keySeq += 1)}`;

describe('the uninvoiced list', () => {
  it('lists only the company’s own paid, not yet invoiced premiums, paginated', async () => {
    const policy = await gw.policy(hengsheng);
    const paid = [
      await gw.payment(hengsheng, policy.id, { amountFen: 53_000 }),
      await gw.payment(hengsheng, policy.id, { amountFen: 21_200 }),
    ];
    const unpaid = await gw.payment(hengsheng, policy.id, { state: 1 });
    const refund = await gw.payment(hengsheng, policy.id, { amountFen: -5_000 });
    const other = await gw.payment(lanting, (await gw.policy(lanting)).id);

    const page = await gw.call<Page<InvoiceableItem>>(ITEMS, { pageSize: 100 }, { cookie: hr });
    expect(page.status).toBe(Status.ok);
    const ids = page.data.list.map((i) => i.paymentId);
    expect(ids).toEqual(expect.arrayContaining(paid));
    expect(ids).not.toContain(unpaid);
    expect(ids).not.toContain(refund);
    expect(ids).not.toContain(other);
    expect(page.data.list.every((i) => i.invoiceStatus === 1 && i.invoiceNo === null)).toBe(true);
    const item = page.data.list.find((i) => i.paymentId === paid[0])!;
    expect(item).toMatchObject({
      policyNo: policy.policyNo,
      amountFen: 53_000,
      productName: 'Group accident insurance',
    });

    const small = await gw.call<Page<InvoiceableItem>>(ITEMS, { pageSize: 1, pageNum: 2 }, { cookie: hr });
    expect(small.data.list).toHaveLength(1);
    expect(small.data.total).toBe(page.data.total);
    expect(small.data.pageNum).toBe(2);
  });

  it('refuses bad paging and filters with a clear sentence', async () => {
    expect((await gw.call(ITEMS, { pageSize: 1000 }, { cookie: hr })).statusText).toMatch(
      /page size must be at most 100/,
    );
    expect((await gw.call(ITEMS, { invoiceStatus: 7 }, { cookie: hr })).statusText).toMatch(
      /invoice status must be one of: 0, 1, 2/,
    );
    expect((await gw.call(ITEMS, { pageNum: 'x' }, { cookie: hr })).status).toBe(Status.business);
  });

  it('is for corporate accounts only', async () => {
    const member = await gw.login('member-senior');
    const res = await gw.call(ITEMS, {}, { cookie: member });
    expect(res.status).toBe(Status.refused);
    expect(res.statusText).toMatch(/corporate accounts/);
  });

  it('answers in Chinese to a Chinese request: refusals and invoice states', async () => {
    const zh = { 'accept-language': 'zh-CN' };
    const member = await gw.login('member-senior');
    expect((await gw.call(ITEMS, {}, { cookie: member, headers: zh })).statusText).toBe(
      '此功能仅供企业账户使用，请使用企业账户登录。',
    );
    expect((await gw.call(ITEMS, { invoiceStatus: 7 }, { cookie: hr, headers: zh })).statusText).toBe(
      '开票状态只能是以下之一：0, 1, 2。',
    );
    const policy = await gw.policy(hengsheng);
    const paid = await gw.payment(hengsheng, policy.id);
    const issued = await gw.call<InvoiceIssued>(
      KJ,
      { paymentIds: JSON.stringify([paid]), idempotencyKey: newKey() },
      { cookie: hr, headers: zh },
    );
    expect(issued.data.stateText).toBe('已开具');
  });
});

describe('issuing an invoice', () => {
  it('issues one invoice for two payments with the company as buyer and 6 % tax', async () => {
    const policy = await gw.policy(hengsheng);
    const a = await gw.payment(hengsheng, policy.id, { amountFen: 106_000 });
    const b = await gw.payment(hengsheng, policy.id, { amountFen: 31_800 });
    const res = await gw.call<InvoiceIssued>(
      KJ,
      { paymentIds: JSON.stringify([a, b]), idempotencyKey: newKey() },
      { cookie: hr },
    );
    expect(res.status).toBe(Status.ok);
    const inv = res.data;
    expect(inv.invoiceNo).toMatch(/^\d{20}$/);
    expect(inv).toMatchObject({
      buyerName: '上海恒晟精密制造有限公司',
      buyerTaxNo: '91310115MA1K4B2C3J',
      sellerName: SELLER.name,
      totalFen: 137_800,
      amountFen: 130_000,
      taxFen: 7_800,
      taxRate: 6,
      state: 1,
      repeated: false,
      itemCount: 2,
    });
    expect(inv.items.map((i) => i.policyNo)).toEqual([policy.policyNo, policy.policyNo]);
    // Issued on the insurer's day, Beijing's (a UTC date is the day before from 16:00 UTC).
    expect(inv.issueDate).toBe(beijingDay());

    const marked = await gw.app.services.db
      .selectFrom('premium_payment')
      .select(['id', 'invoice_id'])
      .where('id', 'in', [a, b])
      .execute();
    expect(marked.every((m) => m.invoice_id !== null)).toBe(true);

    const list = await gw.call<Page<InvoiceSummary>>(LIST, {}, { cookie: hr });
    expect(list.data.list[0]).toMatchObject({
      invoiceNo: inv.invoiceNo,
      itemCount: 2,
      stateText: 'Issued',
      totalFen: 137_800,
    });

    const invoiced = await gw.call<Page<InvoiceableItem>>(ITEMS, { invoiceStatus: 2, pageSize: 100 }, { cookie: hr });
    expect(invoiced.data.list.find((i) => i.paymentId === a)).toMatchObject({
      invoiceStatus: 2,
      invoiceNo: inv.invoiceNo,
    });
    const open = await gw.call<Page<InvoiceableItem>>(ITEMS, { pageSize: 100 }, { cookie: hr });
    expect(open.data.list.map((i) => i.paymentId)).not.toContain(a);
  });

  it('is idempotent: a double click or retry with the same key issues one invoice', async () => {
    const policy = await gw.policy(hengsheng);
    const a = await gw.payment(hengsheng, policy.id);
    const key = newKey();
    const values = { paymentIds: JSON.stringify([a]), idempotencyKey: key };
    const [first, second] = await Promise.all([
      gw.call<InvoiceIssued>(KJ, values, { cookie: hr }),
      gw.call<InvoiceIssued>(KJ, values, { cookie: hr }),
    ]);
    expect(first.status).toBe(Status.ok);
    expect(second.status).toBe(Status.ok);
    expect(second.data.invoiceNo).toBe(first.data.invoiceNo);
    expect([first.data.repeated, second.data.repeated].sort()).toEqual([false, true]);
    const third = await gw.call<InvoiceIssued>(KJ, values, { cookie: hr });
    expect(third.data).toMatchObject({ invoiceNo: first.data.invoiceNo, repeated: true });
    const count = await gw.app.services.db
      .selectFrom('invoice')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses to reuse a key for other premiums', async () => {
    const policy = await gw.policy(hengsheng);
    const a = await gw.payment(hengsheng, policy.id);
    const b = await gw.payment(hengsheng, policy.id);
    const key = newKey();
    expect((await gw.call(KJ, { paymentIds: JSON.stringify([a]), idempotencyKey: key }, { cookie: hr })).status).toBe(
      Status.ok,
    );
    const res = await gw.call(KJ, { paymentIds: JSON.stringify([b]), idempotencyKey: key }, { cookie: hr });
    expect(res.status).toBe(Status.business);
    expect(res.statusText).toMatch(/already used to issue a different invoice/);
    expect(
      (
        await gw.app.services.db
          .selectFrom('premium_payment')
          .select('invoice_id')
          .where('id', '=', b)
          .executeTakeFirstOrThrow()
      ).invoice_id,
    ).toBeNull();
  });

  it('never invoices a premium twice, and changes nothing when one of several is invoiced', async () => {
    const policy = await gw.policy(hengsheng);
    const a = await gw.payment(hengsheng, policy.id);
    const b = await gw.payment(hengsheng, policy.id);
    expect(
      (await gw.call(KJ, { paymentIds: JSON.stringify([a]), idempotencyKey: newKey() }, { cookie: hr })).status,
    ).toBe(Status.ok);
    const before = await gw.app.services.db
      .selectFrom('invoice')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await gw.call(KJ, { paymentIds: JSON.stringify([a, b]), idempotencyKey: newKey() }, { cookie: hr });
    expect(again.status).toBe(Status.business);
    expect(again.statusText).toMatch(/already been invoiced/);
    const after = await gw.app.services.db
      .selectFrom('invoice')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(
      (
        await gw.app.services.db
          .selectFrom('premium_payment')
          .select('invoice_id')
          .where('id', '=', b)
          .executeTakeFirstOrThrow()
      ).invoice_id,
    ).toBeNull();
  });

  it('refuses unpaid premiums, refunds, bad input and another company’s premiums', async () => {
    const policy = await gw.policy(hengsheng);
    const unpaid = await gw.payment(hengsheng, policy.id, { state: 1 });
    const refund = await gw.payment(hengsheng, policy.id, { amountFen: -100 });
    const foreign = await gw.payment(lanting, (await gw.policy(lanting)).id);
    const call = (ids: unknown, key = newKey()) =>
      gw.call(KJ, { paymentIds: JSON.stringify(ids), idempotencyKey: key }, { cookie: hr });
    expect((await call([unpaid])).statusText).toMatch(/Only paid premiums/);
    expect((await call([refund])).statusText).toMatch(/Only paid premiums/);
    const cross = await call([foreign]);
    expect(cross.statusText).toBe(
      'Some of the chosen premiums are not in your account; refresh the list and choose again.',
    );
    expect((await call([999_999])).statusText).toBe(cross.statusText);
    expect((await call([])).statusText).toMatch(/at least one/);
    expect((await call(['x'])).statusText).toMatch(/could not be read/);
    expect((await call(Array.from({ length: 51 }, (_, i) => i + 1))).statusText).toMatch(/at most 50/);
    expect((await call([unpaid], 'not a key!')).statusText).toMatch(/request key/);
    expect(
      (await gw.call(KJ, { paymentIds: 'not json', idempotencyKey: newKey() }, { cookie: hr })).statusText,
    ).toMatch(/could not be read/);
    expect(
      (
        await gw.app.services.db
          .selectFrom('premium_payment')
          .select('invoice_id')
          .where('id', '=', foreign)
          .executeTakeFirstOrThrow()
      ).invoice_id,
    ).toBeNull();
  });

  it('refuses to issue when the company’s credit code is not valid', async () => {
    const db = gw.app.services.db;
    const policy = await gw.policy(lanting);
    const p = await gw.payment(lanting, policy.id);
    await db.updateTable('customer').set({ credit_code: '91320594MA1N6E7T81' }).where('id', '=', lanting).execute();
    try {
      const res = await gw.call(KJ, { paymentIds: JSON.stringify([p]), idempotencyKey: newKey() }, { cookie: closing });
      expect(res.status).toBe(Status.business);
      expect(res.statusText).toMatch(/credit code on file is not valid/);
    } finally {
      await db.updateTable('customer').set({ credit_code: '91320594MA1N6E7T80' }).where('id', '=', lanting).execute();
    }
  });
});

describe('the e-invoice PDF', () => {
  it('downloads a real PDF with the invoice number, and only for its own company', async () => {
    const policy = await gw.policy(hengsheng);
    const a = await gw.payment(hengsheng, policy.id, { amountFen: 212_000 });
    const inv = (
      await gw.call<InvoiceIssued>(KJ, { paymentIds: JSON.stringify([a]), idempotencyKey: newKey() }, { cookie: hr })
    ).data;
    const res = await gw.raw(DOWNLOAD, { invoiceNo: inv.invoiceNo }, { cookie: hr });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`电子发票-${inv.invoiceNo}.pdf`));
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
    expect(pdf.length).toBeLessThan(400_000);
    // The embedded CJK font subset and the QR code image are in it.
    expect(pdf.toString('latin1')).toMatch(/NotoSansSC/);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);

    const foreign = await gw.raw(DOWNLOAD, { invoiceNo: inv.invoiceNo }, { cookie: closing });
    expect(foreign.json()).toMatchObject({
      status: Status.business,
      statusText: 'There is no such invoice in your account.',
    });
    expect((await gw.raw(DOWNLOAD, { invoiceNo: '12' }, { cookie: hr })).json().statusText).toMatch(/20 digits/);
    expect((await gw.raw(DOWNLOAD, { invoiceNo: '0'.repeat(20) }, { cookie: hr })).json().statusText).toBe(
      'There is no such invoice in your account.',
    );
  });

  it('splits tax and encodes the QR content of a fully digital e-invoice', () => {
    expect(splitTax(106)).toEqual({ amountFen: 100, taxFen: 6 });
    expect(splitTax(1)).toEqual({ amountFen: 1, taxFen: 0 });
    expect(isValidCreditCode(SELLER.taxNo)).toBe(true);
    const text = invoiceQrText({
      invoiceNo: '26312000000000000001',
      issueDate: '2026-11-22',
      amountFen: 100,
      totalFen: 106,
    } as never);
    expect(text).toBe('01,32,,26312000000000000001,1.00,20261122,,000001');
  });
});
