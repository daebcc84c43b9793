/**
 * Certificates of insurance (参保证明): one PDF per insured person in the reader's language, with the
 * policy, the cover, the period, the seal and a verification code that the site's verify page checks;
 * a zip of one PDF per person chosen (or the whole policy); only the company's own people; each issue
 * in the activity log.
 */
import { unzipSync } from 'fflate';
import type { Page } from '@contract/envelope';
import { Status } from '@contract/envelope';
import type { AuditRow } from '@contract/io/audit';
import { LOCALE_COOKIE } from '@contract/locale';
import { InsuredState } from '@contract/states';
import { CERTIFICATES_PER_ZIP } from '@contract/io/correction.requests';
import { startGateway, type TestGateway } from './support/gateway';
import { pdfInfo, pdfText } from './policy/pdfText';
import { DEMO } from './policy/support';
import { makePolicy, ok, type TestPolicy } from './correction/support';

let gw: TestGateway;
let hr: string;
let other: string;
let demoPolicy: { id: number; personId: number; name: string; idNumber: string };
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  other = await gw.login('corp-closing');
  const row = await gw.app.services.db
    .selectFrom('policy as p')
    .innerJoin('insured_person as i', 'i.policy_id', 'p.id')
    .select(['p.id', 'i.id as personId', 'i.name', 'i.id_number'])
    .where('p.policy_no', '=', DEMO.hengsheng.groupAccident)
    .where('i.state', '=', InsuredState.insured)
    .orderBy('i.id')
    .executeTakeFirstOrThrow();
  demoPolicy = { id: row.id, personId: row.personId, name: row.name, idNumber: row.id_number };
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const flat = (pdf: Buffer | Uint8Array) => pdfText(Buffer.from(pdf)).replace(/\s*\n\s*/g, '');
const lang = (locale: string) => ({ cookie: `${hr}; ${LOCALE_COOKIE}=${locale}` });
const codeIn = (text: string) => /([A-HJ-NP-Z2-9]{4}-){3}[A-HJ-NP-Z2-9]{4}/.exec(text)?.[0];
const verifyPage = (code: string, locale = 'en-US') =>
  gw.app.inject({ method: 'GET', url: `/site/verify?lang=${locale}&code=${encodeURIComponent(code)}` });

