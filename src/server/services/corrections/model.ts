import type { OccupationNames } from '../occupations';
import type { Attempt } from '../payments/subjectPayments';
import type { CorrectionRow, ErrorRow, ItemRow, PaymentRow, PersonRow, PolicyRow } from './types';
import type {
  CorrectionAction,
  CorrectionItem,
  CorrectionSummary,
  ImportResult,
  PaymentInfo,
  PayStatus,
  PersonInput,
  PolicySummary,
  RefundState,
  RiskCategoryRate,
  RosterPerson,
  TransferInfo,
} from '@contract/io/correction';
import type { IdType, PersonFields, Sex } from '@contract/person';
import { PaymentState, type CorrectionState, type PolicyState } from '@contract/states';
import { ageOn, insurerToday, maskIdNumber, maskPhone } from '@common/correction';
import type { Locale } from '@common/i18n';
import type { MessageKey, Translate } from '@server/messages/catalogue';
import type { Voice } from '../texts';
import { storedErrorRows } from './findings';
import { readSaid, sayAll } from './texts';

/** Row shapes and their translation into the contract's types, in the reader's language. */

/** A state's name in the reader's words (a catalogue parameter). */
export const stateName = (state: CorrectionState) => {
  const key: MessageKey = `correction.state.${state}`;
  return { key, fallback: state };
};

function actionsOf(state: CorrectionState, net: number | null): CorrectionAction[] {
  switch (state) {
    case 'draft':
      return ['edit', 'check', 'underwrite', 'delete'];
    case 'checked':
      return ['edit', 'underwrite', 'delete'];
    case 'underwritten':
      return ['edit', 'selectScenario', 'approve', 'delete'];
    case 'approved':
      return net !== null && net > 0 ? ['pay', 'delete'] : ['delete'];
    case 'rejected':
      return ['edit', 'delete'];
    case 'pending':
      return ['delete'];
    case 'awaiting_payment':
      return ['pay', 'pollPayment', 'delete'];
    case 'in_force':
      return ['downloadEndorsement'];
    default:
      return [];
  }
}

/** A policy's product in the reader's language (the name it was written with when the product is unknown). */
export const productNameIn = (
  locale: Locale,
  p: { product_name: string; product_name_en: string | null; product_name_zh: string | null },
): string => (locale === 'zh-CN' ? p.product_name_zh : p.product_name_en) ?? p.product_name;

export function summaryOf(c: CorrectionRow, voice: Voice, refundState: RefundState | null = null): CorrectionSummary {
  const { t } = voice;
  const state = c.state;
  return {
    correctionId: c.id,
    correctionNo: c.correction_no,
    policyId: c.policy_id,
    policyNo: c.policy_no,
    productName: productNameIn(voice.locale, c),
    variant: c.variant,
    kind: c.kind,
    state,
    stateText: t(`correction.state.${state}`),
    effectiveDate: c.effective_date,
    itemCount: c.item_count,
    premiumFen: Number(c.premium_fen),
    refundFen: Number(c.refund_fen),
    preparedById: c.created_by,
    preparedBy: c.prepared_by_name ?? null,
    returned:
      c.returned_reason && c.returned_by && c.returned_at
        ? { reason: c.returned_reason, by: c.returned_by, at: c.returned_at }
        : null,
    netFen: c.net_fen === null ? null : Number(c.net_fen),
    scenario: c.scenario as CorrectionSummary['scenario'],
    payType: c.pay_type as CorrectionSummary['payType'],
    decision: c.decision as CorrectionSummary['decision'],
    reasons: sayAll(t, readSaid(c.reasons)),
    reviewDueAt: c.review_due_at,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    submittedAt: c.submitted_at,
    inForceAt: c.in_force_at,
    refundState,
    actions: actionsOf(state, c.net_fen === null ? null : Number(c.net_fen)),
  };
}

