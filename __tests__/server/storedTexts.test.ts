/**
 * What the gateway writes and shows later is said in the language of whoever reads it, not frozen in
 * the language of the request that wrote it: written while the request is English and read in
 * Chinese, and the reverse. The e-invoice's line items are a Chinese tax invoice's: Chinese always.
 */
import type { Page } from '@contract/envelope';
import type {
  ApprovalResult,
  CorrectionDetail,
  ImportResult,
  ItemChange,
  PaymentInfo,
  PersonDetail,
  RosterPerson,
} from '@contract/io/correction';
import type { InvoiceIssued, InvoiceableItem } from '@contract/io/invoice';
import type { InsuranceRecordRow, MotorPolicyDetail, PolicyDetail } from '@contract/io/policy';
import type { OrderPayment } from '@contract/io/personal';
import { LOCALE_COOKIE } from '@contract/locale';
import { readerTexts } from '@server/db/migrations/0600_reader_texts';
import { propertyItems } from '@server/db/migrations/0601_property_items';
import { healthDetails } from '@server/db/migrations/0602_health_details';
import { DEDUCTIBLE_SENTENCES, deductibleOf, deductibles } from '@server/db/migrations/0605_deductibles';
import { deductibleText } from '@server/services/policy/deductible';
import { startGateway, type TestGateway } from './support/gateway';
import {
  key,
  makePolicy,
  newPerson,
  ok,
  readSheet,
  today,
  upload,
  workbook,
  type TestPolicy,
} from './correction/support';
import { insertOrder } from './personal/support';

let gw: TestGateway;
let hr: string;
let hrZh: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  hrZh = `${hr}; ${LOCALE_COOKIE}=zh-CN`;
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const HAN = /[\u4e00-\u9fff]/;
const LATIN_WORD = /[A-Za-z]{3,}/;

/** A correction of one kind made, approved, paid when premium is due and in force, all in one language. */
async function inForce(
  policy: TestPolicy,
  cookie: string,
  kind: 'add' | 'subtract',
): Promise<{ correctionNo: string; paymentNo: string | null }> {
  const change =
    kind === 'add'
      ? await ok<ItemChange>(
          gw,
          `${E}addSingleEmployee`,
          { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 9) },
          cookie,
        )
      : await ok<ItemChange>(
          gw,
          `${E}subtractEmployee`,
          {
            policyId: policy.policyId,
            effectiveDate: today(),
            idempotencyKey: key(),
            personIds: JSON.stringify([policy.personIds[0]]),
          },
          cookie,
        );
  const id = change.correction.correctionId;
  await ok(gw, `${E}underwriting`, { correctionId: id }, cookie);
  const approval = await ok<ApprovalResult>(
    gw,
    `${E}applyBusinessApprove`,
    { correctionId: id, idempotencyKey: key() },
    cookie,
  );
  expect(approval.decision).toBe('approved');
  if (kind === 'subtract') return { correctionNo: change.correction.correctionNo, paymentNo: null };
  const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, cookie);
  const paid = await gw.app.inject({ method: 'POST', url: `${link.payUrl}/pay` });
  expect(paid.statusCode).toBe(303);
  return { correctionNo: change.correction.correctionNo, paymentNo: link.paymentNo };
}

const records = async (policyNo: string, cookie: string) =>
  (
    await gw.call<Page<InsuranceRecordRow>>(
      'blocLegal/insuranceRecord/queryInsuranceRecordList',
      { policyNo, pageSize: 50 },
      { cookie },
    )
  ).data.list;

const payments = async (policyNo: string, cookie: string) =>
  (await gw.call<PolicyDetail>('blocLegal/legalPolicy/getLegalPolicyInfo', { policyNo }, { cookie })).data.payments;

