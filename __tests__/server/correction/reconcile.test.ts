import ExcelJS from 'exceljs';
import { callPath } from '@contract/calls';
import type { Envelope } from '@contract/envelope';
import type { ItemChange, Reconciliation } from '@contract/io/correction';
import { daysInclusive, insurerToday, proRataFen } from '@common/correction';
import { InsuredState } from '@contract/states';
import { compareRoster } from '@server/services/corrections/reconcileCompare';
import { policyContext } from '@server/services/corrections/checks';
import type { RowValues } from '@server/services/corrections/rosterValues';
import { startGateway, type TestGateway } from '../support/gateway';
import { freshRegion, idNumber, key, makePolicy, multipart, type TestPolicy } from './support';

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
type Locale = 'zh-CN' | 'en-US';

async function compare(
  policy: { policyId: number },
  file: { name: string; data: Buffer },
  opts: { cookie?: string; locale?: Locale } = {},
): Promise<Envelope<Reconciliation>> {
  const body = multipart({ channelType: '1', policyId: policy.policyId }, file);
  const res = await gw.app.inject({
    method: 'POST',
    url: callPath(`${E}reconcileRoster`, gw.config.portal.gatewayPrefix),
    headers: { ...body.headers, cookie: opts.cookie ?? hr, 'accept-language': opts.locale ?? 'en-US' },
    payload: body.payload,
  });
  return res.json();
}

function correct(
  values: Record<string, string | number>,
  opts: { cookie?: string; locale?: Locale } = {},
): Promise<Envelope<ItemChange>> {
  return gw.call<ItemChange>(
    `${E}reconcileCorrect`,
    { idempotencyKey: key(), ...values },
    { cookie: opts.cookie ?? hr, headers: { 'accept-language': opts.locale ?? 'en-US' } },
  );
}

async function rosterOf(policyId: number) {
  return gw.app.services.db
    .selectFrom('insured_person')
    .selectAll()
    .where('policy_id', '=', policyId)
    .where('state', '=', InsuredState.insured)
    .orderBy('id')
    .execute();
}

