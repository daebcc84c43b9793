/**
 * The policy area and the personal centre answer in the user's language: refusals, product and
 * coverage names, claim progress, documents a claim needs, insurance records, payment descriptions
 * and the club's names, in zh-CN for a Chinese request and en-US otherwise.
 */
import { Status } from '@contract/envelope';
import type { ClaimDetail, ClaimPage, InsuranceRecordRow, PolicyDetail } from '@contract/io/policy';
import type { GiftList, RiskQuestionnaire, ServicePackage } from '@contract/io/personal';
import type { Page } from '@contract/envelope';
import { LOCALE_COOKIE } from '@contract/locale';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO } from './support';

let gw: TestGateway;
let hr: string;
let senior: string;
const zh = (cookie: string) => `${cookie}; ${LOCALE_COOKIE}=zh-CN`;
const HAN = /[\u4e00-\u9fff]/;

beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  senior = await gw.login('member-senior');
});
afterAll(() => gw.close());

describe('answers in the user’s language', () => {
  it('refuses another customer’s policy in Chinese for a Chinese request', async () => {
    const res = await gw.call(
      'blocLegal/legalPolicy/getLegalPolicyInfo',
      { policyNo: DEMO.liWenjing.health },
      { cookie: zh(hr) },
    );
    expect(res).toEqual({ status: Status.business, statusText: '您的账户中没有该保单。', data: null });
    const english = await gw.call(
      'blocLegal/legalPolicy/getLegalPolicyInfo',
      { policyNo: DEMO.liWenjing.health },
      { cookie: hr },
    );
    expect(english.statusText).toBe('There is no such policy in your account.');
  });

  it('names products and coverages, and describes payments, in the reader’s language', async () => {
    const ask = (cookie: string) =>
      gw.call<PolicyDetail>(
        'blocLegal/legalPolicy/getLegalPolicyInfo',
        { policyNo: DEMO.hengsheng.groupAccident },
        { cookie },
      );
    const [en, cn] = [(await ask(hr)).data, (await ask(zh(hr))).data];
    expect(en.productName).toBe('Group accident insurance');
    expect(cn.productName).toBe('团体意外伤害保险');
    expect(en.risks[0].name).toBe('Accidental death or disability (per person)');
    expect(cn.risks[0].name).toBe('意外身故/残疾（每人）');
    expect(en.payments[0].description).toMatch(/^First premium of Group accident insurance \(\d+ people\)$/);
    expect(cn.payments[0].description).toMatch(/^团体意外伤害保险 首期保费（\d+ 人）$/);
    expect(en.documents[0].name).toBe(`E-policy ${DEMO.hengsheng.groupAccident}.pdf`);
    expect(cn.documents[0].name).toBe(`电子保单-${DEMO.hengsheng.groupAccident}.pdf`);
  });

  it('tells a claim’s progress and the documents it needs in Chinese', async () => {
    const list = await gw.call<ClaimPage>('blocLegal/claim/queryClaimList', { state: 4 }, { cookie: zh(hr) });
    const claimNo = list.data.list[0].claimNo;
    const cn = (await gw.call<ClaimDetail>('blocLegal/claim/queryClaimDetail', { claimNo }, { cookie: zh(hr) })).data;
    expect(cn.timeline.map((e) => e.title)).toEqual(['已报案', '审核中', '已核定', '已赔付']);
    expect(cn.timeline[3].text).toMatch(/^¥[\d,]+\.\d\d 已支付至登记的收款账户。$/);
    expect(cn.documents.every((d) => HAN.test(d.name))).toBe(true);
    const en = (await gw.call<ClaimDetail>('blocLegal/claim/queryClaimDetail', { claimNo }, { cookie: hr })).data;
    expect(en.timeline.map((e) => e.title)).toEqual(['Claim reported', 'Under review', 'Approved', 'Paid']);
    expect(en.documents.some((d) => HAN.test(d.name))).toBe(false);
  });

  it('says insurance records in the reader’s language', async () => {
    const ask = (cookie: string) =>
      gw.call<Page<InsuranceRecordRow>>(
        'blocLegal/insuranceRecord/queryInsuranceRecordList',
        { pageSize: 50 },
        { cookie },
      );
    const en = (await ask(hr)).data.list;
    const cn = (await ask(zh(hr))).data.list;
    expect(en.every((r) => !HAN.test(r.title))).toBe(true);
    expect(cn.every((r) => HAN.test(r.title) && HAN.test(r.description))).toBe(true);
  });

  it('names the club’s gifts and services and asks the risk questionnaire in Chinese', async () => {
    const gifts = (await gw.call<GiftList>('blocLegal/personal/giftList', {}, { cookie: zh(senior) })).data;
    expect(gifts.gifts.map((g) => g.name)).toContain('折叠雨伞');
    const packages = (await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: zh(senior) }))
      .data;
    expect(packages.flatMap((p) => p.items.map((i) => i.name))).toContain('年度体检');
    const questionnaire = (
      await gw.call<RiskQuestionnaire>('blocLegal/assets/riskQuestionnaire', {}, { cookie: zh(senior) })
    ).data;
    expect(questionnaire.questions[0].text).toBe('您的年龄是？');
    expect(questionnaire.latest?.levelName).toMatch(HAN);
  });

  it('refuses a non-senior member in Chinese', async () => {
    const basic = await gw.login('member-basic');
    const res = await gw.call('blocLegal/club/myScore', {}, { cookie: zh(basic) });
    expect(res).toEqual({ status: Status.refused, statusText: '您的信息不完善，无法参与俱乐部活动！', data: null });
  });
});