describe('a correction’s payment, refund and insurance record', () => {
  it.each([
    ['English', 'Chinese'],
    ['Chinese', 'English'],
  ])('written in %s, read in %s, then in the writer’s language again', async (writer) => {
    const [write, read] = writer === 'English' ? [hr, hrZh] : [hrZh, hr];
    const policy = await makePolicy(gw, { members: 3 });
    const added = await inForce(policy, write, 'add');
    const removed = await inForce(policy, write, 'subtract');

    const zhPayments = await payments(policy.policyNo, writer === 'English' ? read : write);
    const enPayments = await payments(policy.policyNo, writer === 'English' ? write : read);
    const byNo = (list: typeof zhPayments, no: string | null) => list.find((p) => p.paymentNo === no)?.description;
    expect(byNo(zhPayments, added.paymentNo)).toBe(`批改 ${added.correctionNo} 保费（保单 ${policy.policyNo}）`);
    expect(byNo(enPayments, added.paymentNo)).toBe(
      `Premium of correction ${added.correctionNo} (policy ${policy.policyNo})`,
    );
    const refund = (list: typeof zhPayments) => list.find((p) => p.payType === 'refund')?.description;
    expect(refund(zhPayments)).toBe(`批改 ${removed.correctionNo} 退费`);
    expect(refund(enPayments)).toBe(`Refund of correction ${removed.correctionNo}`);

    const zhRecords = await records(policy.policyNo, writer === 'English' ? read : write);
    const enRecords = await records(policy.policyNo, writer === 'English' ? write : read);
    const record = (list: InsuranceRecordRow[], no: string) => list.find((r) => r.recordNo === `IR${no}`);
    expect(record(zhRecords, added.correctionNo)).toMatchObject({
      title: '加保 1 人',
      description: expect.stringMatching(new RegExp(`^批改 ${added.correctionNo}：加保 1 人，收取保费 ¥[\\d,.]+。$`)),
    });
    expect(record(enRecords, added.correctionNo)).toMatchObject({
      title: 'Enrolled 1 person',
      description: expect.stringMatching(
        new RegExp(`^Correction ${added.correctionNo}: 1 person enrolled, premium ¥[\\d,.]+ charged\\.$`),
      ),
    });
    expect(record(zhRecords, removed.correctionNo)?.title).toBe('减保 1 人');
    expect(record(enRecords, removed.correctionNo)?.title).toBe('Removed 1 person');
  });
});

describe('the correction area', () => {
  it('names a policy’s product in the reader’s language, whatever the policy was written with', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 8) },
      hrZh,
    );
    const id = added.correction.correctionId;
    expect(added.correction.productName).toBe('团体意外伤害保险');
    for (const [cookie, name] of [
      [hr, 'Group accident insurance'],
      [hrZh, '团体意外伤害保险'],
    ] as const) {
      const detail = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, cookie);
      expect([detail.correction.productName, detail.policy.productName]).toEqual([name, name]);
      const list = await ok<Page<CorrectionDetail['correction']>>(
        gw,
        `${E}correctRecordList`,
        { pageSize: 50 },
        cookie,
      );
      expect(list.list.find((c) => c.correctionId === id)?.productName).toBe(name);
      const policies = await ok<Array<CorrectionDetail['policy']>>(
        gw,
        `${E}correctablePolicies`,
        { policyNo: policy.policyNo },
        cookie,
      );
      expect(policies.map((p) => p.productName)).toEqual([name]);
    }
  });
});

describe('the e-invoice', () => {
  const ITEMS = 'blocLegal/electronicInvoice/electronicInvoiceQueryStatus' as const;
  const KJ = 'blocLegal/electronicInvoice/electronicInvoiceKJ' as const;

  it('lists a premium in the reader’s language, and issues its line in Chinese whatever the buyer’s language', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const { correctionNo, paymentNo } = await inForce(policy, hrZh, 'add');
    const item = async (cookie: string) =>
      (await gw.call<Page<InvoiceableItem>>(ITEMS, { pageSize: 100 }, { cookie })).data.list.find(
        (i) => i.paymentNo === paymentNo,
      );
    const en = await item(hr);
    expect(en?.description).toBe(`Premium of correction ${correctionNo} (policy ${policy.policyNo})`);
    expect(en?.productName).toBe('Group accident insurance');
    const zh = await item(hrZh);
    expect(zh?.description).toBe(`批改 ${correctionNo} 保费（保单 ${policy.policyNo}）`);
    expect(zh?.productName).toBe('团体意外伤害保险');

    // asked for by an English-speaking buyer: the fapiao's line is Chinese
    const issued = await gw.call<InvoiceIssued>(
      KJ,
      { paymentIds: JSON.stringify([en!.paymentId]), idempotencyKey: key() },
      { cookie: hr },
    );
    expect(issued.status).toBe('SUC_0001');
    expect(issued.data.items[0].description).toBe(`批改 ${correctionNo} 保费（保单 ${policy.policyNo}）`);
    expect(issued.data.items[0].description).toMatch(HAN);
    // (the numbers aside: a test policy's number is random hexadecimal, 'TP189124EEC2')
    expect(issued.data.items[0].description.replace(correctionNo, '').replace(policy.policyNo, '')).not.toMatch(
      LATIN_WORD,
    );
  });
});

