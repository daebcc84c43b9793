/**
 * Corrections answer in the user's language: refusals at the door and in the services, the names
 * of states, the reasons of checks and decisions (kept as keys, said in the reader's language), a
 * refused person's fields; what a correction writes for others (payment description, the policy's
 * insurance record) keeps its English as written and is said in each reader's language
 * (__tests__/server/storedTexts.test.ts).
 */
import { Status } from '@contract/envelope';
import type { ApprovalResult, CorrectionDetail, FieldRefusal, ItemChange, PaymentInfo } from '@contract/io/correction';
import { LOCALE_COOKIE } from '@contract/locale';
import { addDays } from '@common/correction';
import { startGateway, type TestGateway } from '../support/gateway';
import { key, makePolicy, newPerson, ok, today } from './support';

let gw: TestGateway;
let hr: string;
/** corp-hr with the portal's language set to Chinese. */
let hrZh: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  hrZh = `${hr}; ${LOCALE_COOKIE}=zh-CN`;
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const HAN = /[\u4e00-\u9fff]/;

describe('a refused correction, asked in Chinese', () => {
  it('answers the service’s refusal in Chinese, and the same refusal in English for an English request', async () => {
    const policy = await makePolicy(gw, { members: 3, minMembers: 3 });
    const values = {
      policyId: policy.policyId,
      effectiveDate: today(),
      personIds: JSON.stringify([policy.personIds[0]]),
    };
    const zh = await gw.call(`${E}subtractEmployee`, { ...values, idempotencyKey: key() }, { cookie: hrZh });
    expect(zh.status).toBe(Status.business);
    expect(zh.statusText).toBe('本保单至少须保留 3 名在保员工；本次变更后将只有 2 名。');
    const en = await gw.call(`${E}subtractEmployee`, { ...values, idempotencyKey: key() }, { cookie: hr });
    expect(en.statusText).toBe('The policy must keep at least 3 insured people; after this change it would have 2.');
    // nothing was made by either
    const made = await gw.app.services.db
      .selectFrom('correction')
      .select('id')
      .where('policy_id', '=', policy.policyId)
      .execute();
    expect(made).toEqual([]);
  });

  it('follows Accept-Language when no language was chosen in the portal', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: `/gateway/${E}checkBeforeCorrect`,
      headers: { cookie: hr, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-CN,zh;q=0.9' },
      payload: new URLSearchParams({ channelType: '1', policyId: '2147483000', kind: 'add' }).toString(),
    });
    expect(res.json()).toMatchObject({ status: Status.business, statusText: '您的账户下没有该保单。' });
  });

  it('names the wrong field at the door in Chinese', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const res = await gw.call(
      `${E}subtractEmployee`,
      { policyId: policy.policyId, effectiveDate: '2026-02-30', idempotencyKey: key(), personIds: '[1]' },
      { cookie: hrZh },
    );
    expect(res.statusText).toBe('生效日期不是有效的日期。');
  });

  it('puts each reason of a refused person on its field, in Chinese', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const res = await gw.call<FieldRefusal>(
      `${E}addSingleEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        name: '王芳',
        idNumber: '11010519491231002Y',
        phone: '123',
      },
      { cookie: hrZh },
    );
    expect(res.status).toBe(Status.business);
    expect(res.statusText).toBe(
      '王芳无法加入：身份证号只能包含数字（最后一位可以是 X）。手机号应为 13-19 开头的 11 位手机号码。',
    );
    expect(res.data.fields).toEqual({
      idNumber: ['身份证号只能包含数字（最后一位可以是 X）。'],
      phone: ['手机号应为 13-19 开头的 11 位手机号码。'],
    });
  });
});

describe('what a correction says and writes', () => {
  it('names states and reasons in the reader’s language, and keeps its payment and record as keys', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 1) },
      hrZh,
    );
    expect(added.correction.stateText).toBe('草稿');
    const id = added.correction.correctionId;
    // the same correction read in English
    const en = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
    expect(en.correction.stateText).toBe('Draft');

    await ok(gw, `${E}underwriting`, { correctionId: id }, hrZh);
    const approval = await ok<ApprovalResult>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      hrZh,
    );
    expect(approval.decision).toBe('approved');
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    const payment = await gw.app.services.db
      .selectFrom('premium_payment')
      .select(['text_key', 'text_params'])
      .where('payment_no', '=', link.paymentNo)
      .executeTakeFirstOrThrow();
    // made by a Chinese-speaking user: kept as a key and values, not in the maker's language
    expect(payment.text_key).toBe('correction.paymentDescription');
    expect(JSON.parse(payment.text_params ?? '{}')).toEqual({
      correctionNo: added.correction.correctionNo,
      policyNo: policy.policyNo,
    });

    const cashier = await gw.app.inject({ method: 'POST', url: `${link.payUrl}/pay` });
    expect(cashier.statusCode).toBe(303);
    const record = await gw.app.services.db
      .selectFrom('insurance_record')
      .select(['text_key', 'text_params'])
      .where('record_no', '=', `IR${added.correction.correctionNo}`)
      .executeTakeFirstOrThrow();
    expect(record.text_key).toBe('correction.record.add');
    expect(JSON.parse(record.text_params ?? '{}')).toMatchObject({
      count: 1,
      correctionNo: added.correction.correctionNo,
      money: { key: 'correction.record.charged' },
    });
  });

  it('keeps a rejection’s reasons as keys and says them in each reader’s language', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const joiner = newPerson(policy.region, 2);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: addDays(today(), 1), idempotencyKey: key(), ...joiner },
      hr,
    );
    const id = added.correction.correctionId;
    await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
    // the same person joins the policy meanwhile (another way in): the approval finds it
    await gw.app.services.db
      .updateTable('insured_person')
      .set({ id_number: joiner.idNumber })
      .where('id', '=', policy.personIds[0])
      .execute();
    const rejected = await ok<ApprovalResult>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      hr,
    );
    expect(rejected.decision).toBe('rejected');
    expect(rejected.reasons.join(' ')).toContain('This person is already insured on this policy.');
    const zh = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hrZh);
    expect(zh.correction.stateText).toBe('已拒绝');
    expect(zh.correction.reasons.join('')).toMatch(HAN);
  });
});
