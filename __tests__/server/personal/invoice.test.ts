/**
 * A member's e-invoice for a paid premium (an order's, a renewal's): titled with the member's verified
 * name or a company's name and tax number (validated), issued once by the corporate invoices'
 * service (its numbering, its PDF), only for a paid premium of the member's own.
 */
import { creditCodeCheck } from '@common/creditCode';
import { type Page, Status } from '@contract/envelope';
import type { InvoiceIssued, InvoiceSummary, InvoiceableItem } from '@contract/io/invoice';
import type { OrderDetail, OrderPayment } from '@contract/io/personal';
import { PaymentState } from '@contract/states';
import { translate } from '@server/messages/catalogue';
import { startGateway, type TestGateway } from '../support/gateway';
import { pdfText } from '../policy/pdfText';
import { customerOf, insertOrder } from './support';

let gw: TestGateway;
let senior: string;
let basic: string;
let seniorCustomer: number;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
  seniorCustomer = (await customerOf(gw, 'member-senior')).customer_id;
});
afterAll(() => gw.close());

const COMPANY_BODY = '91310115MA1K4ABC1';
const COMPANY_TAX_NO = `${COMPANY_BODY}${creditCodeCheck(COMPANY_BODY)}`;
let keys = 0;
const key = () => `k${process.pid}x${(keys += 1)}`;
const request = (values: Record<string, string | number>, cookie = senior) =>
  gw.call<InvoiceIssued>(
    'blocLegal/personal/requestInvoice',
    { titleKind: 'personal', idempotencyKey: key(), ...values },
    { cookie },
  );
const refused = (key: Parameters<typeof translate>[1]) => ({
  status: Status.business,
  statusText: translate('en-US', key),
});

/** An order of the member paid at the cashier: its detail (with the premium to invoice). */
async function paidOrder(amountFen: number): Promise<OrderDetail> {
  const orderNo = await insertOrder(gw, seniorCustomer, { amount_fen: amountFen });
  const link = await gw.call<OrderPayment>('blocLegal/personal/orderPayLink', { orderNo }, { cookie: senior });
  await gw.app.inject({ method: 'POST', url: `${link.data.payUrl}/pay` });
  return (await gw.call<OrderDetail>('blocLegal/personal/orderDetail', { orderNo }, { cookie: senior })).data;
}