describe('0600_reader_texts, on rows written before it', () => {
  it('gives a correction’s payments and record their keys, and says invoice lines again in Chinese', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const added = await inForce(policy, hr, 'add');
    const removed = await inForce(policy, hr, 'subtract');
    const db = gw.app.services.db;
    const payment = await db
      .selectFrom('premium_payment')
      .select('id')
      .where('payment_no', '=', added.paymentNo!)
      .executeTakeFirstOrThrow();
    const issued = await gw.call<InvoiceIssued>(
      'blocLegal/electronicInvoice/electronicInvoiceKJ',
      { paymentIds: JSON.stringify([payment.id]), idempotencyKey: key() },
      { cookie: hr },
    );
    // the rows as the gateway wrote them before: English, no key
    await db
      .updateTable('premium_payment')
      .set({ text_key: null, text_params: null })
      .where('policy_id', '=', policy.policyId)
      .execute();
    await db
      .updateTable('insurance_record')
      .set({ text_key: null, text_params: null, title: 'Enrolled 1 person' })
      .where('policy_id', '=', policy.policyId)
      .execute();
    await db
      .updateTable('invoice_item')
      .set({ description: `Premium of correction ${added.correctionNo} (policy ${policy.policyNo})` })
      .where('payment_id', '=', payment.id)
      .execute();
    expect((await records(policy.policyNo, hrZh)).map((r) => r.title)).toContain('Enrolled 1 person');

    await readerTexts().up(db);

    const zhPayments = await payments(policy.policyNo, hrZh);
    expect(zhPayments.find((p) => p.paymentNo === added.paymentNo)?.description).toBe(
      `批改 ${added.correctionNo} 保费（保单 ${policy.policyNo}）`,
    );
    expect(zhPayments.find((p) => p.payType === 'refund')?.description).toBe(`批改 ${removed.correctionNo} 退费`);
    const zhRecords = await records(policy.policyNo, hrZh);
    expect(zhRecords.find((r) => r.recordNo === `IR${added.correctionNo}`)).toMatchObject({
      title: '加保 1 人',
      description: expect.stringMatching(/^批改 .+：加保 1 人，收取保费 ¥[\d,.]+。$/),
    });
    expect(zhRecords.find((r) => r.recordNo === `IR${removed.correctionNo}`)?.description).toMatch(
      /^批改 .+：减保 1 人，退还 ¥[\d,.]+。$/,
    );
    const enRecords = await records(policy.policyNo, hr);
    expect(enRecords.find((r) => r.recordNo === `IR${removed.correctionNo}`)?.title).toBe('Removed 1 person');
    const line = await db
      .selectFrom('invoice_item')
      .select('description')
      .where('invoice_id', '=', db.selectFrom('invoice').select('id').where('invoice_no', '=', issued.data.invoiceNo))
      .executeTakeFirstOrThrow();
    expect(line.description).toBe(`批改 ${added.correctionNo} 保费（保单 ${policy.policyNo}）`);
  });
});

