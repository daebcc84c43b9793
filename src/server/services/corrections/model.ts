import type { Selectable } from 'kysely';
import type { ErrorRow } from './sheets';
import type { Locale } from '../../../common/i18n';
import { storedErrorRows } from './findings';
import type {
  CorrectionAction,
  ImportResult,
  PersonInput,
  CorrectionItem,
  CorrectionState,
  CorrectionSummary,
  CorrectionVariant,
  PaymentInfo,
  PayStatus,
  PolicySummary,
  RosterPerson,
  Sex,
} from '../../../contract/io/correction';
import { ageOn, insurerToday, maskIdNumber, maskPhone } from '../../../common/correction';
import type { PolicyTable, InsuredPersonTable, PremiumPaymentTable } from '../../db/tables/core';
import type { CorrectionItemTable, CorrectionTable } from '../../db/tables/corrections';

/** Row shapes and their translation into the contract's types. */
export type PolicyRow = Selectable<PolicyTable>;
export type PersonRow = Selectable<InsuredPersonTable>;
export type CorrectionRow = Selectable<CorrectionTable> & { policy_no: string; product_name: string };
export type ItemRow = Selectable<CorrectionItemTable>;
export type PaymentRow = Selectable<PremiumPaymentTable>;

export const STATE_TEXT: Record<CorrectionState, string> = {
  draft: 'Draft',
  checked: 'Checked',
  underwritten: 'Premium calculated',
  approved: 'Approved',
  rejected: 'Rejected',
  pending: 'Under review',
  awaiting_payment: 'Awaiting payment',
  in_force: 'In force',
  cancelled: 'Cancelled',
};

export const EDITABLE: CorrectionState[] = ['draft', 'checked', 'underwritten', 'rejected'];

