/**
 * The company's audit trail (操作日志, docs/audit.md): every write of a company's user through the
 * gateway and every login and failed login, with who, when, from where and about what; filtered and
 * paged on the gateway, exported as xlsx and CSV in the reader's language, kept from every other
 * company, and append-only in the database itself.
 */
import { sql } from 'kysely';
import type { Page } from '@contract/envelope';
import type { AuditRow } from '@contract/io/audit';
import type { ItemChange } from '@contract/io/correction';
import { LOCALE_COOKIE } from '@contract/locale';
import { AUDITED, corporateCalls } from '@server/http/audited';
import { AuditTrail } from '@server/services/audit';
import { beijingDay } from '@common/time';
import { auditDetails } from '@common/audit';
import { formatFen } from '@common/money';
import { startGateway, type TestGateway } from './support/gateway';
import { key, makePolicy, newPerson, ok, readSheet, today, type TestPolicy } from './correction/support';

let gw: TestGateway;
let hr: string;
let policy: TestPolicy;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  policy = await makePolicy(gw, { members: 3 });
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const trail = async (cookie: string, filter: Record<string, string | number> = {}) =>
  ok<Page<AuditRow>>(gw, 'blocLegal/audit/list', { pageSize: 50, ...filter }, cookie);

describe('a write of a company’s user', () => {
  it('is recorded with who, when, from where, about what and what was written, and a read is not', async () => {
    const person = newPerson(policy.region, 3);
    const change = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...person },
      hr,
    );
    await ok(gw, `${E}correctDetail`, { correctionId: change.correction.correctionId }, hr);
    await ok(gw, `${E}underwriting`, { correctionId: change.correction.correctionId }, hr);

    const rows = (await trail(hr, { subject: change.correction.correctionNo })).list;
    expect(rows.map((r) => r.kind)).toEqual(['correctionChecked', 'personAdded']);
    const added = rows[1]!;
    expect(added).toMatchObject({
      actor: 'corp-hr',
      actorName: '王晓梅',
      source: '127.0.0.1',
      subjectKind: 'correction',
      subject: change.correction.correctionNo,
    });
    expect(beijingDay(new Date(added.at))).toBe(today());
    expect(added.after).toEqual(
      expect.arrayContaining([
        { field: 'name', value: person.name },
        { field: 'idNumber', value: expect.stringMatching(/^\d{3}\*+\w{4}$/) },
        { field: 'effectiveDate', value: today() },
      ]),
    );
    expect(JSON.stringify(added)).not.toContain(person.idNumber);
  });

  it('changes nothing and records nothing when the call is refused', async () => {
    const before = (await trail(hr)).total;
    const refused = await gw.call(
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), name: 'X', idNumber: '123' },
      { cookie: hr },
    );
    expect(refused.status).not.toBe('0');
    expect((await trail(hr)).total).toBe(before);
  });

  it('records logins and failed logins on the corporate tab', async () => {
    const failed = await gw.app.inject({
      method: 'POST',
      url: '/idprovider/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({
        username: 'corp-hr',
        password: 'wrong-Password1',
        privacy: '1',
        flag: 'legal',
      }).toString(),
    });
    expect(failed.statusCode).toBe(200);
    await gw.login('corp-hr');
    const logins = (await trail(hr, { subjectKind: 'account' })).list.filter((r) => r.kind.startsWith('login'));
    expect(logins.slice(0, 2).map((r) => r.kind)).toEqual(['login', 'loginFailed']);
    expect(logins[1]!.actor).toBe('corp-hr');
  });

  it('is not recorded for an individual member (a member has no company trail)', async () => {
    const count = async () =>
      Number(
        (
          await gw.app.services.db
            .selectFrom('audit_event')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await gw.login('member-senior');
    expect(await count()).toBe(before);
  });
});

describe('the trail’s page', () => {
  it('filters by kind, person, subject and Beijing days, and pages on the gateway', async () => {
    const all = await trail(hr);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const logins = await trail(hr, { kind: 'login' });
    expect(logins.list.length).toBeGreaterThan(0);
    expect(logins.list.every((r) => r.kind === 'login')).toBe(true);
    expect((await trail(hr, { actor: 'nobody' })).total).toBe(0);
    const hundred = await trail(hr, { pageSize: 100 });
    expect(hundred.total).toBeLessThanOrEqual(100);
    const ofToday = hundred.list.filter((r) => beijingDay(new Date(r.at)) === today());
    expect((await trail(hr, { dateFrom: today(), dateTo: today() })).total).toBe(ofToday.length);
    expect((await trail(hr, { dateTo: '2020-01-01' })).total).toBe(0);
    const page2 = await ok<Page<AuditRow>>(gw, 'blocLegal/audit/list', { pageSize: 2, pageNum: 2 }, hr);
    expect(page2.list).toHaveLength(2);
    expect(page2.list[0]!.id).toBe(all.list[2]!.id);
  });

  it('refuses days in the wrong order in the reader’s language', async () => {
    const refused = await gw.call(
      'blocLegal/audit/list',
      { dateFrom: '2026-02-02', dateTo: '2026-02-01' },
      {
        cookie: `${hr}; ${LOCALE_COOKIE}=zh-CN`,
      },
    );
    expect(refused.statusText).toBe('开始日期不能晚于结束日期。');
  });

  it('shows one company nothing of another’s', async () => {
    const other = await gw.login('corp-closing');
    const rows = (await trail(other)).list;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actor === 'corp-closing')).toBe(true);
  });
});