describe('occupation names', () => {
  it.each([
    ['English', 'Chinese'],
    ['Chinese', 'English'],
  ])('of a person added in %s are said in %s on the lines, the roster and its detail', async (writer) => {
    const [write, read] = writer === 'English' ? [hr, hrZh] : [hrZh, hr];
    const words = (cookie: string) => (cookie === hrZh ? '办公室文员' : 'Office clerk');
    const policy = await makePolicy(gw, { roster: 'employeeNew', members: 2 });
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployeeNew`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        ...newPerson(policy.region, 7),
        occupationCode: '010021',
      },
      write,
    );
    const id = added.correction.correctionId;
    const lines = async (cookie: string) =>
      (await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, cookie)).items.list;
    expect((await lines(read))[0].occupationName).toBe(words(read));
    expect((await lines(write))[0].occupationName).toBe(words(write));

    await ok(gw, `${E}underwriting`, { correctionId: id }, write);
    await ok(gw, `${E}groupApplyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, write);
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, write);
    await gw.app.inject({ method: 'POST', url: `${link.payUrl}/pay` });
    const roster = async (cookie: string) =>
      (
        await ok<Page<RosterPerson>>(gw, `${E}employeeListNew`, { policyId: policy.policyId, pageSize: 50 }, cookie)
      ).list.find((p) => p.occupationCode === '010021');
    const person = await roster(read);
    expect(person?.occupationName).toBe(words(read));
    expect((await roster(write))?.occupationName).toBe(words(write));
    const detail = await ok<PersonDetail>(gw, `${E}employeeDetailNew`, { personId: person!.personId }, read);
    expect(detail.occupationName).toBe(words(read));
  });

  it('in a refused import’s reasons, kept and said again in the language of whoever reads the report', async () => {
    const policy = await makePolicy(gw, { roster: 'employeeNew', rates: { 1: 36_500 } });
    const rows = [{ name: 'Wang Lei', idNumber: newPerson(policy.region, 3).idNumber, occupationCode: '040034' }];
    const res = await upload<ImportResult>(
      gw,
      `${E}addBatchEmployeeNew`,
      hr,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key() },
      { name: 'employer.xlsx', data: await workbook('add', rows) },
    );
    expect(res.data.errors[0].reasons).toEqual([
      'Occupation code (column H): Risk category 4 (Welder) is not covered by this policy.',
    ]);
    const report = async (cookie: string) =>
      (
        await readSheet(
          (await gw.raw(`${E}downloadErrorExcelNew`, { importId: res.data.importId }, { cookie })).rawPayload,
        )
      )
        .flat()
        .join('\n');
    const zh = await report(hrZh);
    expect(zh).toContain('本保单不承保职业类别 4（电焊工）');
    expect(zh).not.toContain('Welder');
    expect(await report(hr)).toContain('Risk category 4 (Welder) is not covered');

    // kept as before 0600 (the occupation's English name alone), then migrated
    const db = gw.app.services.db;
    const kept = await db
      .selectFrom('correction_import')
      .select('errors')
      .where('id', '=', res.data.importId)
      .executeTakeFirstOrThrow();
    const before = kept.errors.replace(/"occupation":\{[^}]*\}/, '"occupation":"Welder"');
    expect(before).not.toBe(kept.errors);
    await db.updateTable('correction_import').set({ errors: before }).where('id', '=', res.data.importId).execute();
    expect(await report(hrZh)).toContain('本保单不承保职业类别 4（Welder）');
    await readerTexts().up(db);
    expect(await report(hrZh)).toContain('本保单不承保职业类别 4（电焊工）');
  });
});

