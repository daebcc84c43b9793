import { Status } from '@contract/envelope';
import type { PremiumReceipt } from '@contract/io/policy';
import { startGateway, type TestGateway } from '../support/gateway';
import { pdfInfo, pdfText } from './pdfText';
import { DEMO, ok } from './support';

// Writing PDFs takes seconds when several suites share two cores.

let gw: TestGateway;
let hr: string;
let senior: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  senior = await gw.login('member-senior');
});
afterAll(() => gw.close());

/** Text without the line breaks pdfkit's wrapping puts in. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s*\n\s*/g, '');

function expectPdf(
  res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  filenamePart: string,
) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(filenamePart));
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(res.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
}

describe('policyDownload/download (e-policy)', () => {
  it("is a real PDF with the policy's data in its Chinese text and the number in its metadata", async () => {
    const res = await gw.raw('blocLegal/policyDownload/download', { policyNo: DEMO.hengsheng.motor }, { cookie: hr });
    expectPdf(res, DEMO.hengsheng.motor);
    expect(pdfInfo(res.rawPayload, 'Subject')).toBe(DEMO.hengsheng.motor);
    const text = flat(res.rawPayload);
    expect(text).toContain(`保单号 Policy No.: ${DEMO.hengsheng.motor}`);
    expect(text).toContain('上海恒晟精密制造有限公司');
    expect(text).toContain('沪A·D82K6');
    expect(text).toContain('机动车第三者责任保险');
    expect(text).toContain('¥6,128.00（陆仟壹佰贰拾捌元整）');
  });

  it('is refused while the premium is unpaid', async () => {
    const res = await gw.raw(
      'blocLegal/policyDownload/download',
      { policyNo: DEMO.hengsheng.motorPending },
      { cookie: hr },
    );
    expect(res.json()).toMatchObject({
      status: Status.business,
      statusText: 'The documents of this policy are issued once its premium is paid.',
    });
  });
});

describe('electronicDocuments', () => {
  it('lifePolicyDownload writes the life e-policy with beneficiaries and premiums paid', async () => {
    const res = await gw.raw(
      'blocLegal/electronicDocuments/lifePolicyDownload',
      { policyNo: DEMO.liWenjing.life },
      { cookie: senior },
    );
    expectPdf(res, DEMO.liWenjing.life);
    const text = flat(res.rawPayload);
    expect(text).toContain(DEMO.liWenjing.life);
    expect(text).toContain('福寿安康终身寿险');
    expect(text).toContain('周明远');
    expect(text).toContain('PAY-LIF3321-05');
    const property = await gw.call(
      'blocLegal/electronicDocuments/lifePolicyDownload',
      { policyNo: DEMO.liWenjing.property },
      { cookie: senior },
    );
    expect(property.status).toBe(Status.business);
  });

  it('queryInvoice lists the paid premiums of a life policy, and downloadLifeInvoice writes a receipt', async () => {
    const receipts = ok(
      await gw.call<PremiumReceipt[]>(
        'blocLegal/electronicDocuments/queryInvoice',
        { policyNo: DEMO.liWenjing.life },
        { cookie: senior },
      ),
    );
    expect(receipts.length).toBe(5);
    expect(receipts.map((r) => r.paidAt)).toEqual(
      receipts
        .map((r) => r.paidAt)
        .sort()
        .reverse(),
    );
    expect(receipts.every((r) => r.amountFen === 2860000)).toBe(true);
    const res = await gw.raw(
      'blocLegal/electronicDocuments/downloadLifeInvoice',
      { policyNo: DEMO.liWenjing.life, paymentNo: receipts[0].paymentNo },
      { cookie: senior },
    );
    expectPdf(res, receipts[0].paymentNo);
    const text = flat(res.rawPayload);
    expect(text).toContain(receipts[0].paymentNo);
    expect(text).toContain(DEMO.liWenjing.life);
    expect(text).toContain('贰万捌仟陆佰元整');
    const motor = await gw.call(
      'blocLegal/electronicDocuments/queryInvoice',
      { policyNo: DEMO.liWenjing.motor },
      { cookie: senior },
    );
    expect(motor.status).toBe(Status.business);
  });

  it('group life policies have receipts too', async () => {
    const receipts = ok(
      await gw.call<PremiumReceipt[]>(
        'blocLegal/electronicDocuments/queryInvoice',
        { policyNo: DEMO.hengsheng.groupLife },
        { cookie: hr },
      ),
    );
    expect(receipts.length).toBeGreaterThanOrEqual(2);
    expect(receipts.every((r) => r.invoiced === false)).toBe(true);
  });

  it('generateForEmployer writes the certificate with the headcount by category and the roster', async () => {
    const res = await gw.raw(
      'blocLegal/electronicDocuments/generateForEmployer',
      { policyNo: DEMO.hengsheng.employer },
      { cookie: hr },
    );
    expectPdf(res, DEMO.hengsheng.employer);
    const text = flat(res.rawPayload);
    expect(text).toContain(DEMO.hengsheng.employer);
    expect(text).toContain('雇主责任保险凭证');
    expect(text).toContain('176 人');
    const someone = await gw.app.services.db
      .selectFrom('insured_person')
      .innerJoin('policy', 'policy.id', 'insured_person.policy_id')
      .select(['insured_person.name', 'insured_person.occupation_name'])
      .where('policy.policy_no', '=', DEMO.hengsheng.employer)
      .where('insured_person.state', '=', 1)
      .executeTakeFirstOrThrow();
    expect(text).toContain(someone.name);
    const notEmployer = await gw.call(
      'blocLegal/electronicDocuments/generateForEmployer',
      { policyNo: DEMO.hengsheng.groupAccident },
      { cookie: hr },
    );
    expect(notEmployer).toMatchObject({
      status: Status.business,
      statusText: 'There is no such employer liability policy in your account.',
    });
  });
});