describe('personal/requestInvoice', () => {
  it('invoices a paid order’s premium in the member’s name, once, with the corporate PDF', async () => {
    const order = await paidOrder(36800);
    expect(order.premium).toEqual({ paymentId: expect.any(Number), invoiceNo: null });
    const paymentId = order.premium!.paymentId;
    const listed = await gw.call<Page<InvoiceableItem>>('blocLegal/personal/invoiceable', {}, { cookie: senior });
    expect(listed.data.list.find((i) => i.paymentId === paymentId)).toMatchObject({
      policyNo: order.policyNo,
      amountFen: 36800,
      invoiceStatus: 1,
    });

    const idempotencyKey = key();
    const issued = await request({ paymentId, idempotencyKey });
    expect(issued.status).toBe(Status.ok);
    expect(issued.data).toMatchObject({
      buyerName: '李文静',
      buyerTaxNo: '',
      totalFen: 36800,
      repeated: false,
      items: [expect.objectContaining({ policyNo: order.policyNo, totalFen: 36800 })],
    });
    expect(issued.data.invoiceNo).toMatch(/^\d{20}$/);
    // a retry of the same request answers the same invoice; a new request is refused
    expect((await request({ paymentId, idempotencyKey })).data).toMatchObject({
      invoiceNo: issued.data.invoiceNo,
      repeated: true,
    });
    expect(await request({ paymentId })).toMatchObject(refused('invoice.alreadyInvoiced'));

    const detail = await gw.call<OrderDetail>(
      'blocLegal/personal/orderDetail',
      { orderNo: order.orderNo },
      { cookie: senior },
    );
    expect(detail.data.premium).toEqual({ paymentId, invoiceNo: issued.data.invoiceNo });
    const list = await gw.call<Page<InvoiceSummary>>('blocLegal/personal/invoiceList', {}, { cookie: senior });
    expect(list.data.list[0]).toMatchObject({ invoiceNo: issued.data.invoiceNo, buyerName: '李文静' });

    const pdf = await gw.raw(
      'blocLegal/personal/invoiceDownload',
      { invoiceNo: issued.data.invoiceNo },
      { cookie: senior },
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const text = pdfText(pdf.rawPayload).replace(/\s*\n\s*/g, '');
    expect(text).toContain(issued.data.invoiceNo);
    expect(text).toContain('李文静');
    expect(text).toContain('368.00');
    // another member downloads nothing of it
    const theirs = await gw.raw(
      'blocLegal/personal/invoiceDownload',
      { invoiceNo: issued.data.invoiceNo },
      { cookie: basic },
    );
    expect(JSON.parse(theirs.body)).toMatchObject(refused('invoice.noSuch'));
  });

  it('titles it to a company with a valid tax number, and refuses a wrong one or a missing name', async () => {
    const { premium } = await paidOrder(12300);
    const paymentId = premium!.paymentId;
    const company = { paymentId, titleKind: 'company' };
    expect(
      await request({ ...company, companyTitle: '上海某某科技有限公司', taxNo: '91310115MA1K4ABC10' }),
    ).toMatchObject(refused('invoice.badTaxNo'));
    expect(await request({ ...company, companyTitle: '上海某某科技有限公司', taxNo: '1234' })).toMatchObject(
      refused('invoice.badTaxNo'),
    );
    expect(await request({ ...company, companyTitle: '公', taxNo: COMPANY_TAX_NO })).toMatchObject(
      refused('invoice.badCompanyTitle'),
    );
    expect(await request({ ...company, taxNo: COMPANY_TAX_NO })).toMatchObject(refused('invoice.badCompanyTitle'));
    expect(await request({ paymentId, titleKind: 'someone' })).toMatchObject(refused('invoice.badTitleKind'));
    // nothing was issued by the refusals
    const open = await gw.call<Page<InvoiceableItem>>('blocLegal/personal/invoiceable', {}, { cookie: senior });
    expect(open.data.list.find((i) => i.paymentId === paymentId)?.invoiceStatus).toBe(1);

    const issued = await request({
      ...company,
      companyTitle: '  上海某某科技有限公司 ',
      taxNo: COMPANY_TAX_NO.toLowerCase(),
    });
    expect(issued.data).toMatchObject({ buyerName: '上海某某科技有限公司', buyerTaxNo: COMPANY_TAX_NO });
  });

  it('invoices a paid premium only, of the member’s own', async () => {
    const db = gw.app.services.db;
    const policy = await db
      .selectFrom('policy')
      .select('id')
      .where('customer_id', '=', seniorCustomer)
      .where('policy_no', '=', 'HLT25310100006618')
      .executeTakeFirstOrThrow();
    const unpaid = await db
      .insertInto('premium_payment')
      .values({
        payment_no: `UNPAID${process.pid}`,
        customer_id: seniorCustomer,
        policy_id: policy.id,
        correction_id: null,
        description: 'Unpaid instalment',
        text_key: null,
        text_params: null,
        amount_fen: 5000,
        state: PaymentState.unpaid,
        pay_type: null,
        paid_at: null,
        invoice_id: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await request({ paymentId: unpaid.id })).toMatchObject(refused('invoice.notPaid'));

    // member-basic's paid premium: the senior member is told it is not theirs, as for a missing one
    const basicCustomer = (await customerOf(gw, 'member-basic')).customer_id;
    const theirs = await db
      .selectFrom('premium_payment')
      .select('id')
      .where('customer_id', '=', basicCustomer)
      .where('state', '=', PaymentState.paid)
      .executeTakeFirstOrThrow();
    expect(await request({ paymentId: theirs.id })).toMatchObject(refused('invoice.notYours'));
    expect(await request({ paymentId: 2_000_000_000 })).toMatchObject(refused('invoice.notYours'));
    // member-basic has no verified name: an invoice in their name waits for it, a company's does not
    expect(await request({ paymentId: theirs.id }, basic)).toMatchObject(refused('invoice.realNameFirst'));
    const toCompany = await request(
      { paymentId: theirs.id, titleKind: 'company', companyTitle: '深圳某某有限公司', taxNo: COMPANY_TAX_NO },
      basic,
    );
    expect(toCompany.status).toBe(Status.ok);
  });

  it('is the personal centre’s: a company’s session is refused', async () => {
    const hr = await gw.login('corp-hr');
    const answer = await gw.call('blocLegal/personal/invoiceable', {}, { cookie: hr });
    expect(answer.status).not.toBe(Status.ok);
  });
});
