import type { Insertable, Kysely } from 'kysely';
import { PolicyState, RecordState } from '@contract/states';
import type { DB } from '../db/schema';
import type { InsuredPersonTable } from '../db/tables/core';
import { storedParams } from '../services/texts';
import type { SeedContext } from './context';
import { inChunks, PeopleGenerator, prng, seedOf, type GeneratedPerson, type PeoplePools } from './people';
import {
  addDays,
  CHUNK,
  daysBetween,
  yuan,
  type InsuredMember,
  type Member,
  type PolicyFixture,
  type RecordDraft,
  type SeededPolicy,
} from './policyFixture';

/**
 * The rosters of group policies: who is insured on each (from the generated people of the staff pool
 * or the policy's own pool), since when and until when, and the records of the roster's changes.
 */

/** A roster policy's people and the records of its enrolments and removals. */
export interface Roster {
  members: Member[];
  records: RecordDraft[];
}

/** The people a roster policy chooses from: its own pool, or the staff pool the policies share. */
export function rosterPool(p: PolicyFixture, pools: PeoplePools, staff: GeneratedPerson[], year: number) {
  if (!p.pool) return staff;
  const g = new PeopleGenerator(pools, p.pool.seed, p.pool.employeeNoPrefix, year);
  return Array.from({ length: p.pool.size }, () => g.person());
}

/** Chooses and dates the people of a roster policy: initial members, later additions and removals. */
export function buildRoster(
  p: PolicyFixture,
  pool: GeneratedPerson[],
  start: string,
  end: string,
  today: string,
): Roster {
  const spec = p.members!;
  const rng = prng(seedOf(p.policyNo));
  const order = pool.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const minAge = p.minAge ?? 0;
  const maxAge = p.maxAge ?? 120;
  const startYear = Number(start.slice(0, 4));
  const eligible = order
    .map((i) => pool[i])
    .filter((person) => {
      const age = startYear - Number(person.birthdate.slice(0, 4));
      return age >= minAge && age <= maxAge;
    });
  const total = spec.count + spec.removed;
  if (eligible.length < total)
    throw new Error(`policy ${p.policyNo}: only ${eligible.length} eligible people for ${total}`);
  const chosen = eligible.slice(0, total);
  const rates = new Map((p.rates ?? []).map((r) => [r.riskCategory, r.annualPremiumFen]));
  const annualOf = (person: GeneratedPerson) =>
    p.rates ? rates.get(person.occupation.riskCategory)! : (p.perHeadFen ?? 0);
  const periodDays = daysBetween(start, end) + 1;
  const lastDay = end < today ? end : today;
  const span = Math.max(daysBetween(start, lastDay), 4);
  const prorate = (annual: number, from: string) => Math.round((annual * (daysBetween(from, end) + 1)) / periodDays);

  const initialCount = total - spec.added;
  const members: Member[] = chosen.map((person, i) => {
    const annualFen = annualOf(person);
    if (i < initialCount) return { person, effective: start, endDate: null, annualFen, chargedFen: annualFen };
    // Additions come in three batches spread over the part of the period that has passed.
    const batch = (i - initialCount) % 3;
    const effective = addDays(start, Math.floor((span * (batch + 1)) / 4));
    return { person, effective, endDate: null, annualFen, chargedFen: prorate(annualFen, effective) };
  });
  // Removals: people of the initial roster, in two batches.
  for (let k = 0; k < spec.removed; k += 1) {
    const m = members[initialCount - 1 - k];
    m.endDate = addDays(start, Math.floor((span * (k % 2 === 0 ? 3 : 5)) / 8));
  }

  const records: RecordDraft[] = [];
  const initial = members.slice(0, initialCount);
  records.push({
    type: 'issue',
    day: addDays(start, -Math.max(1, start === today ? 1 : 5)),
    title: 'Policy issued',
    description: `${p.productName}保单签发，首期承保 ${initial.length} 人。`,
    textKey: 'record.issued',
    textParams: storedParams({ product: { product: p.productCode }, count: initial.length }),
    headcount: initial.length,
    premiumFen: initial.reduce((s, m) => s + m.chargedFen, 0),
    state: p.state === PolicyState.pendingPayment ? RecordState.pending : RecordState.effective,
    items: initial.map((m) => ({
      member: m,
      action: 'add',
      name: m.person.name,
      idNumber: m.person.idNumber,
      premiumFen: m.chargedFen,
    })),
  });
  const byDay = (list: Member[], key: (m: Member) => string) => {
    const map = new Map<string, Member[]>();
    for (const m of list) map.set(key(m), [...(map.get(key(m)) ?? []), m]);
    return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  };
  for (const [day, list] of byDay(members.slice(initialCount), (m) => m.effective)) {
    const premium = list.reduce((s, m) => s + m.chargedFen, 0);
    records.push({
      type: 'add',
      day,
      title: `Enrolled ${list.length} people`,
      description: `加保 ${list.length} 人，加收保费 ${yuan(premium)}。`,
      textKey: 'record.enrolled',
      textParams: storedParams({ count: list.length, amount: yuan(premium) }),
      headcount: list.length,
      premiumFen: premium,
      state: RecordState.effective,
      items: list.map((m) => ({
        member: m,
        action: 'add',
        name: m.person.name,
        idNumber: m.person.idNumber,
        premiumFen: m.chargedFen,
      })),
    });
  }
  for (const [day, list] of byDay(
    members.filter((m) => m.endDate),
    (m) => m.endDate!,
  )) {
    const refunds = list.map((m) => -prorate(m.annualFen, addDays(day, 1)));
    const refund = refunds.reduce((s, r) => s + r, 0);
    records.push({
      type: 'remove',
      day,
      title: `Removed ${list.length} people`,
      description: `减保 ${list.length} 人（离职），退还保费 ${yuan(-refund)}。`,
      textKey: 'record.removed',
      textParams: storedParams({ count: list.length, amount: yuan(-refund) }),
      headcount: -list.length,
      premiumFen: refund,
      state: RecordState.effective,
      items: list.map((m, i) => ({
        member: m,
        action: 'remove',
        name: m.person.name,
        idNumber: m.person.idNumber,
        premiumFen: refunds[i],
      })),
    });
  }
  return { members, records };
}

