import { parseIdNumber } from '@common/idNumber';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO } from './support';

// A fresh PostgreSQL database and logins take a while when every suite shares two cores.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

const customerId = async (name: string) =>
  (await gw.app.services.db.selectFrom('customer').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('the demo insurance world', () => {
  it('gives the corporate customer at least eight policies of every corporate kind in several states', async () => {
    const db = gw.app.services.db;
    const id = await customerId('上海恒晟精密制造有限公司');
    const policies = await db.selectFrom('policy').selectAll().where('customer_id', '=', id).execute();
    expect(policies.length).toBeGreaterThanOrEqual(8);
    expect(new Set(policies.map((p) => p.kind))).toEqual(
      new Set(['property', 'motor', 'employer', 'group_accident', 'group_health', 'group_life']),
    );
    expect(new Set(policies.map((p) => p.state))).toEqual(new Set([1, 2, 3]));
    const roster = Object.fromEntries(policies.filter((p) => p.roster).map((p) => [p.kind + p.state, p.roster]));
    expect(roster).toMatchObject({
      employer1: 'employeeNew',
      group_accident1: 'employee',
      group_health1: 'insured',
      group_life1: 'employee',
    });
    const employer = policies.find((p) => p.policy_no === DEMO.hengsheng.employer)!;
    const rates = await db
      .selectFrom('policy_rate')
      .selectAll()
      .where('policy_id', '=', employer.id)
      .orderBy('risk_category')
      .execute();
    expect(rates.map((r) => r.risk_category)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(employer.min_members).toBeGreaterThan(0);
    expect(employer.max_age).toBeGreaterThan(employer.min_age);
  });

  it('insures a few hundred employees with valid ID numbers, departments, employee numbers, and occupations on the employer policy', async () => {
    const db = gw.app.services.db;
    const id = await customerId('上海恒晟精密制造有限公司');
    const people = await db.selectFrom('insured_person').selectAll().where('customer_id', '=', id).execute();
    expect(people.length).toBeGreaterThanOrEqual(300);
    for (const p of people) {
      const parsed = parseIdNumber(p.id_number);
      expect(parsed).toEqual({ ok: true, info: { birthdate: p.birthdate, sex: p.sex } });
      expect(p.name).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
      expect(p.employee_no).toMatch(/^HS\d{6}$/);
      expect(p.department).toBeTruthy();
    }
    const employer = await db
      .selectFrom('policy')
      .select('id')
      .where('policy_no', '=', DEMO.hengsheng.employer)
      .executeTakeFirstOrThrow();
    const onEmployer = people.filter((p) => p.policy_id === employer.id);
    expect(
      onEmployer.every(
        (p) => p.risk_category !== null && p.risk_category >= 1 && p.risk_category <= 6 && p.occupation_name,
      ),
    ).toBe(true);
    expect(new Set(onEmployer.map((p) => p.risk_category)).size).toBeGreaterThanOrEqual(5);
    // Removed people keep their history.
    expect(people.some((p) => p.state === 2 && p.end_date)).toBe(true);
  });

  it('leaves paid premiums uninvoiced for the invoice area and one unpaid', async () => {
    const db = gw.app.services.db;
    const id = await customerId('上海恒晟精密制造有限公司');
    const payments = await db.selectFrom('premium_payment').selectAll().where('customer_id', '=', id).execute();
    expect(payments.filter((p) => p.state === 2 && p.invoice_id === null).length).toBeGreaterThanOrEqual(5);
    expect(payments.filter((p) => p.state === 1)).toHaveLength(1);
  });

  it('gives claims in several states, each with a timeline that ends in its state', async () => {
    const db = gw.app.services.db;
    const id = await customerId('上海恒晟精密制造有限公司');
    const claims = await db.selectFrom('claim').selectAll().where('customer_id', '=', id).execute();
    expect(new Set(claims.map((c) => c.state)).size).toBeGreaterThanOrEqual(5);
    for (const c of claims) {
      const events = await db
        .selectFrom('claim_event')
        .selectAll()
        .where('claim_id', '=', c.id)
        .orderBy('at')
        .execute();
      expect(events[0].state).toBe(1);
      expect(events[events.length - 1].state).toBe(c.state);
    }
  });

  it('gives the company that will be cancelled only expired policies and nothing unpaid', async () => {
    const db = gw.app.services.db;
    const id = await customerId('苏州兰亭文化传播有限公司');
    const policies = await db.selectFrom('policy').select(['state']).where('customer_id', '=', id).execute();
    expect(policies.length).toBeGreaterThan(0);
    expect(policies.every((p) => p.state === 2)).toBe(true);
    const unpaid = await db
      .selectFrom('premium_payment')
      .select('id')
      .where('customer_id', '=', id)
      .where('state', '=', 1)
      .execute();
    expect(unpaid).toHaveLength(0);
  });

  it('gives the senior member individual life, health, motor and property policies, one renewing automatically', async () => {
    const db = gw.app.services.db;
    const id = await customerId('李文静');
    const policies = await db.selectFrom('policy').selectAll().where('customer_id', '=', id).execute();
    expect(new Set(policies.map((p) => p.kind))).toEqual(new Set(['life', 'health', 'motor', 'property']));
    expect(policies.every((p) => p.insured_name === '李文静' && p.roster === null)).toBe(true);
    expect(policies.filter((p) => p.auto_renew === 1)).toHaveLength(1);
  });

  it('is the same world on every seeding (deterministic)', async () => {
    const other = await startGateway();
    try {
      const names = (g: TestGateway) =>
        g.app.services.db
          .selectFrom('insured_person')
          .select(['name', 'id_number', 'policy_id'])
          .orderBy('id')
          .execute();
      expect(await names(other)).toEqual(await names(gw));
    } finally {
      await other.close();
    }
  });
});