export const VARIANT_TEXT: Record<CorrectionVariant, string> = {
  employee: 'an employee-list policy',
  employeeNew: 'an employer (group) policy with occupation categories',
  insured: 'a policy of insured persons',
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

const parseList = (text: string): string[] => {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export function summaryOf(c: CorrectionRow): CorrectionSummary {
  const state = c.state as CorrectionState;
  return {
    correctionId: c.id,
    correctionNo: c.correction_no,
    policyId: c.policy_id,
    policyNo: c.policy_no,
    productName: c.product_name,
    variant: c.variant as CorrectionVariant,
    kind: c.kind as CorrectionSummary['kind'],
    state,
    stateText: STATE_TEXT[state] ?? state,
    effectiveDate: c.effective_date,
    itemCount: c.item_count,
    premiumFen: Number(c.premium_fen),
    refundFen: Number(c.refund_fen),
    netFen: c.net_fen === null ? null : Number(c.net_fen),
    scenario: c.scenario as CorrectionSummary['scenario'],
    payType: c.pay_type as CorrectionSummary['payType'],
    decision: c.decision as CorrectionSummary['decision'],
    reasons: parseList(c.reasons),
    reviewDueAt: c.review_due_at,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    submittedAt: c.submitted_at,
    inForceAt: c.in_force_at,
    actions: actionsOf(state, c.net_fen === null ? null : Number(c.net_fen)),
  };
}

export function itemOf(
  i: ItemRow,
  replaced: { personId: number; name: string; idNumber: string } | null,
  today = insurerToday(),
): CorrectionItem {
  return {
    itemId: i.id,
    action: i.action as CorrectionItem['action'],
    personId: i.person_id,
    name: i.name,
    idNumber: i.id_number,
    sex: i.sex as Sex,
    birthdate: i.birthdate,
    age: ageOn(i.birthdate, today),
    phone: i.phone,
    employeeNo: i.employee_no,
    department: i.department,
    occupationCode: i.occupation_code,
    occupationName: i.occupation_name,
    riskCategory: i.risk_category,
    replaced,
    premiumFen: i.premium_fen === null ? null : Number(i.premium_fen),
    days: i.days,
    refundWithheld: i.refund_withheld === 1,
    problems: parseList(i.problems),
  };
}

export function personOf(p: PersonRow, masked: boolean, today = insurerToday()): RosterPerson {
  return {
    personId: p.id,
    policyId: p.policy_id,
    name: p.name,
    idNumber: masked ? maskIdNumber(p.id_number) : p.id_number,
    sex: p.sex as Sex,
    birthdate: p.birthdate,
    age: ageOn(p.birthdate, today),
    phone: masked ? maskPhone(p.phone) : p.phone,
    employeeNo: p.employee_no,
    department: p.department,
    occupationCode: p.occupation_code,
    occupationName: p.occupation_name,
    riskCategory: p.risk_category,
    effectiveDate: p.effective_date,
    endDate: p.end_date,
    state: p.state,
  };
}

export function policyOf(p: PolicyRow, memberCount: number): PolicySummary {
  return {
    policyId: p.id,
    policyNo: p.policy_no,
    productName: p.product_name,
    kind: p.kind,
    variant: p.roster as CorrectionVariant,
    startDate: p.start_date,
    endDate: p.end_date,
    state: p.state,
    memberCount,
    minMembers: p.min_members,
    minAge: p.min_age,
    maxAge: p.max_age,
  };
}

const PAY_STATUS: Record<number, PayStatus> = { 1: 'unpaid', 2: 'paid', 3: 'failed', 4: 'closed', 5: 'refunded' };

export function paymentOf(p: PaymentRow, link: { token: string; expires_at: string } | null, now: Date): PaymentInfo {
  const payStatus = PAY_STATUS[p.state] ?? 'unpaid';
  const open = (payStatus === 'unpaid' || payStatus === 'failed') && link && link.expires_at > now.toISOString();
  return {
    paymentNo: p.payment_no,
    amountFen: Number(p.amount_fen),
    payStatus,
    payType: p.pay_type === 'online' || p.pay_type === 'transfer' ? p.pay_type : null,
    payUrl: open && link ? `/cashier/${link.token}` : null,
    linkExpiresAt: link && (payStatus === 'unpaid' || payStatus === 'failed') ? link.expires_at : null,
    paidAt: p.paid_at,
  };
}

// ---------------------------------------------------------------- lines and imports

export function leaverItem(
  correctionId: number,
  p: {
    id: number;
    name: string;
    id_number: string;
    sex: string;
    birthdate: string;
    phone: string | null;
    employee_no: string | null;
    department: string | null;
    occupation_code: string | null;
    occupation_name: string | null;
    risk_category: number | null;
    bank_name: string | null;
    bank_account: string | null;
  },
) {
  return {
    correction_id: correctionId,
    action: 'subtract',
    person_id: p.id,
    name: p.name,
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

export function toPerson(v: Record<string, string>): PersonInput {
  return {
    name: v.name ?? '',
    idNumber: v.idNumber ?? '',
    sex: (v.sex || undefined) as PersonInput['sex'],
    birthdate: v.birthdate || undefined,
    phone: v.phone || undefined,
    employeeNo: v.employeeNo || undefined,
    department: v.department || undefined,
    occupationCode: v.occupationCode || undefined,
  };
}

export function rateList(rates: Map<number, number>) {
  const LABELS = [
    '',
    'Office and indoor work',
    'Light outdoor and service work',
    'Drivers and light industry',
    'Heavy industry and construction',
    'High-risk work',
    'Most hazardous work',
  ];
  return [...rates.entries()].map(([riskCategory, annualPremiumFen]) => ({
    riskCategory,
    annualPremiumFen,
    label: `Category ${riskCategory}: ${LABELS[riskCategory] ?? 'special'}`,
  }));
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
  locale: Locale = 'en-US',
): ImportResult {
  return importResult(
    row.id,
    row.file_name,
    row.total_rows,
    storedErrorRows(row.errors, row.headers, locale),
    correction,
  );
}