describe('the cashier page', () => {
  const shown = (html: string) =>
    html
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it('names a member order’s product in the payer’s language, whatever the order was written in', async () => {
    const senior = await gw.login('member-senior');
    const customer = await gw.app.services.db
      .selectFrom('app_user')
      .select('customer_id')
      .where('username', '=', 'member-senior')
      .executeTakeFirstOrThrow();
    const orderNo = await insertOrder(gw, customer.customer_id, { amount_fen: 215_000 });
    await gw.app.services.db
      .updateTable('member_order')
      .set({ product_code: 'MT-CAR-1', product_name: '车无忧机动车商业保险' })
      .where('order_no', '=', orderNo)
      .execute();
    const link = await ok<OrderPayment>(gw, 'blocLegal/personal/orderPayLink', { orderNo }, senior);
    const en = shown((await gw.app.inject({ method: 'GET', url: `${link.payUrl}?lang=en-US` })).body);
    expect(en).toContain('Chewuyou motor (commercial)');
    expect(en).not.toContain('车无忧');
    const zh = shown((await gw.app.inject({ method: 'GET', url: `${link.payUrl}?lang=zh-CN` })).body);
    expect(zh).toContain('车无忧机动车商业保险');
  });

  it('names a correction’s product in the payer’s language', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const change = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 4) },
      hrZh,
    );
    const id = change.correction.correctionId;
    await ok(gw, `${E}underwriting`, { correctionId: id }, hrZh);
    await ok(gw, `${E}applyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, hrZh);
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hrZh);
    const en = shown((await gw.app.inject({ method: 'GET', url: `${link.payUrl}?lang=en-US` })).body);
    expect(en).toContain('Group accident insurance');
    expect(en).not.toContain('团体意外伤害保险');
    const zh = shown((await gw.app.inject({ method: 'GET', url: `${link.payUrl}?lang=zh-CN` })).body);
    expect(zh).toContain('团体意外伤害保险');
  });
});

describe('a motor policy’s usage and drivers', () => {
  const MOTOR = 'PDA26310100009123';
  const vehicle = async (cookie: string) =>
    (await ok<MotorPolicyDetail>(gw, 'blocLegal/policy/carPolicyQuery', { policyNo: MOTOR }, cookie)).vehicle;

  it('are kept as codes and said in the reader’s language, also after 0600 on details kept in Chinese', async () => {
    const senior = await gw.login('member-senior');
    const seniorZh = `${senior}; ${LOCALE_COOKIE}=zh-CN`;
    const expectWords = async () => {
      expect(await vehicle(senior)).toMatchObject({
        usage: 'Private use',
        vehicleType: 'Private passenger car',
        driverScope: 'Named drivers: 李文静',
      });
      expect(await vehicle(seniorZh)).toMatchObject({
        usage: '家庭自用',
        vehicleType: '家庭自用客车',
        driverScope: '指定驾驶人：李文静',
      });
    };
    await expectWords();

    // the details as they were kept before 0600: Chinese words
    const db = gw.app.services.db;
    const row = await db
      .selectFrom('policy')
      .select('details')
      .where('policy_no', '=', MOTOR)
      .executeTakeFirstOrThrow();
    const { drivers: _drivers, ...kept } = JSON.parse(row.details) as Record<string, unknown>;
    const before = { ...kept, vehicleType: '家庭自用客车', usage: '家庭自用', driverScope: '指定驾驶人：李文静' };
    await db
      .updateTable('policy')
      .set({ details: JSON.stringify(before) })
      .where('policy_no', '=', MOTOR)
      .execute();
    expect((await vehicle(senior)).usage).toBe('家庭自用');
    await readerTexts().up(db);
    await expectWords();
  });
});

describe('a property policy’s insured items', () => {
  const PROPERTY = 'PRP26310100000126';
  const items = async (cookie: string) =>
    (
      (await ok<PolicyDetail>(gw, 'blocLegal/legalPolicy/getLegalPolicyInfo', { policyNo: PROPERTY }, cookie))
        .details as { propertyItems: Array<{ name: string; sumInsuredFen: number }> }
    ).propertyItems.map((i) => i.name);

  it('are kept as codes and said in the reader’s language, also after 0601 on details kept in Chinese', async () => {
    const expectWords = async () => {
      expect(await items(hr)).toEqual(['Factory buildings', 'Machinery and equipment', 'Stock']);
      expect(await items(hrZh)).toEqual(['厂房建筑物', '机器设备', '存货']);
    };
    await expectWords();

    // the details as they were kept before 0601: Chinese names
    const db = gw.app.services.db;
    const row = await db
      .selectFrom('policy')
      .select('details')
      .where('policy_no', '=', PROPERTY)
      .executeTakeFirstOrThrow();
    const kept = JSON.parse(row.details) as { propertyItems: Array<{ item: string; sumInsuredFen: number }> };
    const names: Record<string, string> = { buildings: '厂房建筑物', machinery: '机器设备', stock: '存货' };
    const before = {
      ...kept,
      propertyItems: kept.propertyItems.map((i) => ({ name: names[i.item], sumInsuredFen: i.sumInsuredFen })),
    };
    await db
      .updateTable('policy')
      .set({ details: JSON.stringify(before) })
      .where('policy_no', '=', PROPERTY)
      .execute();
    expect(await items(hr)).toEqual(['厂房建筑物', '机器设备', '存货']);
    await propertyItems().up(db);
    await expectWords();
  });
});

describe('a health policy’s hospitals and occupation classes', () => {
  const HEALTH = 'HLT26310100008812';
  const scope = async (cookie: string) =>
    (
      (await ok<PolicyDetail>(gw, 'blocLegal/policy/noCarPolicyQueryEcenter', { policyNo: HEALTH }, cookie))
        .details as { hospitalScope: string }
    ).hospitalScope;

  it('are kept as codes and said in the reader’s language, also after 0602 on details kept in Chinese', async () => {
    const senior = await gw.login('member-senior');
    const seniorZh = `${senior}; ${LOCALE_COOKIE}=zh-CN`;
    const expectWords = async () => {
      expect(await scope(senior)).toBe('General wards of public hospitals of level 2 and above');
      expect(await scope(seniorZh)).toBe('二级及以上公立医院普通部');
    };
    await expectWords();

    const db = gw.app.services.db;
    const row = await db
      .selectFrom('policy')
      .select('details')
      .where('policy_no', '=', HEALTH)
      .executeTakeFirstOrThrow();
    const before = { ...(JSON.parse(row.details) as object), hospitalScope: '二级及以上公立医院普通部' };
    await db
      .updateTable('policy')
      .set({ details: JSON.stringify(before) })
      .where('policy_no', '=', HEALTH)
      .execute();
    expect(await scope(senior)).toBe('二级及以上公立医院普通部');
    await healthDetails().up(db);
    await expectWords();
  });

  it('say a life policy’s beneficiary’s relation in the reader’s language', async () => {
    const senior = await gw.login('member-senior');
    const relations = async (cookie: string) =>
      (
        (
          await ok<PolicyDetail>(
            gw,
            'blocLegal/policy/noCarPolicyQueryEcenter',
            { policyNo: 'LIF21310100003321' },
            cookie,
          )
        ).details as { beneficiaries: Array<{ relation: string }> }
      ).beneficiaries.map((b) => b.relation);
    expect(await relations(senior)).toEqual(['Spouse', 'Child']);
    expect(await relations(`${senior}; ${LOCALE_COOKIE}=zh-CN`)).toEqual(['配偶', '子女']);
  });
});

describe('a coverage’s deductible', () => {
  const HEALTH = 'HLT26310100008812';
  const said = async (cookie: string) =>
    (await ok<PolicyDetail>(gw, 'blocLegal/policy/noCarPolicyQueryEcenter', { policyNo: HEALTH }, cookie)).risks.map(
      (r) => r.deductible,
    );

  it('is kept as a code and said in the reader’s language, also after 0605 on sentences kept in Chinese', async () => {
    const senior = await gw.login('member-senior');
    const seniorZh = `${senior}; ${LOCALE_COOKIE}=zh-CN`;
    const expectWords = async () => {
      expect(await said(senior)).toEqual(['¥10,000 a year', 'None']);
      expect(await said(seniorZh)).toEqual(['年免赔额 10,000 元', '无免赔额']);
    };
    await expectWords();

    const db = gw.app.services.db;
    const policy = await db.selectFrom('policy').select('id').where('policy_no', '=', HEALTH).executeTakeFirstOrThrow();
    const risks = await db
      .selectFrom('policy_risk')
      .select(['id', 'code'])
      .where('policy_id', '=', policy.id)
      .orderBy('sort')
      .execute();
    const sentences: Record<string, string> = { MD01: '年免赔额 10,000 元', MD02: '无免赔额' };
    for (const r of risks)
      await db
        .updateTable('policy_risk')
        .set({ deductible: sentences[r.code] ?? null })
        .where('id', '=', r.id)
        .execute();
    expect(await said(senior)).toEqual(['年免赔额 10,000 元', '无免赔额']);
    await deductibles().up(db);
    await expectWords();
  });

  it('turns every sentence the demo world was written with into a code said in both languages, without Chinese in English or English in Chinese', () => {
    const written = [
      '免赔 100 元',
      '免赔 3 天',
      '免赔期 3 天',
      '年免赔额 200 元，赔付比例 80%',
      '每次事故免赔 100 元，赔付比例 90%',
      '每次事故绝对免赔额 5,000 元或损失金额的 10%，以高者为准',
      '社保报销后剩余部分 90% 赔付',
      '¥100 per claim',
    ];
    expect(DEDUCTIBLE_SENTENCES.length).toBeGreaterThanOrEqual(written.length);
    const codes = written.map((w) => deductibleOf(w));
    expect(codes).toEqual([
      'amount:10000',
      'days:3',
      'days:3',
      'annual:20000;pay:80',
      'perEvent:10000;pay:90',
      'absolute:500000;share:10',
      'afterSocial;pay:90',
      'perClaim:10000',
    ]);
    for (const code of codes) {
      expect(deductibleText(code, 'en-US')).not.toMatch(HAN);
      expect(deductibleText(code, 'zh-CN')).not.toMatch(LATIN_WORD);
    }
    // the Chinese said again is the sentence it was written as (the figures, words and punctuation kept)
    expect(codes.slice(3, 7).map((c) => deductibleText(c, 'zh-CN'))).toEqual(written.slice(3, 7));
    expect(deductibleText('annual:20000;pay:80', 'en-US')).toBe('¥200 a year, then 80% paid');
    expect(deductibleText('written by hand', 'zh-CN')).toBe('written by hand');
  });
});
