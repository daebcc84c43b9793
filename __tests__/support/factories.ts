/**
 * Test data made through a gateway's own database, shared by the gateway tests, the page tests, the
 * browser journeys and the benchmarks: valid ID numbers, group policies with their rates and rosters,
 * new people to add. Anything with a running gateway (`{ app }`) can use them.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addDays, insurerToday } from '@common/correction';
import { checkCharacter } from '@common/idNumber';
import { PaymentState } from '@contract/states';
import { countyCodes } from '@server/services/divisions';
import type { Insertable } from 'kysely';
import type { InsuredPersonTable, PolicyKind } from '@server/db/tables/core';

/** A running gateway: its services (and database) hang off `app`. */
export interface WithApp {
  app: FastifyInstance;
}

/** A valid 18-character resident ID number: region, birth date, a sequence (0-499) and the sex digit. */
export function idNumber(birthdate: string, seq: number, sex: 'male' | 'female' = 'male', region = '110105'): string {
  const code = String((seq % 500) * 2 + (sex === 'male' ? 1 : 0))
    .padStart(3, '0')
    .slice(-3);
  const first17 = `${region}${birthdate.replace(/-/g, '')}${code}`;
  return first17 + checkCharacter(first17);
}

let counties: string[] | undefined;
const allCounties = () => (counties ??= countyCodes());

let regionSeq = 0;
/**
 * A fresh county code (a division in force, as the roster checks) per generated roster, so that
 * people of different tests never collide.
 */
export function freshRegion(): string {
  regionSeq += 1;
  const list = allCounties();
  return list[(process.pid * 37 + regionSeq * 101) % list.length];
}

/** The county `steps` places after `region` in the list of counties in force. */
function countyAfter(region: string, steps: number): string {
  if (steps === 0) return region;
  const list = allCounties();
  return list[(list.indexOf(region) + steps) % list.length];
}

export async function customerOf(gw: WithApp, username: string): Promise<number> {
  const u = await gw.app.services.db
    .selectFrom('app_user')
    .select('customer_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return u.customer_id;
}

export interface PolicyOptions {
  /** The corporate user whose company holds the policy (corp-hr unless told). */
  username?: string;
  roster?: 'employee' | 'employeeNew' | 'insured';
  /** The policy kind (by default from the roster: group_accident, employer, group_health). */
  kind?: PolicyKind;
  members?: number;
  minMembers?: number;
  minAge?: number;
  maxAge?: number;
  state?: number;
  /** risk category -> annual premium (fen) */
  rates?: Record<number, number>;
  startDate?: string;
  endDate?: string;
  /** The region code of the roster's ID numbers (a fresh one unless told). */
  region?: string;
  /** The policyholder's name (a test company unless told). */
  holderName?: string;
}

export interface TestPolicy {
  policyId: number;
  policyNo: string;
  customerId: number;
  startDate: string;
  endDate: string;
  personIds: number[];
  region: string;
}

const PRODUCT = { employee: 'Group accident', employeeNew: 'Employer liability', insured: 'Group health' } as const;
const KIND = { employee: 'group_accident', employeeNew: 'employer', insured: 'group_health' } as const;

let policySeq = 0;

/** A policy in force (started 100 days ago, one year long) with its rates and `members` people (5 unless told). */
export async function makePolicy(gw: WithApp, o: PolicyOptions = {}): Promise<TestPolicy> {
  const db = gw.app.services.db;
  const customerId = await customerOf(gw, o.username ?? 'corp-hr');
  policySeq += 1;
  const startDate = o.startDate ?? addDays(insurerToday(), -100);
  const endDate = o.endDate ?? addDays(startDate, 364);
  const roster = o.roster ?? 'employee';
  const policyNo = `TP${process.pid}${policySeq}${randomBytes(2).toString('hex')}`.toUpperCase();
  const now = new Date().toISOString();
  const row = await db
    .insertInto('policy')
    .values({
      policy_no: policyNo,
      customer_id: customerId,
      kind: o.kind ?? KIND[roster],
      product_code: 'GA01',
      product_name: PRODUCT[roster],
      state: o.state ?? 1,
      holder_name: o.holderName ?? 'Hengsheng Test Co.',
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
      min_age: o.minAge ?? 16,
      max_age: o.maxAge ?? 65,
      details: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rates = o.rates ?? (roster === 'employeeNew' ? { 1: 36_500, 2: 54_750, 3: 73_000, 4: 109_500 } : { 1: 36_500 });
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
  const region = o.region ?? freshRegion();
  const personIds = await addMembers(
    gw,
    { policyId: row.id, customerId, region, startDate },
    o.members ?? 5,
    roster === 'employeeNew',
  );
  return { policyId: row.id, policyNo, customerId, startDate, endDate, personIds, region };
}

/**
 * Adds people `from` .. `from + count - 1` to a policy's roster, in force since its start. Their ID
 * numbers are unique for any count: the county moves on every 500 people.
 */
export async function addMembers(
  gw: WithApp,
  p: { policyId: number; customerId: number; region: string; startDate: string },
  count: number,
  occupation: boolean,
  from = 0,
): Promise<number[]> {
  const now = new Date().toISOString();
  const rows: Array<Insertable<InsuredPersonTable>> = [];
  for (let i = from; i < from + count; i += 1) {
    const birth = `19${80 + (i % 15)}-0${1 + (i % 9)}-1${i % 9}`;
    const region = countyAfter(p.region, Math.floor(i / 500));
    rows.push({
      policy_id: p.policyId,
      customer_id: p.customerId,
      name: `Member ${String.fromCharCode(65 + (i % 26))}${i}`,
      id_type: 'residentId',
      id_number: idNumber(birth, i, i % 2 ? 'female' : 'male', region),
      sex: i % 2 ? 'female' : 'male',
      birthdate: birth,
      phone: `139${String(10_000_000 + i).slice(-8)}`,
      employee_no: `E${String(i).padStart(6, '0')}`,
      department: i % 3 ? 'Operations' : 'Finance',
      occupation_code: occupation ? '010021' : null,
      occupation_name: occupation ? 'Office clerk' : null,
      risk_category: occupation ? 1 : null,
      bank_name: 'Bank of China',
      bank_account: `62170000${String(i).padStart(8, '0')}`,
      effective_date: p.startDate,
      end_date: null,
      state: 1,
      created_at: now,
      updated_at: now,
    });
  }
  if (!rows.length) return [];
  return gw.app.services.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await trx
        .insertInto('insured_person')
        .values(rows.slice(i, i + 500))
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => r.id));
    }
    return ids;
  });
}

/** A new person to add (a valid ID number in the given region, none of the roster's). */
export function newPerson(region: string, seq: number, extra: Record<string, string> = {}) {
  const birth = `1990-0${1 + (seq % 9)}-2${seq % 8}`;
  return {
    name: `New Person${String.fromCharCode(65 + (seq % 26))}`,
    idNumber: idNumber(birth, 400 + (seq % 99), 'male', region),
    phone: '13800138000',
    ...extra,
  };
}

/** corp-hr's company gains an approver, `corp-approver` (赵磊), with the demo password: the demo has none. */
export async function addApprover(gw: WithApp): Promise<void> {
  const db = gw.app.services.db;
  const hr = await db.selectFrom('app_user').selectAll().where('username', '=', 'corp-hr').executeTakeFirstOrThrow();
  const { id: _id, ...values } = hr;
  await db
    .insertInto('app_user')
    .values({
      ...values,
      username: 'corp-approver',
      nick_name: '赵磊',
      real_name: '赵磊',
      phone: '13816620711',
      role: 'approver',
    })
    .execute();
}
