import { formatFen } from '../../../common/money';
import type { Kysely } from 'kysely';
import type {
  AccountInfo,
  BankInfo,
  CorrectionVariant,
  Occupation,
  PersonDetail,
  PolicySummary,
  RosterPerson,
} from '../../../contract/io/correction';
import type { Page } from '../../../contract/envelope';
import { maskAccount } from '../../../common/correction';
import type { DB } from '../../db/schema';
import { refuseText } from '../errors';
import { loadCorrection, loadPolicy, policyRates } from './access';
import { personOf, policyOf, type PersonRow } from './model';
import { rateList } from './model';
import { createPdf, fieldTable, pdfBuffer } from '../documents/pdf';
import type { RosterRow } from './sheets';

/** The read side: policies open to correction, rosters, people, bank details, occupations, endorsements. */

export interface RosterFilter {
  keyword?: string;
  state: number;
  riskCategory?: number;
}

const like = (k: string) => `%${k.replace(/[%_\\]/g, '')}%`;

function filtered(db: Kysely<DB>, policyId: number, f: RosterFilter) {
  let q = db.selectFrom('insured_person').where('policy_id', '=', policyId).where('state', '=', f.state);
  if (f.keyword) {
    const k = like(f.keyword);
    q = q.where((eb) =>
      eb.or([eb('name', 'like', k), eb('id_number', 'like', k.toUpperCase()), eb('employee_no', 'like', k)]),
    );
  }
  if (f.riskCategory) q = q.where('risk_category', '=', f.riskCategory);
  return q;
}

export async function correctablePolicies(
  db: Kysely<DB>,
  customerId: number,
  variant?: CorrectionVariant,
): Promise<PolicySummary[]> {
  let q = db
    .selectFrom('policy')
    .selectAll('policy')
    .select((eb) =>
      eb
        .selectFrom('insured_person')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('insured_person.policy_id', '=', 'policy.id')
        .where('insured_person.state', '=', 1)
        .as('members'),
    )
    .where('customer_id', '=', customerId)
    .where('state', '=', 1)
    .where('roster', 'is not', null);
  if (variant) q = q.where('roster', '=', variant);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => policyOf(r, Number(r.members ?? 0)));
}

export async function rosterPage(
  db: Kysely<DB>,
  customerId: number,
  policyId: number,
  variants: readonly CorrectionVariant[],
  f: RosterFilter,
  paging: { pageNum: number; pageSize: number; offset: number },
): Promise<Page<RosterPerson>> {
  await loadPolicy(db, customerId, policyId, variants);
  const [total, rows] = await Promise.all([
    filtered(db, policyId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    // Deferred join: the page's ids come from the (policy, state, name, id) index alone, then 20 rows are read.
    db
      .selectFrom('insured_person')
      .selectAll()
      .where(
        'id',
        'in',
        filtered(db, policyId, f)
          .select('id')
          .orderBy('name')
          .orderBy('id')
          .limit(paging.pageSize)
          .offset(paging.offset),
      )
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return {
    list: rows.map((r) => personOf(r, true)),
    total: Number(total.n),
    pageNum: paging.pageNum,
    pageSize: paging.pageSize,
  };
}

/** Every page of the roster, 1,000 rows at a time by id (for the streamed export). */
export async function* rosterPages(db: Kysely<DB>, policyId: number, f: RosterFilter): AsyncGenerator<RosterRow[]> {
  let after = 0;
  for (;;) {
    const rows = await filtered(db, policyId, f)
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    yield rows.map((r) => ({
      name: r.name,
      idNumber: r.id_number,
      sex: r.sex,
      birthdate: r.birthdate,
      phone: r.phone,
      employeeNo: r.employee_no,
      department: r.department,
      occupationCode: r.occupation_code,
      occupationName: r.occupation_name,
      riskCategory: r.risk_category,
      effectiveDate: r.effective_date,
      endDate: r.end_date,
      state: r.state,
    }));
  }
}

async function loadPerson(
  db: Kysely<DB>,
  customerId: number,
  personId: number,
  variants?: readonly CorrectionVariant[],
): Promise<PersonRow> {
  const person = await db
    .selectFrom('insured_person')
    .selectAll()
    .where('id', '=', personId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!person) throw refuseText('There is no such insured person in your account.');
  await loadPolicy(db, customerId, person.policy_id, variants);
  return person;
}

export async function personDetail(
  db: Kysely<DB>,
  customerId: number,
  personId: number,
  variants?: readonly CorrectionVariant[],
): Promise<PersonDetail> {
  const person = await loadPerson(db, customerId, personId, variants);
  const policy = await db
    .selectFrom('policy')
    .select(['policy_no', 'product_name'])
    .where('id', '=', person.policy_id)
    .executeTakeFirstOrThrow();
  const claims = await db
    .selectFrom('claim')
    .select(['paid_fen'])
    .where('insured_person_id', '=', person.id)
    .where('customer_id', '=', customerId)
    .execute();
  return {
    ...personOf(person, false),
    policyNo: policy.policy_no,
    productName: policy.product_name,
    bankName: person.bank_name,
    bankAccount: maskAccount(person.bank_account),
    claimCount: claims.length,
    claimPaid: claims.some((c) => Number(c.paid_fen) > 0),
  };
}

export async function bankInfo(
  db: Kysely<DB>,
  customerId: number,
  personId: number,
  variants?: readonly CorrectionVariant[],
): Promise<BankInfo> {
  const person = await loadPerson(db, customerId, personId, variants);
  return {
    personId: person.id,
    name: person.name,
    bankName: person.bank_name,
    bankAccount: maskAccount(person.bank_account),
  };
}

export async function accountInfo(
  db: Kysely<DB>,
  customerId: number,
  policyId: number,
  receiving: AccountInfo['receivingAccount'],
): Promise<AccountInfo> {
  const policy = await loadPolicy(db, customerId, policyId, ['insured']);
  const account = await db
    .selectFrom('customer_bank_account')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    holderName: policy.holder_name,
    refundAccount: account
      ? {
          accountName: account.account_name,
          bankName: account.bank_name,
          accountNo: maskAccount(account.account_no) as string,
        }
      : null,
    receivingAccount: receiving,
  };
}

export async function riskCategories(
  db: Kysely<DB>,
  customerId: number,
  policyId: number,
  variants: readonly CorrectionVariant[],
) {
  await loadPolicy(db, customerId, policyId, variants);
  return rateList(await policyRates(db, policyId));
}

export async function searchOccupations(
  db: Kysely<DB>,
  customerId: number,
  keyword: string,
  policyId: number | undefined,
  limit: number,
): Promise<Occupation[]> {
  const k = keyword.trim().toLowerCase();
  if (!k) throw refuseText('Type part of an occupation name or code to search.');
  const rates = policyId
    ? await (async () => (await loadPolicy(db, customerId, policyId), policyRates(db, policyId)))()
    : null;
  const rows = await db
    .selectFrom('occupation')
    .selectAll()
    .where('search', 'like', like(k))
    .orderBy('risk_category')
    .orderBy('code')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    nameZh: r.name_zh,
    riskCategory: r.risk_category,
    allowed: rates ? rates.has(r.risk_category) : null,
  }));
}