describe('the export', () => {
  it('writes the filtered trail as CSV with a byte-order mark, headers in the reader’s language and formulas made text', async () => {
    const filed = await ok<{ opinionNo: string }>(
      gw,
      'blocLegal/opinions/updateOpinions',
      { kind: 'complaint', typeCode: 'claim', title: '=HYPERLINK("x")', content: 'A complaint with a formula title.' },
      hr,
    );
    // a name that a spreadsheet would run as a formula at the start of its cell
    const customerId = (
      await gw.app.services.db
        .selectFrom('app_user')
        .select('customer_id')
        .where('username', '=', 'corp-hr')
        .executeTakeFirstOrThrow()
    ).customer_id;
    await gw.app.services.audit.record(
      { customer_id: customerId, id: null, username: 'corp-formula', name: '=SUM(A1:A9)', source: null },
      { kind: 'logout', subjectKind: 'account', subject: null },
    );
    const res = await gw.raw('blocLegal/audit/export', { format: 'csv' }, { cookie: `${hr}; ${LOCALE_COOKIE}=zh-CN` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('时间（北京时间）,用户名,姓名,来源地址,操作,对象,变更前,内容');
    expect(lines.some((l) => l.includes('加保员工') && l.includes('corp-hr'))).toBe(true);
    const complaint = lines.find((l) => l.includes(filed.opinionNo))!;
    expect(complaint).toContain('提交投诉建议');
    expect(complaint).toContain(`"标题：=HYPERLINK(""x"")"`);
    expect(lines.find((l) => l.includes('corp-formula'))).toContain(`,'=SUM(A1:A9),`);
  });

  it('writes the same rows as a workbook', async () => {
    const listed = await trail(hr, { kind: 'personAdded' });
    const res = await gw.raw('blocLegal/audit/export', { format: 'xlsx', kind: 'personAdded' }, { cookie: hr });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      'Time (Beijing)',
      'User name',
      'Name',
      'From address',
      'Action',
      'About',
      'Before',
      'Details',
    ]);
    expect(rows.slice(1)).toHaveLength(listed.total);
    expect(rows[1]![4]).toBe('Employee added');
  });
});

describe('the demo world', () => {
  it('gives corp-hr’s company a log that tells its insurance records’ story: each enrolment sent and paid', async () => {
    const db = gw.app.services.db;
    const enrolments = await db
      .selectFrom('insurance_record as r')
      .innerJoin('policy as p', 'p.id', 'r.policy_id')
      .innerJoin('app_user as u', 'u.customer_id', 'r.customer_id')
      .select(['p.policy_no', 'r.created_at', 'r.premium_change_fen'])
      .where('u.username', '=', 'corp-hr')
      .where('r.record_type', '=', 'add')
      .execute();
    expect(enrolments.length).toBeGreaterThan(0);
    const paid = await trail(hr, { kind: 'paymentStarted', pageSize: 100 });
    for (const e of enrolments.filter((x) => Number(x.premium_change_fen) > 0)) {
      const row = paid.list.find((r) => r.subject === e.policy_no && r.at === e.created_at);
      expect(row).toMatchObject({ actor: 'corp-hr', subjectKind: 'policy' });
      expect(row!.after).toEqual([{ field: 'amountFen', value: String(e.premium_change_fen) }]);
      expect(auditDetails(row!.after, 'zh-CN')).toBe(`金额：${formatFen(Number(e.premium_change_fen))}`);
    }
  });
});

describe('the table of calls', () => {
  it('says for every corporate call whether it writes to the trail, and names no other call', () => {
    const listed = Object.keys(AUDITED).sort();
    expect(listed).toEqual(corporateCalls().sort());
  });
});

describe('the database', () => {
  it('refuses to change a row, and to remove one before its retention has passed', async () => {
    const db = gw.app.services.db;
    // a row written now, kept for the retention
    await gw.app.services.audit.record(
      { customer_id: 1, id: null, username: 'young-row', name: 'Young', source: null },
      { kind: 'logout', subjectKind: 'account', subject: null },
    );
    const row = await db
      .selectFrom('audit_event')
      .select(['id', 'keep_until'])
      .where('actor', '=', 'young-row')
      .executeTakeFirstOrThrow();
    expect(row.keep_until > new Date(Date.now() + 1_000 * 86_400_000).toISOString()).toBe(true);
    if (gw.dialect === 'sqlite') {
      const triggers = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'audit_event' order by name`.execute(db);
      expect(triggers.rows.map((t) => t.name)).toEqual(['audit_event_no_delete', 'audit_event_no_update']);
    }
    const attempt = (query: { executeTakeFirst(): Promise<unknown> }) =>
      query.executeTakeFirst().then(
        (r) => `done: ${JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
        (e: Error) => e.message,
      );
    expect(
      await attempt(db.updateTable('audit_event').set({ actor: 'someone-else' }).where('id', '=', row.id)),
    ).toMatch(/append-only/);
    expect(await attempt(db.deleteFrom('audit_event').where('id', '=', row.id))).toMatch(/kept until/);
  });

  it('lets the retention’s end remove a row, and no earlier', async () => {
    const db = gw.app.services.db;
    const old = new AuditTrail(db, { now: () => new Date('2019-01-01T00:00:00Z') }, 365);
    await old.record(
      { customer_id: 1, id: null, username: 'old-user', name: 'Old', source: null },
      { kind: 'logout', subjectKind: 'account', subject: null },
    );
    const young = await db.selectFrom('audit_event').select('id').where('actor', '=', 'young-row').execute();
    const removed = await new AuditTrail(db, { now: () => new Date() }, 365).purge();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('audit_event').select('id').where('actor', '=', 'old-user').execute()).toHaveLength(0);
    expect(await db.selectFrom('audit_event').select('id').where('actor', '=', 'young-row').execute()).toEqual(young);
  });
});
