import { ClaimDocumentState, ClaimState, PolicyState, RecordState, type PaymentState } from '@contract/states';
import { translate, type MessageKey } from '../messages/catalogue';
import { BILINGUAL, storedParams } from '../services/texts';
import type { Insertable, Kysely } from 'kysely';
import type { SeedContext } from './context';
import type { DB } from '../db/schema';
import type { InsuredPersonTable, PolicyKind } from '../db/tables/core';
import { inChunks, PeopleGenerator, prng, seedOf, type GeneratedPerson, type PeoplePools } from './people';

/**
 * The demo insurance world (fixtures/demo/policies.json and people.json): policies with coverages and
 * rates, the rosters of group policies, premium payments, insurance records, and claims with their
 * timelines and documents. Dates are offsets from the seeding day; the rest is deterministic.
 */

interface RiskFixture {
  code: string;
  name: string;
  sumInsuredFen: number;
  premiumFen?: number;
  share?: number;
  deductible: string | null;
}

interface PaymentFixture {
  paymentNo: string;
  description: string;
  /** How the gateway says it (payment.premium, payment.firstYear, payment.renewal), naming the product. */
  textKey: string;
  amountFen: number;
  state: PaymentState;
  payType: string | null;
  paid: number | null;
}

/** A record as seeded: its title and description in both languages. */
interface RecordFixture {
  type: string;
  day: number;
  title: string;
  titleZh: string;
  description: string;
  descriptionZh: string;
  premiumFen?: number;
  state?: RecordState;
}

interface PoolFixture {
  size: number;
  seed: number;
  employeeNoPrefix: string;
}

interface PolicyFixture {
  policyNo: string;
  customer: string;
  kind: PolicyKind;
  productCode: string;
  productName: string;
  state: number;
  issue: number;
  start: number;
  months?: number;
  endDate?: string;
  sumInsuredFen: number;
  premiumFen?: number;
  paymentState: PaymentState;
  autoRenew: number;
  roster?: string;
  minMembers?: number;
  minAge?: number;
  maxAge?: number;
  perHeadFen?: number;
  insuredName?: string;
  pool?: PoolFixture;
  details: Record<string, unknown>;
  rates?: Array<{ riskCategory: number; annualPremiumFen: number }>;
  members?: { count: number; removed: number; added: number; occupations?: boolean };
  risks: RiskFixture[];
  payments?: PaymentFixture[];
  annualPayments?: {
    prefix: string;
    count: number;
    amountFen: number;
    payType: string;
    description: string;
    textKey: string;
  };
  records?: RecordFixture[];
}

interface ClaimFixture {
  claimNo: string;
  policyNo: string;
  member: number | null;
  claimant?: string;
  accident: number;
  report: number;
  state: ClaimState;
  cause: string;
  description: string;
  claimedFen: number;
  approvedFen: number;
  paidFen: number;
  /** Codes of the catalogue's claim documents ('claim.doc.<code>'). */
  documents: string[];
}

interface PoliciesFixture {
  staffPool: PoolFixture & { customer: string };
  policies: PolicyFixture[];
  claims: ClaimFixture[];
}

const CHUNK = 500;

function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const at = (day: string, time = '02:30:00') => `${day}T${time}.000Z`;
const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** One person on a roster, before insertion. */
interface Member {
  person: GeneratedPerson;
  effective: string;
  endDate: string | null;
  annualFen: number;
  /** Premium charged on enrolment (prorated for people added during the period). */
  chargedFen: number;
}

interface RecordDraft {
  type: string;
  day: string;
  title: string;
  description: string;
  /** How every reader gets it in their language (services/texts.ts). */
  textKey: string;
  textParams: string;
  headcount: number;
  premiumFen: number;
  state: RecordState;
  items: Array<{ member?: Member; action: string; name: string; idNumber: string; premiumFen: number }>;
}