describe('one certificate', () => {
  it.each([
    ['en-US', 'Certificate of insurance', 'Policyholder', 'Huaxin Insurance Group Co., Ltd.', 'Period of cover'],
    ['zh-CN', '参保证明', '投保单位', '华信保险集团股份有限公司', '保险期间'],
  ])(
    'is a PDF in %s with the policy, the person, the cover, the period, the seal and a code',
    async (locale, ...words) => {
      const res = await gw.raw(`${E}certificate`, { personId: demoPolicy.personId }, lang(locale));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(DEMO.hengsheng.groupAccident));
      const text = flat(res.rawPayload);
      for (const w of words) expect(text).toContain(w);
      expect(text).toContain(DEMO.hengsheng.groupAccident);
      expect(text).toContain('上海恒晟精密制造有限公司');
      expect(text).toContain(demoPolicy.name);
      // The ID number masked, never whole.
      expect(text).toContain(`${demoPolicy.idNumber.slice(0, 3)}${'*'.repeat(demoPolicy.idNumber.length - 7)}`);
      expect(text).not.toContain(demoPolicy.idNumber);
      expect(text).toMatch(/¥[\d,]+\.\d\d/);
      expect(text).toContain('/site/verify');
      // The seal is an image on the page.
      expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
      const code = codeIn(text);
      expect(code).toBeDefined();
      expect(pdfInfo(res.rawPayload, 'Subject')).toBe(code);
    },
  );

  it('has a code the verify page checks, with the policy, the masked name, the period and today’s standing', async () => {
    const res = await gw.raw(`${E}certificate`, { personId: demoPolicy.personId }, lang('en-US'));
    const code = codeIn(flat(res.rawPayload)) as string;
    const page = await verifyPage(code.toLowerCase().replace(/-/g, ' '));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="verify-valid"');
    expect(page.body).toContain(DEMO.hengsheng.groupAccident);
    expect(page.body).toContain('The cover is in force today');
    expect(page.body).not.toContain(demoPolicy.name);
    expect(page.body).toContain(demoPolicy.name.slice(0, 1));
    const zh = await verifyPage(code, 'zh-CN');
    expect(zh.body).toContain('核验通过');
    expect(zh.body).toContain('保障今日');
    // The activity log: who the certificate is for, the ID number masked.
    const log = await ok<Page<AuditRow>>(gw, 'blocLegal/audit/list', { pageSize: 5 }, hr);
    expect(log.list[0]).toMatchObject({ kind: 'certificateIssued', subject: DEMO.hengsheng.groupAccident });
    expect(log.list[0].after).toEqual(
      expect.arrayContaining([
        { field: 'name', value: demoPolicy.name },
        { field: 'idNumber', value: expect.stringMatching(/^\d{3}\*+[\dX]{4}$/) },
      ]),
    );
  });

  it('says when the person has left since, and the codes differ each time', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const first = await gw.raw(`${E}certificate`, { personId: policy.personIds[0] }, lang('en-US'));
    const second = await gw.raw(`${E}certificate`, { personId: policy.personIds[0] }, lang('en-US'));
    const code = codeIn(flat(first.rawPayload)) as string;
    expect(codeIn(flat(second.rawPayload))).not.toBe(code);
    const yesterday = new Date(Date.now() - 86_400_000 - 8 * 3_600_000).toISOString().slice(0, 10);
    await gw.app.services.db
      .updateTable('insured_person')
      .set({ state: InsuredState.removed, end_date: yesterday })
      .where('id', '=', policy.personIds[0])
      .execute();
    const page = await verifyPage(code);
    expect(page.body).toContain('data-testid="verify-valid"');
    expect(page.body).toContain(`The cover is no longer in force: it ended on ${yesterday}.`);
    // A removed person's certificate states the period to the day they left.
    const after = flat((await gw.raw(`${E}certificate`, { personId: policy.personIds[0] }, lang('en-US'))).rawPayload);
    expect(after).toContain(`to ${yesterday} 24:00`);
  });

  it('is refused for another company’s person and policy, and for an unpaid policy', async () => {
    const mine = await makePolicy(gw, { members: 2 });
    for (const [name, values] of [
      [`${E}certificate`, { personId: mine.personIds[0] }],
      [`${E}certificates`, { policyId: mine.policyId, whole: 1 }],
      [`${E}certificates`, { policyId: mine.policyId, personIds: JSON.stringify(mine.personIds) }],
    ] as const) {
      const res = await gw.call(name, values, { cookie: other });
      expect(res.status).toBe(Status.business);
      expect(res.statusText).toMatch(/^There is no such (policy|insured person) in your account\.$/);
    }
    expect(
      await gw.app.services.db.selectFrom('certificate').where('policy_id', '=', mine.policyId).select('id').execute(),
    ).toEqual([]);
    // Someone else's person named on one's own policy.
    const foreign = await makePolicy(gw, { username: 'corp-closing', members: 1 });
    const mixed = await gw.call(
      `${E}certificates`,
      { policyId: mine.policyId, personIds: JSON.stringify([mine.personIds[0], foreign.personIds[0]]) },
      { cookie: hr },
    );
    expect(mixed.statusText).toBe(`Some of the people chosen are not insured on policy ${mine.policyNo}.`);
    const unpaid = await makePolicy(gw, { members: 1, state: 3 });
    await gw.app.services.db
      .updateTable('policy')
      .set({ payment_state: 1 })
      .where('id', '=', unpaid.policyId)
      .execute();
    const refused = await gw.call(`${E}certificate`, { personId: unpaid.personIds[0] }, { cookie: hr });
    expect(refused.statusText).toBe('Certificates of insurance are issued once the policy’s premium is paid.');
  });
});