/** An xlsx with a title row and then the given header and rows, as HR systems export them. */
async function xlsx(header: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('花名册');
  ws.addRow(['上海恒晟精密制造有限公司 在职员工花名册']);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A number in Chinese digits (names hold no digits). */
const han = (n: number) => [...String(n)].map((d) => '零一二三四五六七八九'[Number(d)]).join('');

const wide = (s: string) => s.replace(/[0-9X]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** The premium of a line as the corrections price it, for a policy priced at 365 yuan a year. */
const linePremium = (p: TestPolicy) =>
  proRataFen(36_500, daysInclusive(insurerToday(), p.endDate), daysInclusive(p.startDate, p.endDate));

describe('comparing a whole roster', () => {
  it('reads an xlsx with Chinese headers and answers joiners, leavers, changes, the same and bad rows', async () => {
    const policy = await makePolicy(gw, { members: 8 });
    const people = await rosterOf(policy.policyId);
    const kept = people.slice(0, 6); // people[6] and people[7] leave
    const joinerId = idNumber('1991-03-04', 7, 'female', freshRegion());
    const rows = kept.map((p, i) => [
      p.name,
      p.id_number,
      i === 0 ? '13912345678' : (p.phone ?? ''),
      i === 0 ? '研发部' : (p.department ?? ''),
      p.employee_no ?? '',
    ]);
    rows.push(['李晓梅', joinerId, '13800138000', '销售部', 'E900001']);
    const wrong = joinerId.slice(0, 17) + (joinerId[17] === '1' ? '2' : '1');
    rows.push(['王错号', wrong, '', '', '']);
    const data = await xlsx(['姓名', '证件号码', '手机号码', '所属部门', '员工编号'], rows);

    const res = await compare(policy, { name: '花名册.xlsx', data }, { locale: 'zh-CN' });
    expect(res.status).toBe('SUC_0001');
    const r = res.data;
    expect(r.totalRows).toBe(8);
    expect(r.joiners.map((j) => [j.row, j.name, j.premiumFen])).toEqual([[9, '李晓梅', linePremium(policy)]]);
    expect(r.leavers.map((l) => l.personId)).toEqual([people[6].id, people[7].id]);
    expect(r.leavers.every((l) => l.premiumFen === -linePremium(policy))).toBe(true);
    expect(r.changes).toHaveLength(1);
    expect(r.changes[0].personId).toBe(people[0].id);
    expect(r.changes[0].fields).toEqual([
      { field: 'phone', before: people[0].phone, after: '13912345678' },
      { field: 'department', before: people[0].department, after: '研发部' },
    ]);
    expect(r.changes[0].premiumFen).toBe(0);
    expect(r.unchanged).toBe(5);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].row).toBe(10);
    expect(r.errors[0].reasons.join('')).toMatch(/证件号码（B 列）：.*校验位/);
    expect(r.openCorrection).toBeNull();
  });

  it('reads a CSV whose ID numbers are in full-width digits', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const people = await rosterOf(policy.policyId);
    const joinerId = idNumber('1992-05-06', 9, 'male', freshRegion());
    const csv = [
      'Name,ID number,Phone',
      ...people.map((p) => `${p.name},${wide(p.id_number)},${p.phone}`),
      `Zhang Wei,${wide(joinerId)},１３８００１３８０００`,
    ].join('\r\n');
    const res = await compare(policy, { name: 'roster.csv', data: Buffer.from(csv, 'utf8') });
    expect(res.status).toBe('SUC_0001');
    expect(res.data.unchanged).toBe(3);
    expect(res.data.leavers).toEqual([]);
    expect(res.data.changes).toEqual([]);
    expect(res.data.joiners.map((j) => j.name)).toEqual(['Zhang Wei']);
    expect(res.data.errors).toEqual([]);
  });

  it('compares passports by ID type and number, and names a number insured under another type', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const now = new Date().toISOString();
    await gw.app.services.db
      .insertInto('insured_person')
      .values({
        policy_id: policy.policyId,
        customer_id: policy.customerId,
        name: 'John Smith',
        id_type: 'passport',
        id_number: 'E12345678',
        sex: 'male',
        birthdate: '1985-02-03',
        phone: null,
        employee_no: null,
        department: null,
        occupation_code: null,
        occupation_name: null,
        risk_category: null,
        bank_name: null,
        bank_account: null,
        effective_date: policy.startDate,
        end_date: null,
        state: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const people = await rosterOf(policy.policyId);
    const residents = people.filter((p) => p.id_type === 'residentId');
    const rows = [
      ...residents.map((p) => [p.name, '居民身份证', p.id_number, '', '']),
      ['John Smith', '护照', 'E12345678', '', ''],
      ['Anna Berg', '护照', 'G7654321', '女', '1990-07-08'],
      ['Kim Lee', '居民身份证', 'E12345678', '', ''],
    ];
    const data = await xlsx(['姓名', '证件类型', '证件号码', '性别', '出生日期'], rows);
    const res = await compare(policy, { name: 'passports.xlsx', data });
    expect(res.status).toBe('SUC_0001');
    expect(res.data.unchanged).toBe(3);
    expect(res.data.joiners.map((j) => [j.name, j.idType])).toEqual([['Anna Berg', 'passport']]);
    expect(res.data.leavers).toEqual([]);
    expect(res.data.errors.map((e) => e.row)).toEqual([7]);
    expect(res.data.errors[0].reasons).toEqual([
      '证件类型 (column B): This number is insured with another ID type (Passport); correct the ID type in the file.',
    ]);
  });

  it("refuses another customer's policy and another customer's comparison, changing nothing", async () => {
    const theirs = await makePolicy(gw, { username: 'corp-closing', members: 2 });
    const data = await xlsx(['姓名', '身份证号'], []);
    const res = await compare(theirs, { name: 'r.xlsx', data });
    expect(res.status).toBe('ERR_0003');
    expect(res.statusText).toBe('There is no such policy in your account.');

    const mine = await makePolicy(gw, { members: 2 });
    const people = await rosterOf(mine.policyId);
    const ours = await compare(mine, {
      name: 'r.xlsx',
      data: await xlsx(['姓名', '身份证号'], [[people[0].name, people[0].id_number]]),
    });
    const other = await gw.login('corp-closing');
    const refused = await correct(
      { reconciliationId: ours.data.reconciliationId, leaverIds: JSON.stringify([people[1].id]) },
      { cookie: other, locale: 'zh-CN' },
    );
    expect(refused.status).toBe('ERR_0003');
    expect(refused.statusText).toMatch(/没有该名单比对/);
    const open = await gw.app.services.db
      .selectFrom('correction')
      .select('id')
      .where('open_policy_id', '=', mine.policyId)
      .execute();
    expect(open).toEqual([]);
  });

  it('compares 10,000 rows while other calls are answered', async () => {
    const policy = await makePolicy(gw, { members: 20 });
    const people = await rosterOf(policy.policyId);
    const region = freshRegion();
    const lines = ['姓名,身份证号,手机号'];
    for (const p of people.slice(0, 10)) lines.push(`${p.name},${p.id_number},${p.phone}`);
    for (let i = 0; lines.length <= 10_000; i += 1) {
      const birth = `1990-01-${String(1 + Math.floor(i / 500)).padStart(2, '0')}`;
      lines.push(`员工${han(i)},${idNumber(birth, i % 500, 'male', region)},`);
    }
    const order: string[] = [];
    const big = compare(policy, { name: 'all.csv', data: Buffer.from(lines.join('\n'), 'utf8') }).then((r) => {
      order.push('roster');
      return r;
    });
    let done = false;
    void big.finally(() => {
      done = true;
    });
    while (!done) {
      const light = await gw.call('blocLegal/account/state', {}, { cookie: hr });
      expect(light.status).toBe('SUC_0001');
      if (!done) order.push('light');
    }
    const res = await big;
    expect(res.status).toBe('SUC_0001');
    expect(res.data.totalRows).toBe(10_000);
    expect(res.data.unchanged).toBe(10);
    expect(res.data.leavers).toHaveLength(10);
    expect(res.data.joiners).toHaveLength(9_990);
    expect(order[0]).toBe('light');
    expect(order[order.length - 1]).toBe('roster');
  });

  it('gives the event loop back while it compares', async () => {
    const policy = await makePolicy(gw, { members: 0 });
    const row = await gw.app.services.db
      .selectFrom('policy')
      .selectAll()
      .where('id', '=', policy.policyId)
      .executeTakeFirstOrThrow();
    const ctx = await policyContext({}, gw.app.services.db, row, insurerToday(), new Date());
    const region = freshRegion();
    const rows: RowValues[] = Array.from({ length: 5_000 }, (_, i) => {
      const values = {
        name: `员工${han(i)}`,
        idNumber: idNumber(`1991-02-${String(1 + Math.floor(i / 500)).padStart(2, '0')}`, i % 500, 'male', region),
      };
      return { row: i + 2, values, original: values, findings: [] };
    });
    const turns: string[] = [];
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      turns.push('other');
      setImmediate(tick);
    };
    setImmediate(tick);
    const result = await compareRoster({ ctx, rows, insured: [], claimed: new Set(), days: 100, yearDays: 365 });
    ticking = false;
    turns.push('compared');
    expect(result.joiners).toHaveLength(5_000);
    // Others ran between the comparison's slices, not only after it.
    expect(turns.indexOf('other')).toBeLessThan(turns.indexOf('compared'));
    expect(turns.filter((t) => t === 'other').length).toBeGreaterThan(3);
  });
});