const ACTION: Record<string, string> = {
  add: 'Added 加保',
  subtract: 'Removed 减保',
  exchange: 'Exchanged 替换',
  modify: 'Changed 变更',
};

/** The endorsement (批单) of a correction in force, as a PDF. */
export async function endorsementPdf(
  db: Kysely<DB>,
  customerId: number,
  correctionId: number,
): Promise<{ name: string; data: Buffer }> {
  const c = await loadCorrection(db, customerId, correctionId);
  if (c.state !== 'in_force')
    throw refuseText(`Correction ${c.correction_no} is not in force yet; its endorsement is issued once it is.`);
  const policy = await db.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('correction_item')
    .selectAll()
    .where('correction_id', '=', c.id)
    .orderBy('id')
    .limit(300)
    .execute();
  const doc = createPdf({ title: `Endorsement ${c.correction_no}`, subject: `Policy ${policy.policy_no}` });
  doc.font('bold').fontSize(18).text('批单 Endorsement', { align: 'center' });
  doc.moveDown();
  fieldTable(doc, [
    ['Endorsement No. 批单号', c.correction_no],
    ['Policy No. 保单号', policy.policy_no],
    ['Product 产品', policy.product_name],
    ['Policyholder 投保人', policy.holder_name],
    ['Effective date 生效日期', c.effective_date],
    ['People changed 变更人数', String(c.item_count)],
    ['Premium due 应缴保费', formatFen(Number(c.premium_fen))],
    ['Refund 退费', formatFen(Number(c.refund_fen))],
    ['Net 净额', formatFen(Number(c.net_fen ?? 0))],
    ['In force since 生效时间', c.in_force_at ?? ''],
  ]);
  doc.moveDown();
  doc.x = doc.page.margins.left;
  doc.font('bold').fontSize(12).text('People 人员明细');
  doc.moveDown(0.3);
  for (const i of items) {
    doc
      .font('body')
      .fontSize(9)
      .text(
        `${ACTION[i.action] ?? i.action}  ${i.name}  ${i.id_number.slice(0, 4)}**********${i.id_number.slice(-4)}  ${formatFen(Number(i.premium_fen ?? 0))}`,
      );
  }
  if (c.item_count > items.length) doc.text(`… and ${c.item_count - items.length} more (see the correction record).`);
  doc.moveDown();
  doc.fontSize(9).text('This endorsement forms part of the policy named above. 本批单为上述保单的组成部分。');
  return { name: `endorsement-${c.correction_no}.pdf`, data: await pdfBuffer(doc) };
}