/** Chooses and dates the people of a roster policy: initial members, later additions and removals. */
function buildRoster(
  p: PolicyFixture,
  pool: GeneratedPerson[],
  start: string,
  end: string,
  today: string,
): { members: Member[]; records: RecordDraft[] } {
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

function splitPremium(risks: RiskFixture[], total: number): number[] {
  if (risks.every((r) => r.premiumFen !== undefined)) return risks.map((r) => r.premiumFen!);
  const parts = risks.map((r) => Math.round(total * (r.share ?? 0)));
  parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** A claim's progress as seeded: the catalogue's steps ('claim.event.<step>'), days after the report. */
const CLAIM_STEPS: Record<ClaimState, { step: string; after: number; params: (c: ClaimFixture) => object }> = {
  [ClaimState.reported]: { step: 'reported', after: 0, params: () => ({}) },
  [ClaimState.underReview]: { step: 'underReview', after: 2, params: () => ({}) },
  [ClaimState.approved]: { step: 'approved', after: 12, params: (c) => ({ amount: yuan(c.approvedFen) }) },
  [ClaimState.paid]: { step: 'paid', after: 15, params: (c) => ({ amount: yuan(c.paidFen) }) },
  [ClaimState.rejected]: { step: 'rejectedExclusion', after: 14, params: () => ({}) },
  [ClaimState.closed]: { step: 'withdrawn', after: 7, params: () => ({}) },
};

function claimEvents(c: ClaimFixture): Array<{ state: ClaimState; after: number; key: string; params: string }> {
  const path: ClaimState[] =
    c.state === ClaimState.reported
      ? [ClaimState.reported]
      : c.state === ClaimState.underReview
        ? [ClaimState.reported, ClaimState.underReview]
        : c.state === ClaimState.approved
          ? [ClaimState.reported, ClaimState.underReview, ClaimState.approved]
          : c.state === ClaimState.paid
            ? [ClaimState.reported, ClaimState.underReview, ClaimState.approved, ClaimState.paid]
            : [ClaimState.reported, ClaimState.underReview, c.state];
  return path.map((s) => {
    const e = CLAIM_STEPS[s];
    return { state: s, after: e.after, key: `claim.event.${e.step}`, params: JSON.stringify(e.params(c)) };
  });
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
    id_type: 'ID',
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

function readPeoplePools(ctx: Pick<SeedContext, 'readFixture'>): PeoplePools {
  return ctx.readFixture<PeoplePools>('people.json');
}

export async function seedPolicies(ctx: SeedContext, today = todayIso()): Promise<void> {
  const { db } = ctx;
  const fixture = ctx.readFixture<PoliciesFixture>('policies.json');
  const pools = readPeoplePools(ctx);
  const year = Number(today.slice(0, 4));
  const staffGen = new PeopleGenerator(pools, fixture.staffPool.seed, fixture.staffPool.employeeNoPrefix, year);
  const staff = Array.from({ length: fixture.staffPool.size }, () => staffGen.person());
  const now = at(today, '00:00:00');
  const customerOf = (key: string) => {
    const id = ctx.customers.get(key);
    if (!id) throw new Error(`policies.json names unknown customer ${key}`);
    return id;
  };

  const policyIds = new Map<string, { id: number; customerId: number; members: Array<Member & { id: number }> }>();
  let recordSeq = 0;

  for (const p of fixture.policies) {
    const customerId = customerOf(p.customer);
    const holder = await db
      .selectFrom('customer')
      .select('name')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const start = addDays(today, p.start);
    const end = p.endDate ?? addDays(addMonths(start, p.months ?? 12), -1);
    const issue = addDays(today, p.issue);

    let roster: { members: Member[]; records: RecordDraft[] } | null = null;
    if (p.members) {
      const pool = p.pool
        ? (() => {
            const g = new PeopleGenerator(pools, p.pool!.seed, p.pool!.employeeNoPrefix, year);
            return Array.from({ length: p.pool!.size }, () => g.person());
          })()
        : staff;
      roster = buildRoster(p, pool, start, end, today);
    }
    const premium = roster ? roster.members.reduce((s, m) => s + m.chargedFen, 0) : (p.premiumFen ?? 0);
    const mainRisk = p.risks[0];
    const active = roster ? roster.members.filter((m) => !m.endDate).length : 0;
    const sumInsured = roster ? mainRisk.sumInsuredFen * active : p.sumInsuredFen;

    const { id: policyId } = await db
      .insertInto('policy')
      .values({
        policy_no: p.policyNo,
        customer_id: customerId,
        kind: p.kind,
        product_code: p.productCode,
        product_name: p.productName,
        state: p.state,
        holder_name: holder.name,
        insured_name: p.insuredName ?? null,
        issue_date: issue,
        start_date: start,
        end_date: end,
        premium_fen: premium,
        sum_insured_fen: sumInsured,
        payment_state: p.paymentState,
        auto_renew: p.autoRenew,
        roster: p.roster ?? null,
        min_members: p.minMembers ?? 0,
        min_age: p.minAge ?? 0,
        max_age: p.maxAge ?? 120,
        details: JSON.stringify(p.details),
        created_at: at(issue),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const riskPremiums = splitPremium(p.risks, premium);
    await db
      .insertInto('policy_risk')
      .values(
        p.risks.map((r, i) => ({
          policy_id: policyId,
          code: r.code,
          name: r.name,
          sum_insured_fen: r.sumInsuredFen,
          premium_fen: riskPremiums[i],
          deductible: r.deductible,
          sort: i,
        })),
      )
      .execute();
    if (p.rates) {
      await db
        .insertInto('policy_rate')
        .values(
          p.rates.map((r) => ({
            policy_id: policyId,
            risk_category: r.riskCategory,
            annual_premium_fen: r.annualPremiumFen,
          })),
        )
        .execute();
    }

    const inserted: Array<Member & { id: number }> = [];
    if (roster) {
      const withOccupation = p.members!.occupations === true;
      await inChunks(roster.members, CHUNK, async (chunk) => {
        const rows = await db
          .insertInto('insured_person')
          .values(chunk.map((m) => personRow(m, policyId, customerId, withOccupation, now)))
          .returning(['id', 'id_number'])
          .execute();
        const byIdNumber = new Map(rows.map((r) => [r.id_number, r.id]));
        for (const m of chunk) inserted.push({ ...m, id: byIdNumber.get(m.person.idNumber)! });
      });
    }
    policyIds.set(p.policyNo, { id: policyId, customerId, members: inserted });

    // Premium payments: the fixture's own, the yearly ones of a life policy, or one per enrolment record.
    const payments: Array<{
      no: string;
      description: string;
      textKey: string;
      textParams: string;
      amount: number;
      state: PaymentState;
      payType: string | null;
      paidAt: string | null;
      created: string;
    }> = [];
    for (const pay of p.payments ?? []) {
      payments.push({
        no: pay.paymentNo,
        description: pay.description,
        textKey: pay.textKey,
        textParams: storedParams({ product: { product: p.productCode } }),
        amount: pay.amountFen,
        state: pay.state,
        payType: pay.payType,
        paidAt: pay.paid === null ? null : at(addDays(today, pay.paid), '06:12:00'),
        created: at(issue),
      });
    }
    if (p.annualPayments) {
      const a = p.annualPayments;
      for (let n = 1; n <= a.count; n += 1) {
        const day = addMonths(start, 12 * (n - 1));
        if (day > today) break;
        payments.push({
          no: `${a.prefix}${String(n).padStart(2, '0')}`,
          description: a.description.replace('{n}', String(n)),
          textKey: a.textKey,
          textParams: storedParams({ product: { product: p.productCode }, n }),
          amount: a.amountFen,
          state: 2,
          payType: a.payType,
          paidAt: at(day, '01:05:00'),
          created: at(day),
        });
      }
    }
    const records: RecordDraft[] = roster?.records ?? [];
    if (roster) {
      roster.records.forEach((r, i) => {
        if (r.type === 'remove') return;
        const paid = p.state !== 3;
        payments.push({
          no: `PAY-${p.policyNo}-${String(i).padStart(2, '0')}`,
          description:
            r.type === 'issue'
              ? `${p.productName} 首期保费（${r.headcount} 人）`
              : `${p.productName} 加保保费（${r.headcount} 人）`,
          textKey: r.type === 'issue' ? 'payment.firstPremium' : 'payment.addPremium',
          textParams: storedParams({ product: { product: p.productCode }, count: r.headcount }),
          amount: r.premiumFen,
          state: paid ? 2 : 1,
          payType: paid ? 'transfer' : null,
          paidAt: paid ? at(r.day, '07:40:00') : null,
          created: at(r.day),
        });
      });
    }
    for (const r of p.records ?? []) {
      records.push({
        type: r.type,
        day: addDays(today, r.day),
        title: r.title,
        description: r.description,
        textKey: BILINGUAL,
        textParams: JSON.stringify({
          title: { 'en-US': r.title, 'zh-CN': r.titleZh },
          text: { 'en-US': r.description, 'zh-CN': r.descriptionZh },
        }),
        headcount: 0,
        premiumFen: r.premiumFen ?? (r.type === 'issue' ? premium : 0),
        state: r.state ?? RecordState.effective,
        items: [],
      });
    }
    if (payments.length) {
      await db
        .insertInto('premium_payment')
        .values(
          payments.map((x) => ({
            payment_no: x.no,
            customer_id: customerId,
            policy_id: policyId,
            correction_id: null,
            description: x.description,
            text_key: x.textKey,
            text_params: x.textParams,
            amount_fen: x.amount,
            state: x.state,
            pay_type: x.payType,
            paid_at: x.paidAt,
            invoice_id: null,
            created_at: x.created,
          })),
        )
        .execute();
    }

    const personIds = new Map(inserted.map((m) => [m.person.idNumber, m.id]));
    for (const r of records) {
      recordSeq += 1;
      const { id: recordId } = await db
        .insertInto('insurance_record')
        .values({
          record_no: `IR${r.day.replace(/-/g, '')}${String(recordSeq).padStart(4, '0')}`,
          customer_id: customerId,
          policy_id: policyId,
          record_type: r.type,
          title: r.title,
          description: r.description,
          text_key: r.textKey,
          text_params: r.textParams,
          headcount_change: r.headcount,
          premium_change_fen: r.premiumFen,
          effective_date: r.type === 'issue' ? start : r.day,
          state: r.state,
          created_at: at(r.day, '03:00:00'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await inChunks(r.items, CHUNK, (chunk) =>
        db
          .insertInto('insurance_record_item')
          .values(
            chunk.map((it) => ({
              record_id: recordId,
              insured_person_id: personIds.get(it.idNumber) ?? null,
              action: it.action,
              name: it.name,
              id_number: it.idNumber,
              premium_fen: it.premiumFen,
            })),
          )
          .execute(),
      );
    }
  }

  for (const c of fixture.claims) {
    const policy = policyIds.get(c.policyNo);
    if (!policy) throw new Error(`claim ${c.claimNo} names unknown policy ${c.policyNo}`);
    const activeMembers = policy.members.filter((m) => !m.endDate);
    const member = c.member === null ? null : activeMembers[c.member];
    if (c.member !== null && !member)
      throw new Error(`claim ${c.claimNo}: policy ${c.policyNo} has no member ${c.member}`);
    const report = addDays(today, c.report);
    const events = claimEvents(c);
    const lastDay = addDays(report, events[events.length - 1].after);
    const updated = at(lastDay > today ? today : lastDay, '08:00:00');
    const { id: claimId } = await db
      .insertInto('claim')
      .values({
        claim_no: c.claimNo,
        customer_id: policy.customerId,
        policy_id: policy.id,
        insured_person_id: member?.id ?? null,
        claimant_name: member?.person.name ?? c.claimant ?? '',
        accident_date: addDays(today, c.accident),
        report_date: report,
        state: c.state,
        cause: c.cause,
        description: c.description,
        claimed_fen: c.claimedFen,
        approved_fen: c.approvedFen,
        paid_fen: c.paidFen,
        created_at: at(report, '01:20:00'),
        updated_at: updated,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('claim_event')
      .values(
        events.map((e, i) => {
          const day = addDays(report, e.after);
          return {
            claim_id: claimId,
            at: at(day > today ? today : day, `0${1 + i}:20:00`),
            state: e.state,
            title: translate('en-US', `${e.key}.title` as MessageKey),
            text: translate('en-US', `${e.key}.text` as MessageKey, JSON.parse(e.params)),
            text_key: e.key,
            text_params: e.params,
          };
        }),
      )
      .execute();
    const outstandingFrom =
      c.state === ClaimState.reported
        ? Math.ceil(c.documents.length / 2)
        : c.state === ClaimState.underReview
          ? c.documents.length - 1
          : c.documents.length;
    await db
      .insertInto('claim_document')
      .values(
        c.documents.map((code, i) => ({
          claim_id: claimId,
          code,
          name: translate('zh-CN', `claim.doc.${code}` as MessageKey),
          state: i < outstandingFrom ? ClaimDocumentState.received : ClaimDocumentState.outstanding,
          received_at: i < outstandingFrom ? at(addDays(report, 1), '05:00:00') : null,
          sort: i,
        })),
      )
      .execute();
  }
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
