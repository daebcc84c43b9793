/**
 * What the gateway's answers mean for the correction flow: a failed call as the page shows it, the
 * findings of a refused check, the premium answered by the insured flow's check, and a correction's
 * payment as the shared payment machine reads it.
 */
import type { Page } from '@contract/envelope';
import type {
  CorrectionItem,
  DraftCheckResult,
  FieldRefusal,
  PaymentInfo,
  PayStatusResult,
  UnderwritingResult,
} from '@contract/io/correction';
import type { GatewayError } from '@client/api/errors';
import type { PaymentAnswer } from '@client/shared/payment/payment.machine';
import type { CheckOutcome, FlowError, FlowStep } from './correction.types';

const isGatewayError = (e: unknown): e is GatewayError =>
  typeof e === 'object' && e !== null && typeof (e as { kind?: unknown }).kind === 'string';

const fieldsOf = (data: unknown): FieldRefusal['fields'] | null => {
  if (typeof data !== 'object' || data === null || !('fields' in data)) return null;
  const fields = (data as FieldRefusal).fields;
  return fields && typeof fields === 'object' && Object.keys(fields).length ? fields : null;
};

/** A failed call as the flow shows it. */
export function flowError(step: FlowStep, error: unknown): FlowError {
  const none = { message: '', fields: null };
  if (!isGatewayError(error)) return { step, kind: 'server', ...none };
  switch (error.kind) {
    case 'status':
      if (error.status === 'ERR_1004') return { step, kind: 'login', message: error.statusText, fields: null };
      return { step, kind: 'refused', message: error.statusText, fields: fieldsOf(error.data) };
    case 'timeout':
      return { step, kind: 'timeout', ...none };
    case 'network':
      return { step, kind: 'network', ...none };
    default:
      return { step, kind: 'server', ...none };
  }
}

/** The findings of a refused check (the refusal carries the check's result as its data). */
export function problemsOf(error: unknown): DraftCheckResult['problems'] {
  if (!isGatewayError(error) || error.kind !== 'status') return [];
  const data = error.data as Partial<DraftCheckResult> | null;
  return Array.isArray(data?.problems) ? data.problems : [];
}

/** A correction's payment as the shared payment machine reads it. */
export function paymentAnswer(payment: PaymentInfo, state?: PayStatusResult['state']): PaymentAnswer {
  const status: PaymentAnswer['status'] =
    payment.payStatus === 'paid' || state === 'in_force'
      ? 'paid'
      : payment.payStatus === 'closed' || state === 'cancelled'
        ? 'closed'
        : payment.payStatus === 'failed'
          ? 'declined'
          : state && state !== 'awaiting_payment' && state !== 'approved'
            ? 'changed'
            : payment.payType === 'transfer'
              ? 'transfer'
              : 'awaiting';
  return { status, payUrl: payment.payUrl, payment };
}

/** A pay status as the payment machine reads it (no payment: the correction's state says it all). */
export function statusAnswer(r: PayStatusResult): PaymentAnswer {
  if (r.payment) return paymentAnswer(r.payment, r.state);
  const status = r.state === 'in_force' ? 'paid' : r.state === 'cancelled' ? 'closed' : 'changed';
  return { status, payUrl: null, payment: null };
}

/** A draft before the gateway answered one. */
export const EMPTY_DRAFT: Page<CorrectionItem> = { list: [], total: 0, pageNum: 1, pageSize: 100 };
/** The insured flow's check priced the draft (its answer carries the premium's days). */
export const isUnderwriting = (o: CheckOutcome): o is UnderwritingResult => 'yearDays' in o;