function personRow(
  m: Member,
  policyId: number,
  customerId: number,
  withOccupation: boolean,
  now: string,
): Insertable<InsuredPersonTable> {
  return {
    policy_id: policyId,
    customer_id: customerId,
    name: m.person.name,
    id_type: 'residentId',
    id_number: m.person.idNumber,
    sex: m.person.sex,
    birthdate: m.person.birthdate,
    phone: m.person.phone,
    employee_no: m.person.employeeNo,
    department: m.person.department,
    occupation_code: withOccupation ? m.person.occupation.code : null,
    occupation_name: withOccupation ? m.person.occupation.name : null,
    risk_category: withOccupation ? m.person.occupation.riskCategory : null,
    bank_name: null,
    bank_account: null,
    effective_date: m.effective,
    end_date: m.endDate,
    state: m.endDate ? 2 : 1,
    created_at: now,
    updated_at: now,
  };
}

/** Inserts a policy's roster; answers its members with their ids. */
export async function seedRoster(
  ctx: SeedContext,
  p: PolicyFixture,
  policy: SeededPolicy,
  roster: Roster,
  now: string,
): Promise<InsuredMember[]> {
  const withOccupation = p.members!.occupations === true;
  const inserted: InsuredMember[] = [];
  await inChunks(roster.members, CHUNK, async (chunk) => {
    const rows = await ctx.db
      .insertInto('insured_person')
      .values(chunk.map((m) => personRow(m, policy.id, policy.customerId, withOccupation, now)))
      .returning(['id', 'id_number'])
      .execute();
    const byIdNumber = new Map(rows.map((r) => [r.id_number, r.id]));
    for (const m of chunk) inserted.push({ ...m, id: byIdNumber.get(m.person.idNumber)! });
  });
  return inserted;
}

/**
 * Grows the roster of one policy to `target` insured people (the benchmark's 50,000-employee
 * company), with the same kind of generated people; answers how many were added.
 */
export async function growPolicyRoster(
  db: Kysely<DB>,
  pools: PeoplePools,
  policyNo: string,
  target: number,
  seed = 50_000,
): Promise<number> {
  const policy = await db
    .selectFrom('policy')
    .select(['id', 'customer_id', 'start_date', 'roster'])
    .where('policy_no', '=', policyNo)
    .executeTakeFirstOrThrow();
  const countRow = await db
    .selectFrom('insured_person')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('policy_id', '=', policy.id)
    .executeTakeFirstOrThrow();
  const existing = Number(countRow.n);
  const missing = target - existing;
  if (missing <= 0) return 0;
  const taken = new Set(
    (await db.selectFrom('insured_person').select('id_number').where('policy_id', '=', policy.id).execute()).map(
      (r) => r.id_number,
    ),
  );
  const gen = new PeopleGenerator(pools, seed, 'BM', Number(policy.start_date.slice(0, 4)), 100_000 + existing);
  const withOccupation = policy.roster === 'employeeNew';
  const now = new Date().toISOString();
  let added = 0;
  while (added < missing) {
    const n = Math.min(CHUNK, missing - added);
    const rows: Insertable<InsuredPersonTable>[] = [];
    while (rows.length < n) {
      const person = gen.person();
      if (taken.has(person.idNumber)) continue;
      rows.push(
        personRow(
          { person, effective: policy.start_date, endDate: null, annualFen: 0, chargedFen: 0 },
          policy.id,
          policy.customer_id,
          withOccupation,
          now,
        ),
      );
    }
    await db.insertInto('insured_person').values(rows).execute();
    added += n;
  }
  return added;
}
