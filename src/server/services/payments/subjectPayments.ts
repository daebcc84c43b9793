import { beijingDayDigits } from '@common/time';
import { randomBytes, randomInt } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CashierPayStatus } from '@contract/io/payment';
import { PaymentState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { MemberOrderPaymentTable } from '@server/db/tables/personal';
import type { PolicyPayLinkTable } from '@server/db/tables/policy';
import type { Clock } from '../clock';
import type { DomainError } from '../errors';
import { refuse } from '../errors';
import { checkNotifySignature } from '../notifySignature';
import { actAtCashier, type CashierAct, type CashierFound, type CashierView } from './cashier';

/**
 * A payment at the cashier, whatever it pays for: the columns the payment tables of orders
 * (member_order_payment) and of policies (policy_pay_link) share, the subject's id under one name.
 */
export interface SubjectPayment extends Omit<Selectable<PolicyPayLinkTable>, 'policy_id'> {
  subject_id: number;
}

/** The payment tables, alike but for the name of the column that says what a payment pays for. */
type PaymentTables = {
  member_order_payment: MemberOrderPaymentTable;
  policy_pay_link: PolicyPayLinkTable;
};
export type PaymentTableName = keyof PaymentTables;
type SubjectColumn = 'order_id' | 'policy_id';
/** Either payment table: the shared columns, and the subject's column under either name. */
interface AnyPaymentTable extends Omit<PolicyPayLinkTable, 'policy_id'>, Partial<Record<SubjectColumn, number>> {}

/** The notification the cashier signs (the same shape for orders, policies and corrections). */
export interface PayNotify {
  paymentNo: string;
  result: 'paid' | 'failed';
  amountFen: number;
  notifyId: string;
  sign: string;
}

/** Where a payment stands, as the portal's pay status shows it (the subject adds its own fields). */
export interface PayProgress {
  payStatus: CashierPayStatus;
  paymentNo: string | null;
  /** Path of the cashier page on the gateway's origin while the link is open. */
  payUrl: string | null;
  linkExpiresAt: string | null;
}

/**
 * What one kind of subject (an order, a policy) brings to the payment mechanism: how it is found
 * and locked, whether and how much it may be paid, what paying it does, and how it is shown.
 */
export interface PaymentSubject<S, V> {
  /** The table of its payments and the column naming the subject there. */
  readonly table: PaymentTableName;
  readonly column: SubjectColumn;
  /** The first letters of its payment numbers. */
  readonly prefix: string;
  /** Takes the subject's row lock and reads it; refuses one the customer does not have. */
  lock(trx: Kysely<DB>, customerId: number, no: string): Promise<S>;
  /** Reads it without a lock (the polled status); refuses one the customer does not have. */
  read(db: Kysely<DB>, customerId: number, no: string): Promise<S>;
  /** Its number by its id (a payment names its subject by id). */
  numberOf(db: Kysely<DB>, id: number): Promise<string>;
  /** Reads it by id (the cashier's page). */
  byId(db: Kysely<DB>, id: number): Promise<S>;
  id(subject: S): number;
  /** What is due now; refuses, saying why, a subject that cannot be paid now. */
  payable(db: Kysely<DB>, subject: S, now: Date): Promise<number>;
  /** Paid already (then every payment of it answers paid). */
  isPaid(subject: S): boolean;
  /** Still awaiting payment (else its open payments are closed). */
  isAwaiting(subject: S): boolean;
  /** The refusal of a notification for a closed payment or a subject no longer awaiting payment. */
  closed(subject: S): DomainError;
  /** What paying does to the subject (inside the notification's transaction, subject locked). */
  settle(trx: Kysely<DB>, subject: S, payment: SubjectPayment, at: string): Promise<void>;
  /** The portal's view of its payment. */
  view(db: Kysely<DB>, subject: S, payment: SubjectPayment | undefined, progress: PayProgress): Promise<V>;
  /** What the cashier page says it pays for. */
  cashierSummary(subject: S, payment: SubjectPayment): Pick<CashierView, 'purpose' | 'reference' | 'lines'>;
}

const PAY_STATUS: Record<number, CashierPayStatus> = {
  [PaymentState.unpaid]: 'unpaid',
  [PaymentState.paid]: 'paid',
  [PaymentState.failed]: 'failed',
  [PaymentState.closed]: 'closed',
};
/** Payments still open: awaiting the payer, or failed and ready to be tried again. */
const OPEN: PaymentState[] = [PaymentState.unpaid, PaymentState.failed];

export interface SubjectPaymentOptions {
  /** How long a cashier link stays valid. */
  linkMinutes: number;
}

/**
 * Paying a subject (an order, a policy) through the gateway's cashier: one open payment per subject
 * (asking twice answers the same link; an expired link is superseded by a new payment), the pay status
 * the portal polls, the cashier's signed notification, which settles the subject once and only once,
 * the cashier page's view and its buttons.
 */
export class SubjectPayments<S, V> {
  readonly options: SubjectPaymentOptions;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly subject: PaymentSubject<S, V>,
    options: Partial<SubjectPaymentOptions> = {},
  ) {
    this.options = { linkMinutes: 30, ...options };
  }

  /**
   * The subject's payment table seen under one shape: both tables have the same columns but the
   * subject's, which `column` names (so queries below name it through `this.subject.column`).
   */
  private payments(db: Kysely<DB>) {
    return db as unknown as Kysely<Record<PaymentTableName, AnyPaymentTable>>;
  }

  private row(found: Selectable<AnyPaymentTable>): SubjectPayment;
  private row(found: Selectable<AnyPaymentTable> | undefined): SubjectPayment | undefined;
  private row(found: Selectable<AnyPaymentTable> | undefined) {
    if (!found) return undefined;
    const { order_id: _order, policy_id: _policy, ...rest } = found;
    return { ...rest, subject_id: Number(found[this.subject.column]) };
  }

  private async latest(db: Kysely<DB>, subjectId: number): Promise<SubjectPayment | undefined> {
    return this.row(
      await this.payments(db)
        .selectFrom(this.subject.table)
        .selectAll()
        .where(this.subject.column, '=', subjectId)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
  }

  /** Where a subject's payment stands (a paid subject is paid whatever its last payment says). */
  private progress(subject: S, payment: SubjectPayment | undefined): PayProgress {
    const now = this.clock.now().toISOString();
    let payStatus: CashierPayStatus = payment ? (PAY_STATUS[payment.state] ?? 'closed') : 'none';
    if ((payStatus === 'unpaid' || payStatus === 'failed') && payment && payment.expires_at <= now)
      payStatus = 'expired';
    if (this.subject.isPaid(subject)) payStatus = 'paid';
    const open = payStatus === 'unpaid' || payStatus === 'failed';
    return {
      payStatus,
      paymentNo: payment?.payment_no ?? null,
      payUrl: open && payment ? `/cashier/${payment.token}` : null,
      linkExpiresAt: open && payment ? payment.expires_at : null,
    };
  }

  private view(db: Kysely<DB>, subject: S, payment: SubjectPayment | undefined): Promise<V> {
    return this.subject.view(db, subject, payment, this.progress(subject, payment));
  }

  /** The pay link: the open payment of the subject, or a new one (superseding an expired link). */
  async link(customerId: number, no: string): Promise<V> {
    return this.db.transaction().execute(async (trx) => {
      const subject = await this.subject.lock(trx, customerId, no);
      const now = this.clock.now();
      const amountFen = await this.subject.payable(trx, subject, now);
      const subjectId = this.subject.id(subject);
      const latest = await this.latest(trx, subjectId);
      if (latest && OPEN.includes(latest.state) && latest.expires_at > now.toISOString())
        return this.view(trx, subject, latest);
      await this.closeOpen(trx, subjectId);
      const stamp = beijingDayDigits(now);
      const serial = `${String(subjectId).padStart(6, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
      const values: Insertable<AnyPaymentTable> = {
        payment_no: `${this.subject.prefix}${stamp}${serial}`,
        customer_id: customerId,
        amount_fen: amountFen,
        state: PaymentState.unpaid,
        token: randomBytes(24).toString('base64url'),
        secret: randomBytes(32).toString('hex'),
        expires_at: new Date(now.getTime() + this.options.linkMinutes * 60_000).toISOString(),
        created_at: now.toISOString(),
        paid_at: null,
      };
      values[this.subject.column] = subjectId;
      const row = await this.payments(trx)
        .insertInto(this.subject.table)
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      const payment = this.row(
        await this.payments(trx)
          .selectFrom(this.subject.table)
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow(),
      );
      return this.view(trx, subject, payment);
    });
  }

  /** The pay status the portal polls: a few indexed reads. */
  async status(customerId: number, no: string): Promise<V> {
    const subject = await this.subject.read(this.db, customerId, no);
    return this.view(this.db, subject, await this.latest(this.db, this.subject.id(subject)));
  }

  /** Closes the subject's open payments (inside the caller's transaction, subject locked). */
  async closeOpen(trx: Kysely<DB>, subjectId: number): Promise<void> {
    await this.payments(trx)
      .updateTable(this.subject.table)
      .set({ state: PaymentState.closed })
      .where(this.subject.column, '=', subjectId)
      .where('state', 'in', OPEN)
      .execute();
  }

  private async byPaymentNo(paymentNo: string): Promise<SubjectPayment | undefined> {
    return this.row(
      await this.payments(this.db)
        .selectFrom(this.subject.table)
        .selectAll()
        .where('payment_no', '=', paymentNo)
        .executeTakeFirst(),
    );
  }

  /**
   * The cashier's notification. Trusts only the signature made with the payment's secret; the amount
   * must be the payment's; a paid subject is never paid twice (a repeated notification answers
   * `alreadyPaid`); paying settles the subject.
   */
  async notify(n: PayNotify): Promise<{ payStatus: 'paid' | 'failed'; alreadyPaid: boolean }> {
    const payment = await this.byPaymentNo(n.paymentNo);
    if (!payment) throw refuse('payment.noSuchPayment');
    checkNotifySignature(payment.secret, n);
    if (n.amountFen !== Number(payment.amount_fen)) throw refuse('payment.amountMismatch');
    return this.db.transaction().execute(async (trx) => {
      const no = await this.subject.numberOf(trx, payment.subject_id);
      const subject = await this.subject.lock(trx, payment.customer_id, no);
      const current = this.row(
        await this.payments(trx)
          .selectFrom(this.subject.table)
          .selectAll()
          .where('id', '=', payment.id)
          .executeTakeFirstOrThrow(),
      );
      if (current.state === PaymentState.paid || this.subject.isPaid(subject))
        return { payStatus: 'paid' as const, alreadyPaid: true };
      if (current.state === PaymentState.closed || !this.subject.isAwaiting(subject))
        throw this.subject.closed(subject);
      const at = this.clock.now().toISOString();
      if (n.result === 'failed') {
        await this.payments(trx)
          .updateTable(this.subject.table)
          .set({ state: PaymentState.failed })
          .where('id', '=', current.id)
          .execute();
        return { payStatus: 'failed' as const, alreadyPaid: false };
      }
      await this.payments(trx)
        .updateTable(this.subject.table)
        .set({ state: PaymentState.paid, paid_at: at })
        .where('id', '=', current.id)
        .execute();
      await this.subject.settle(trx, subject, current, at);
      return { payStatus: 'paid' as const, alreadyPaid: false };
    });
  }

  /** The cashier page's view of a payment; null when the token is not one of this subject's. */
  async cashier(token: string): Promise<CashierFound | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    const payment = this.row(
      await this.payments(this.db)
        .selectFrom(this.subject.table)
        .selectAll()
        .where('token', '=', token)
        .executeTakeFirst(),
    );
    if (!payment) return null;
    const subject = await this.subject.byId(this.db, payment.subject_id);
    const view: CashierView = {
      status: 'open',
      ...this.subject.cashierSummary(subject, payment),
      paymentNo: payment.payment_no,
      amountFen: Number(payment.amount_fen),
      expiresAt: payment.expires_at,
    };
    if (payment.state === PaymentState.paid || this.subject.isPaid(subject))
      return { view: { ...view, status: 'paid' } };
    if (payment.state === PaymentState.closed || !this.subject.isAwaiting(subject))
      return { view: { ...view, status: 'closed' } };
    if (payment.expires_at <= this.clock.now().toISOString()) return { view: { ...view, status: 'expired' } };
    return {
      view: { ...view, status: payment.state === PaymentState.failed ? 'failed' : 'open' },
      secret: payment.secret,
    };
  }

  /** The cashier page's buttons: a signed notification; null when the token is not this subject's. */
  async cashierAct(token: string, result: 'paid' | 'failed'): Promise<CashierAct | null> {
    const found = await this.cashier(token);
    if (!found) return null;
    return actAtCashier(
      found,
      result,
      (n) => this.notify(n),
      async () => (await this.cashier(token)) ?? found,
    );
  }
}
