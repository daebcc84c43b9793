import { PaymentState } from '../../../src/contract/states';
/**
 * Page-test support for corrections: policies with rosters made through the gateway's own database
 * (the demo seed of corp-hr's group policies lives on the policy branch), the cashier's buttons, and
 * a rendered flow whose actors a test can script.
 */
import { randomBytes } from 'node:crypto';
import { addDays, insurerToday } from '../../../src/common/correction';
import { checkCharacter } from '../../../src/common/idNumber';
import { countyCodes } from '../../../src/server/services/divisions';
import type { PolicyKind } from '../../../src/server/db/tables/core';
import type { ClientGateway } from '../support/portal';

export interface ClientPolicy {
  policyId: number;
  policyNo: string;
  customerId: number;
  personIds: number[];
  region: string;
}

export function idNumber(birthdate: string, seq: number, sex: 'male' | 'female', region: string): string {
  const code = String((seq % 500) * 2 + (sex === 'male' ? 1 : 0))
    .padStart(3, '0')
    .slice(-3);
  const first17 = `${region}${birthdate.replace(/-/g, '')}${code}`;
  return first17 + checkCharacter(first17);
}

let seq = 0;
export async function makePolicy(
  gw: ClientGateway,
  o: {
    roster?: 'employee' | 'employeeNew' | 'insured';
    members?: number;
    username?: string;
    minMembers?: number;
    kind?: PolicyKind;
  } = {},
): Promise<ClientPolicy> {
  const db = gw.app.services.db;
  const user = await db
    .selectFrom('app_user')
    .select('customer_id')
    .where('username', '=', o.username ?? 'corp-hr')
    .executeTakeFirstOrThrow();
  seq += 1;
  const roster = o.roster ?? 'employee';
  const startDate = addDays(insurerToday(), -100);
  const endDate = addDays(startDate, 364);
  const policyNo = `CP${process.pid}${seq}${randomBytes(2).toString('hex')}`.toUpperCase();
  const now = new Date().toISOString();
  const row = await db
    .insertInto('policy')
    .values({
      policy_no: policyNo,
      customer_id: user.customer_id,
      kind:
        o.kind ?? (roster === 'employeeNew' ? 'employer' : roster === 'insured' ? 'group_health' : 'group_accident'),
      product_code: 'GA01',
      product_name:
        roster === 'employeeNew' ? 'Employer liability' : roster === 'insured' ? 'Group health' : 'Group accident',
      state: 1,
      holder_name: 'Hengsheng Test Co.',
      insured_name: null,
      issue_date: startDate,
      start_date: startDate,
      end_date: endDate,
      premium_fen: 0,
      sum_insured_fen: 100_000_000,
      payment_state: PaymentState.paid,
      auto_renew: 2,
      roster,
      min_members: o.minMembers ?? 0,
      min_age: 16,
      max_age: 65,
      details: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rates = roster === 'employeeNew' ? { 1: 36_500, 2: 54_750, 3: 73_000 } : { 1: 36_500 };
  await db
    .insertInto('policy_rate')
    .values(
      Object.entries(rates).map(([cat, fen]) => ({
        policy_id: row.id,
        risk_category: Number(cat),
        annual_premium_fen: fen,
      })),
    )
    .execute();
  const regions = countyCodes();
  const region = regions[(process.pid * 13 + seq * 97) % regions.length];
  const rows = [];
  for (let i = 0; i < (o.members ?? 5); i += 1) {
    const birth = `19${80 + (i % 15)}-0${1 + (i % 9)}-1${i % 9}`;
    rows.push({
      policy_id: row.id,
      customer_id: user.customer_id,
      name: `Member ${String.fromCharCode(65 + (i % 26))}${i}`,
      id_type: 'ID',
      id_number: idNumber(birth, i, i % 2 ? 'female' : 'male', region),
      sex: i % 2 ? 'female' : 'male',
      birthdate: birth,
      phone: `139${String(10_000_000 + i).slice(-8)}`,
      employee_no: `E${String(i).padStart(6, '0')}`,
      department: 'Operations',
      occupation_code: roster === 'employeeNew' ? '010021' : null,
      occupation_name: roster === 'employeeNew' ? 'Office clerk' : null,
      risk_category: roster === 'employeeNew' ? 1 : null,
      bank_name: 'Bank of China',
      bank_account: `62170000${String(i).padStart(8, '0')}`,
      effective_date: startDate,
      end_date: null,
      state: 1,
      created_at: now,
      updated_at: now,
    });
  }
  const inserted = rows.length ? await db.insertInto('insured_person').values(rows).returning('id').execute() : [];
  return { policyId: row.id, policyNo, customerId: user.customer_id, personIds: inserted.map((r) => r.id), region };
}

/** A new person with a valid ID number. */
export function newPerson(region: string, n: number) {
  const birth = `1990-0${1 + (n % 9)}-2${n % 8}`;
  return {
    name: `Joiner ${String.fromCharCode(65 + (n % 26))}`,
    idNumber: idNumber(birth, 400 + n, 'male', region),
    phone: '13800138000',
  };
}

/** The cashier's buttons, as a person in the cashier tab would press them. */
export async function cashier(gw: ClientGateway, payUrl: string, action: 'pay' | 'fail') {
  const res = await fetch(`${gw.url}${payUrl}/${action}`, { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`cashier ${action} answered ${res.status}`);
}

/** Calls the gateway as the portal would, with the test's session (the page tests' cookie jar). */
export async function call<T = unknown>(
  gw: ClientGateway,
  name: string,
  values: Record<string, string | number>,
): Promise<T> {
  const body = new URLSearchParams({
    channelType: '1',
    ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
  });
  const res = await fetch(`${gw.url}/gateway/${name}`, {
    method: 'POST',
    body: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const json = (await res.json()) as { status: string; statusText: string; data: T };
  if (json.status !== 'SUC_0001') throw new Error(`${name}: ${json.statusText}`);
  return json.data;
}

export const key = () => `t${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/**
 * The page's enabled buttons by their text (or aria-label). Read from the DOM directly: role queries
 * compute the accessibility tree of the whole page and cost most of a path's time in jsdom.
 */
export function buttonsNamed(name: string): HTMLButtonElement[] {
  return Array.from(document.querySelectorAll('button')).filter(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name && !b.disabled,
  );
}

/** Waits (briefly) for an enabled button to appear. */
export async function buttonAppears(name: string, ms = 5000): Promise<HTMLButtonElement> {
  const start = Date.now();
  for (;;) {
    const found = buttonsNamed(name);
    if (found.length) return found[0];
    if (Date.now() - start > ms) throw new Error(`no enabled button "${name}" on the page`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