/** The fields a modification may change, with their columns. */
export const CHANGEABLE = {
  name: 'name',
  phone: 'phone',
  employeeNo: 'employee_no',
  department: 'department',
  occupationCode: 'occupation_code',
  bankName: 'bank_name',
  bankAccount: 'bank_account',
} as const satisfies Partial<Record<keyof PersonFields, keyof ItemRow>>;
type Changeable = keyof typeof CHANGEABLE;

function changesOf(i: ItemRow): CorrectionItem['changes'] {
  if (i.action !== 'modify' || !i.before) return [];
  let before: Partial<Record<Changeable, string | null>> = {};
  try {
    before = JSON.parse(i.before) as typeof before;
  } catch {
    return [];
  }
  return (Object.keys(CHANGEABLE) as Changeable[])
    .filter((field) => field in before)
    .map((field) => ({ field, before: before[field] ?? null, after: (i[CHANGEABLE[field]] as string | null) ?? null }));
}

export function itemOf(
  i: ItemRow,
  replaced: { personId: number; name: string; idNumber: string } | null,
  t: Translate,
  named: OccupationNames,
  today = insurerToday(),
): CorrectionItem {
  const premium = i.premium_fen === null ? null : Number(i.premium_fen);
  const leaverRefund = i.leaver_refund_fen === null ? null : Number(i.leaver_refund_fen);
  const leaves = i.action === 'subtract' || i.action === 'exchange';
  const joins = i.action === 'add' || i.action === 'exchange';
  return {
    itemId: i.id,
    action: i.action,
    personId: i.person_id,
    name: i.name,
    idType: i.id_type,
    idNumber: i.id_number,
    sex: i.sex as Sex,
    birthdate: i.birthdate,
    age: ageOn(i.birthdate, today),
    phone: i.phone,
    employeeNo: i.employee_no,
    department: i.department,
    occupationCode: i.occupation_code,
    occupationName: named(i.occupation_code, i.occupation_name),
    riskCategory: i.risk_category,
    replaced,
    changes: changesOf(i),
    premiumFen: premium,
    refundFen: leaves && premium !== null ? -(leaverRefund ?? (i.action === 'subtract' ? -premium : 0)) : null,
    joinerPremiumFen: joins && premium !== null ? premium + (i.action === 'exchange' ? (leaverRefund ?? 0) : 0) : null,
    days: i.days,
    refundWithheld: i.refund_withheld === 1,
    problems: sayAll(t, readSaid(i.problems)),
  };
}

export function personOf(p: PersonRow, masked: boolean, named: OccupationNames, today = insurerToday()): RosterPerson {
  return {
    personId: p.id,
    policyId: p.policy_id,
    name: p.name,
    idType: p.id_type,
    idNumber: masked ? maskIdNumber(p.id_number) : p.id_number,
    sex: p.sex as Sex,
    birthdate: p.birthdate,
    age: ageOn(p.birthdate, today),
    phone: masked ? maskPhone(p.phone) : p.phone,
    employeeNo: p.employee_no,
    department: p.department,
    occupationCode: p.occupation_code,
    occupationName: named(p.occupation_code, p.occupation_name),
    riskCategory: p.risk_category,
    effectiveDate: p.effective_date,
    endDate: p.end_date,
    state: p.state,
  };
}

export function policyOf(
  p: PolicyRow & { product_name_en: string | null; product_name_zh: string | null },
  memberCount: number,
  locale: Locale,
): PolicySummary {
  return {
    policyId: p.id,
    policyNo: p.policy_no,
    productName: productNameIn(locale, p),
    kind: p.kind,
    variant: p.roster as PolicySummary['variant'],
    startDate: p.start_date,
    endDate: p.end_date,
    state: p.state as PolicyState,
    memberCount,
    minMembers: p.min_members,
    minAge: p.min_age,
    maxAge: p.max_age,
  };
}