describe('a zip of certificates', () => {
  let policy: TestPolicy;
  beforeAll(async () => {
    policy = await makePolicy(gw, { members: 4 });
  });

  it('holds one PDF per person chosen, each with its own code, and the log records the issue', async () => {
    const chosen = [policy.personIds[0], policy.personIds[2]];
    const res = await gw.raw(
      `${E}certificates`,
      { policyId: policy.policyId, personIds: JSON.stringify(chosen) },
      lang('zh-CN'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names).toHaveLength(2);
    const people = await gw.app.services.db
      .selectFrom('insured_person')
      .select(['id', 'name'])
      .where('id', 'in', chosen)
      .orderBy('id')
      .execute();
    const codes = new Set<string>();
    for (const p of people) {
      const name = names.find((n) => n.includes(p.name)) as string;
      expect(name).toMatch(/^参保证明-.*\.pdf$/);
      const text = flat(files[name]);
      expect(text).toContain(p.name);
      expect(text).toContain('参保证明');
      codes.add(codeIn(text) as string);
    }
    expect(codes.size).toBe(2);
    for (const code of codes) expect((await verifyPage(code)).body).toContain('data-testid="verify-valid"');

    const log = await ok<Page<AuditRow>>(gw, 'blocLegal/audit/list', { pageSize: 5 }, hr);
    expect(log.list[0]).toMatchObject({
      kind: 'certificateIssued',
      subjectKind: 'policy',
      subject: policy.policyNo,
    });
    expect(log.list[0].after).toContainEqual({ field: 'rows', value: '2' });
  });

  it('holds the whole policy’s people when asked, and refuses an empty choice', async () => {
    const res = await gw.raw(`${E}certificates`, { policyId: policy.policyId, whole: 1 }, lang('en-US'));
    expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload)))).toHaveLength(4);
    const none = await gw.call(`${E}certificates`, { policyId: policy.policyId }, { cookie: hr });
    expect(none.statusText).toBe('Choose the people whose certificates you want, or the whole policy.');
  });

  it('refuses a whole policy larger than one download holds, saying how many, and issues nothing', async () => {
    const big = await makePolicy(gw, { members: CERTIFICATES_PER_ZIP + 1 });
    const res = await gw.call(`${E}certificates`, { policyId: big.policyId, whole: 1 }, { cookie: hr });
    expect(res.statusText).toBe(
      `A download holds at most ${CERTIFICATES_PER_ZIP} certificates, and policy ${big.policyNo} insures ${CERTIFICATES_PER_ZIP + 1} people. Choose up to ${CERTIFICATES_PER_ZIP} people at a time.`,
    );
    const issued = await gw.app.services.db
      .selectFrom('certificate')
      .select('id')
      .where('policy_id', '=', big.policyId)
      .execute();
    expect(issued).toEqual([]);
  });
});

describe('the verify page', () => {
  it('shows the form, and says clearly when a code is malformed or unknown', async () => {
    const form = await gw.app.inject({ method: 'GET', url: '/site/verify?lang=en-US' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<h1>Verify a certificate</h1>');
    expect(form.body).toContain('name="code"');
    expect(form.body).not.toMatch(/<script/i);
    const malformed = await verifyPage('12345');
    expect(malformed.body).toContain('A verification code has 16 letters and digits');
    const unknown = await verifyPage('ABCD-EFGH-JKLM-NPQR');
    expect(unknown.body).toContain('No certificate has the code ABCD-EFGH-JKLM-NPQR.');
    const zh = await verifyPage('ABCD-EFGH-JKLM-NPQR', 'zh-CN');
    expect(zh.body).toContain('没有验证码为 ABCD-EFGH-JKLM-NPQR 的参保证明');
    // What a visitor types comes back escaped.
    expect((await verifyPage('<b>x</b>')).body).not.toContain('<b>x</b>');
  });

  it('is linked from the site’s footer and the login page', async () => {
    expect((await gw.app.inject({ method: 'GET', url: '/site/about?lang=en-US' })).body).toContain(
      'href="/site/verify?lang=en-US"',
    );
    const login = await gw.app.inject({ method: 'GET', url: '/idprovider/login?flag=legal' });
    expect(login.body).toMatch(/href="\/site\/verify\?lang=[a-zA-Z-]+"/);
  });
});

describe('the verify page’s rate limit', () => {
  it('tells a source over its limit on the page, in its language, and checks nothing more', async () => {
    const { VERIFY_PER_MINUTE } = await import('@server/routes/site');
    const own = await startGateway();
    try {
      const check = () => own.app.inject({ method: 'GET', url: '/site/verify?lang=zh-CN&code=ABCD-EFGH-JKLM-NPQR' });
      for (let i = 0; i < VERIFY_PER_MINUTE; i += 1) expect((await check()).statusCode).toBe(200);
      const limited = await check();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toContain('text/html');
      expect(limited.body).toContain('您的网络核验次数过多，请一分钟后再试。');
      expect(limited.body).not.toContain('data-testid="verify-unknown"');
    } finally {
      await own.close();
    }
  });
});