describe('making the ticked people a correction', () => {
  async function compared(members = 6) {
    const policy = await makePolicy(gw, { members });
    const people = await rosterOf(policy.policyId);
    const region = freshRegion();
    const joiners = [0, 1].map((i) => [`新员工${'甲乙'[i]}`, idNumber('1993-04-05', i, 'male', region), '']);
    const rows = people.slice(2).map((p, i) => [p.name, p.id_number, i === 0 ? '13700000001' : (p.phone ?? '')]);
    const res = await compare(policy, {
      name: 'r.xlsx',
      data: await xlsx(['姓名', '身份证号', '手机号'], [...rows, ...joiners]),
    });
    expect(res.status).toBe('SUC_0001');
    return { policy, people, r: res.data };
  }

  it('adds the ticked joiners once, however often the click arrives, and records it in the activity log', async () => {
    const { policy, r } = await compared();
    const values = {
      reconciliationId: r.reconciliationId,
      joinerRows: JSON.stringify(r.joiners.map((j) => j.row)),
      idempotencyKey: key(),
    };
    const [a, b] = await Promise.all([correct(values), correct(values)]);
    expect(a.status).toBe('SUC_0001');
    expect(b.data.correction.correctionNo).toBe(a.data.correction.correctionNo);
    expect(a.data.correction.kind).toBe('add');
    expect(a.data.draft.total).toBe(2);
    const open = await gw.app.services.db
      .selectFrom('correction')
      .select('id')
      .where('policy_id', '=', policy.policyId)
      .execute();
    expect(open).toHaveLength(1);
    const audit = await gw.app.services.db
      .selectFrom('audit_event')
      .select(['kind', 'subject'])
      .where('call', '=', `${E}reconcileCorrect`)
      .where('subject', '=', a.data.correction.correctionNo)
      .execute();
    // Each answered click is in the log, about the one correction made.
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(audit.every((e) => e.kind === 'rosterReconciled')).toBe(true);
    // Another click with a new key: the policy's correction is open, nothing more is made.
    const again = await correct({ ...values, idempotencyKey: key() });
    expect(again.status).toBe('ERR_0003');
    expect(again.statusText).toMatch(/already has an unfinished correction/);
  });

  it('makes as many joiners as leavers an exchange, and changed details a change', async () => {
    const first = await compared();
    const ex = await correct({
      reconciliationId: first.r.reconciliationId,
      joinerRows: JSON.stringify(first.r.joiners.map((j) => j.row)),
      leaverIds: JSON.stringify(first.r.leavers.map((l) => l.personId)),
    });
    expect(ex.status).toBe('SUC_0001');
    expect(ex.data.correction.kind).toBe('exchange');
    expect(ex.data.draft.list.map((i) => i.personId).sort()).toEqual(first.r.leavers.map((l) => l.personId).sort());

    const second = await compared();
    const mod = await correct({
      reconciliationId: second.r.reconciliationId,
      changeIds: JSON.stringify([second.r.changes[0].personId]),
    });
    expect(mod.status).toBe('SUC_0001');
    expect(mod.data.correction.kind).toBe('modify');
    expect(mod.data.draft.list[0].changes).toEqual([
      { field: 'phone', before: second.people[2].phone, after: '13700000001' },
    ]);
  });

  it('refuses what cannot be one correction, in the user’s language, and the viewer', async () => {
    const { policy, r } = await compared();
    const mixed = await correct(
      {
        reconciliationId: r.reconciliationId,
        joinerRows: JSON.stringify([r.joiners[0].row]),
        leaverIds: JSON.stringify(r.leavers.map((l) => l.personId)),
      },
      { locale: 'zh-CN' },
    );
    expect(mixed.status).toBe('ERR_0003');
    expect(mixed.statusText).toBe(
      '您勾选了 1 名加入的员工和 2 名离开的员工：替换是一名加入的员工顶替一名离开的员工，请勾选相同人数，或只勾选其中一类。',
    );
    const withChanges = await correct({
      reconciliationId: r.reconciliationId,
      leaverIds: JSON.stringify([r.leavers[0].personId]),
      changeIds: JSON.stringify([r.changes[0].personId]),
    });
    expect(withChanges.statusText).toMatch(/one kind of change/);
    const viewer = await gw.login('corp-viewer');
    const refused = await correct(
      { reconciliationId: r.reconciliationId, leaverIds: JSON.stringify([r.leavers[0].personId]) },
      { cookie: viewer },
    );
    expect(refused.status).not.toBe('SUC_0001');
    expect(refused.statusText).toMatch(/Your role \(Viewer\) does not allow this/);
    const open = await gw.app.services.db
      .selectFrom('correction')
      .select('id')
      .where('policy_id', '=', policy.policyId)
      .execute();
    expect(open).toEqual([]);
  });

  it('refuses when the insured list changed since the comparison', async () => {
    const { policy, r } = await compared();
    await gw.app.services.db
      .updateTable('insured_person')
      .set({ state: InsuredState.removed })
      .where('id', '=', r.leavers[0].personId)
      .execute();
    const res = await correct({
      reconciliationId: r.reconciliationId,
      leaverIds: JSON.stringify(r.leavers.map((l) => l.personId)),
    });
    expect(res.status).toBe('ERR_0003');
    expect(res.statusText).toMatch(/The insured list has changed since the comparison/);
    const open = await gw.app.services.db
      .selectFrom('correction')
      .select('id')
      .where('policy_id', '=', policy.policyId)
      .execute();
    expect(open).toEqual([]);
  });
});
