import type {
  CorrectionKind,
  CorrectionState,
  CorrectionVariant,
  OrderScenario,
  PayNotifyReq,
  PayType,
  PersonInput,
} from '../../contract/io/correction';
import { refuseText } from '../services/errors';
import { integer, isoDate, json, text } from '../http/input';
import type { CreateInput } from '../services/corrections/service';

/** Reading the correction calls' form fields, with refusals the user can act on. */
type Form = Record<string, string>;

export function createInput(input: Form): CreateInput {
  return {
    policyId: integer(input, 'policyId', 'The policy', { min: 1 }),
    correctionId: input.correctionId ? integer(input, 'correctionId', 'The correction', { min: 1 }) : undefined,
    effectiveDate: isoDate(input, 'effectiveDate', 'The effective date') || undefined,
    idempotencyKey: text(input, 'idempotencyKey', 'The idempotency key', { required: true, max: 64 }),
  };
}

export function personInput(input: Form): PersonInput {
  const opt = (name: string, label: string, max = 60) => text(input, name, label, { max }) || undefined;
  return {
    name: text(input, 'name', 'The name', { required: true, max: 60 }),
    idNumber: text(input, 'idNumber', 'The ID number', { required: true, max: 30 }),
    sex: opt('sex', 'The sex', 10) as PersonInput['sex'],
    birthdate: opt('birthdate', 'The birthdate', 10),
    phone: opt('phone', 'The phone number', 20),
    employeeNo: opt('employeeNo', 'The employee number', 40),
    department: opt('department', 'The department', 80),
    occupationCode: opt('occupationCode', 'The occupation', 20),
    bankName: opt('bankName', 'The bank name', 80),
    bankAccount: opt('bankAccount', 'The bank account', 40),
  };
}

export function idList(input: Form, name: string, label: string): number[] {
  const value = json<unknown>(input, name, label);
  if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v) && (v as number) > 0))
    throw refuseText(`${label} must be a list of numbers.`);
  return value as number[];
}

export const correctionId = (input: Form) => integer(input, 'correctionId', 'The correction', { min: 1 });
export const personId = (input: Form) => integer(input, 'personId', 'The person', { min: 1 });
export const policyId = (input: Form) => integer(input, 'policyId', 'The policy', { min: 1 });

function oneOf<T extends string>(
  input: Form,
  name: string,
  label: string,
  values: readonly T[],
  required: boolean,
): T | undefined {
  const v = text(input, name, label, { required, max: 40 });
  if (!v) return undefined;
  if (!values.includes(v as T)) throw refuseText(`${label} must be one of: ${values.join(', ')}.`);
  return v as T;
}

const KINDS: readonly CorrectionKind[] = ['add', 'subtract', 'exchange', 'modify'];
export const kind = (input: Form) => oneOf(input, 'kind', 'The kind of correction', KINDS, true) as CorrectionKind;
export const scenario = (input: Form) =>
  oneOf<OrderScenario>(input, 'scenario', 'The way to settle', ['online', 'transfer', 'refund', 'none'], false);
export const payType = (input: Form) =>
  oneOf<PayType>(input, 'payType', 'The way to pay', ['online', 'transfer'], true) as PayType;
export const variant = (input: Form) =>
  oneOf<CorrectionVariant>(input, 'variant', 'The kind of policy', ['employee', 'employeeNew', 'insured'], false);
export const state = (input: Form) =>
  oneOf<CorrectionState>(
    input,
    'state',
    'The state',
    [
      'draft',
      'checked',
      'underwritten',
      'approved',
      'rejected',
      'pending',
      'awaiting_payment',
      'in_force',
      'cancelled',
    ],
    false,
  );

export function itemPaging(input: Form) {
  return {
    pageNum: integer(input, 'pageNum', 'Page number', { min: 1, max: 1_000_000, fallback: 1 }),
    pageSize: integer(input, 'pageSize', 'Page size', { min: 1, max: 500, fallback: 50 }),
  };
}

export function rosterFilter(input: Form) {
  return {
    keyword: text(input, 'keyword', 'The search', { max: 40 }) || undefined,
    state: integer(input, 'state', 'The state', { min: 1, max: 2, fallback: 1 }),
    riskCategory: input.riskCategory
      ? integer(input, 'riskCategory', 'The risk category', { min: 1, max: 6 })
      : undefined,
  };
}

export function notifyInput(input: Form): PayNotifyReq {
  const result = oneOf(input, 'result', 'The result', ['paid', 'failed'] as const, true) as 'paid' | 'failed';
  return {
    paymentNo: text(input, 'paymentNo', 'The payment number', { required: true, max: 40 }),
    result,
    amountFen: integer(input, 'amountFen', 'The amount', { min: -1_000_000_000_000, max: 1_000_000_000_000 }),
    notifyId: text(input, 'notifyId', 'The notification id', { required: true, max: 64 }),
    sign: text(input, 'sign', 'The signature', { required: true, max: 128 }),
  };
}

export function occupationQuery(input: Form) {
  return {
    keyword: text(input, 'keyword', 'The search', { max: 40 }),
    policyId: input.policyId ? policyId(input) : undefined,
    limit: integer(input, 'limit', 'The number of answers', { min: 1, max: 50, fallback: 20 }),
  };
}