/** The portal's view of a correction's payment: its bill, and where its latest attempt stands. */
export function paymentInfo(
  bill: PaymentRow,
  attempt: Attempt | undefined,
  now: Date,
  transfer: TransferInfo | null = null,
): PaymentInfo {
  let payStatus: PayStatus = 'unpaid';
  if (bill.state === PaymentState.paid) payStatus = 'paid';
  else if (bill.state === PaymentState.refunded) payStatus = 'refunded';
  else if (bill.state === PaymentState.closed) payStatus = 'closed';
  else if (attempt?.state === 'declined') payStatus = 'failed';
  const payable = payStatus === 'unpaid' || payStatus === 'failed';
  const open =
    payable &&
    attempt &&
    attempt.method === 'online' &&
    ['awaiting', 'declined'].includes(attempt.state) &&
    attempt.expires_at > now.toISOString();
  return {
    paymentNo: bill.payment_no,
    amountFen: Number(bill.amount_fen),
    payStatus,
    payType: bill.pay_type === 'online' || bill.pay_type === 'transfer' ? bill.pay_type : null,
    payUrl: open && attempt ? `/cashier/${attempt.token}` : null,
    linkExpiresAt: attempt && payable && attempt.method === 'online' ? attempt.expires_at : null,
    paidAt: bill.paid_at,
    transfer: payable ? transfer : null,
  };
}

// ---------------------------------------------------------------- lines and imports

/** A roster person as the line of a correction that takes them off the policy. */
export function leaverItem(correctionId: number, p: PersonRow) {
  return {
    correction_id: correctionId,
    action: 'subtract' as const,
    person_id: p.id,
    name: p.name,
    id_type: p.id_type,
    id_number: p.id_number,
    sex: p.sex,
    birthdate: p.birthdate,
    phone: p.phone,
    employee_no: p.employee_no,
    department: p.department,
    occupation_code: p.occupation_code,
    occupation_name: p.occupation_name,
    risk_category: p.risk_category,
    bank_name: p.bank_name,
    bank_account: p.bank_account,
    problems: '[]',
    refund_withheld: 0,
  };
}

/** A row of a roster file as the person it names. */
export function toPerson(v: Record<string, string>): PersonInput {
  return {
    name: v.name ?? '',
    ...(v.idType ? { idType: v.idType as IdType } : {}),
    idNumber: v.idNumber ?? '',
    sex: (v.sex || undefined) as PersonInput['sex'],
    birthdate: v.birthdate || undefined,
    phone: v.phone || undefined,
    employeeNo: v.employeeNo || undefined,
    department: v.department || undefined,
    occupationCode: v.occupationCode || undefined,
  };
}

/** A policy's premium rates, each labelled in the reader's words. */
export function rateList(rates: Map<number, number>, t: Translate): RiskCategoryRate[] {
  return [...rates.entries()].map(([riskCategory, annualPremiumFen]) => {
    const label: MessageKey =
      riskCategory >= 1 && riskCategory <= 6
        ? (`correction.riskLabel.${riskCategory}` as MessageKey)
        : 'correction.riskLabel.other';
    return {
      riskCategory,
      annualPremiumFen,
      label: t('correction.category', { category: riskCategory, label: t(label) }),
    };
  });
}

export function importResult(
  importId: number,
  fileName: string,
  totalRows: number,
  errors: ErrorRow[],
  correction: CorrectionSummary | null,
): ImportResult {
  return {
    importId,
    fileName,
    totalRows,
    errorRows: errors.length,
    ok: errors.length === 0,
    errors: errors.slice(0, 100).map((e) => ({
      row: e.row,
      name: e.values.name ?? '',
      idNumber: e.values.idNumber ?? e.values.leavingIdNumber ?? '',
      reasons: e.reasons,
    })),
    correction,
  };
}

export function importResultOf(
  row: { id: number; file_name: string; total_rows: number; errors: string; headers: string },
  correction: CorrectionSummary | null,
  locale: Locale,
): ImportResult {
  return importResult(
    row.id,
    row.file_name,
    row.total_rows,
    storedErrorRows(row.errors, row.headers, locale),
    correction,
  );
}
