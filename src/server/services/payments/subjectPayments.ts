import { addDays } from '@common/correction';
import { formatFen } from '@common/money';
import { beijingDay, beijingDayDigits, formatDateTime } from '@common/time';
import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CashierPayStatus } from '@contract/io/payment';
import type { DB } from '@server/db/schema';
import type { PaymentAttemptTable } from '@server/db/tables/payments';
import type { MessageKey } from '@server/messages/catalogue';
import type { Clock } from '../clock';
import type { DomainError } from '../errors';
import { refuse } from '../errors';
import { checkNotifySignature } from '../notifySignature';
import { storedParams, type StoredParam } from '../texts';
import { actAtCashier, type CashierAct, type CashierFound, type CashierView } from './cashier';
import { canMove, OPEN_STATES, PAID_STATES, type AttemptState, type PayMethod, type SubjectKind } from './model';
import type { MoneyLog } from './moneyLog';

/** The cashier page's summary of paying for a policy (its premium, or its next year's), for whichever subject pays it. */
export function policyCashierSummary(
  policy: { policy_no: string; product_code: string; product_name: string; holder_name: string },
  paymentNo: string,
  period: { start: string; end: string },
): Pick<CashierView, 'purpose' | 'reference' | 'lines' | 'productCode'> {
  return {
    purpose: 'policy',
    reference: policy.policy_no,
    productCode: policy.product_code,
    lines: [
      ['policy', policy.policy_no],
      ['payment', paymentNo],
      ['product', policy.product_name],
      ['policyholder', policy.holder_name],
      ['period', `${period.start} ~ ${period.end}`],
    ],
  };
}

/** One payment attempt as read from payment_attempt. */
export type Attempt = Selectable<PaymentAttemptTable> & { state: AttemptState };

/** The notification the cashier signs (the same shape for orders, policies and corrections). */
export interface PayNotify {
  paymentNo: string;
  result: 'paid' | 'failed';
  amountFen: number;
  /** The provider's reference of this notification: a repeat of it answers what the first did. */
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
 * What one kind of subject (an order, a policy, a correction) brings to the payment model: how it is
 * found and locked, whether and how much it may be paid and until when, what paying it does, and how
 * it is shown.
 */
export interface PaymentSubject<S, V> {
  readonly kind: SubjectKind;
  /** The first letters of its payment numbers. */
  readonly prefix: string;
  /** The number of its next attempt, when the subject numbers them itself (`count`: its attempts so far). */
  attemptNo?(subject: S, count: number): string;
  /** Takes the subject's row lock and reads it; refuses one the customer does not have. */
  lock(trx: Kysely<DB>, customerId: number, no: string): Promise<S>;
  /** Reads it without a lock (the polled status); refuses one the customer does not have. */
  read(db: Kysely<DB>, customerId: number, no: string): Promise<S>;
  /** Its number by its id (an attempt names its subject by id). */
  numberOf(db: Kysely<DB>, id: number): Promise<string>;
  /** The number people know the subject by (a policy's, a correction's), as the activity log names it. */
  shownNo(subject: S): string;
  /** Reads it by id (the cashier's page). */
  byId(db: Kysely<DB>, id: number): Promise<S>;
  id(subject: S): number;
  /** What is due now; refuses, saying why, a subject that cannot be paid now. */
  payable(db: Kysely<DB>, subject: S, now: Date): Promise<number>;
  /** The subject's own payment deadline, which its pages show (null: it has none, the link's time applies). */
  deadline(subject: S): string | null;
  /** What the payment pays for, as a message key said in the reader's language. */
  describe(subject: S): { key: MessageKey; params: Record<string, StoredParam> };
  /** Paid already (then every attempt of it answers paid). */
  isPaid(subject: S): boolean;
  /** Still awaiting payment (else its open attempts are closed). */
  isAwaiting(subject: S): boolean;
  /** The refusal of a notification for a closed attempt or a subject no longer awaiting payment. */
  closed(subject: S): DomainError;
  /**
   * What an awaited transfer that passed its deadline does to the subject (inside a transaction, subject
   * locked, the attempt already expired): e.g. a correction is cancelled and its policy released.
   */
  lapsed?(trx: Kysely<DB>, subject: S, attempt: Attempt, at: string): Promise<void>;
  /**
   * An attempt whose amount is no longer what the subject owes (a renewal whose roster changed since the
   * link was asked): it is closed as a superseded one is, and a new link asks the new amount.
   */
  stale?(subject: S, attempt: Attempt): boolean;
  /** What paying does to the subject (inside the notification's transaction, subject locked). */
  settle(trx: Kysely<DB>, subject: S, attempt: Attempt, at: string): Promise<void>;
  /** The portal's view of its payment. */
  view(db: Kysely<DB>, subject: S, attempt: Attempt | undefined, progress: PayProgress): Promise<V>;
  /** What the cashier page says it pays for. */
  cashierSummary(subject: S, attempt: Attempt): Pick<CashierView, 'purpose' | 'reference' | 'lines' | 'productCode'>;
}

export interface SubjectPaymentOptions {
  /** How long a cashier link stays valid when its subject has no deadline of its own. */
  linkMinutes: number;
  /** A transfer is awaited until the end of this many Beijing days after it was chosen (without a subject deadline). */
  transferDays: number;
  /** Where money received for a policy or correction is recorded (the activity log). */
  log: MoneyLog | null;
}

/** The end (23:59:59 Beijing time) of the Beijing day `days` after `now`. */
export function transferDeadline(now: Date, days: number): string {
  return new Date(`${addDays(beijingDay(now), days)}T23:59:59+08:00`).toISOString();
}

/** What matching an arrived transfer did. */
export interface TransferMatch {
  attempt: Attempt;
  /** The same transfer was matched before (nothing changed now). */
  alreadyMatched: boolean;
}

const asAttempt = (row: Selectable<PaymentAttemptTable>): Attempt => row as Attempt;

/** The latest attempt of a subject. */
export async function latestAttempt(
  db: Kysely<DB>,
  kind: SubjectKind,
  subjectId: number,
): Promise<Attempt | undefined> {
  const row = await db
    .selectFrom('payment_attempt')
    .selectAll()
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && asAttempt(row);
}

/** Moves an attempt to another state when the model allows it (else nothing changes); true when it moved. */
export async function moveAttempt(
  trx: Kysely<DB>,
  attempt: Pick<Attempt, 'id' | 'state'>,
  to: AttemptState,
  extra: { settled_at?: string; provider_ref?: string | null; method?: PayMethod; expires_at?: string } = {},
): Promise<boolean> {
  if (!canMove(attempt.state, to)) return false;
  const done = await trx
    .updateTable('payment_attempt')
    .set({ state: to, ...extra })
    .where('id', '=', attempt.id)
    .where('state', '=', attempt.state)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Where an attempt stands for the portal, its subject paid or no longer awaiting payment overriding it. */
export function progressOf(
  attempt: Attempt | undefined,
  subject: { paid: boolean; awaiting: boolean },
  now: Date,
): PayProgress {
  let payStatus: CashierPayStatus = 'none';
  if (attempt) {
    if (PAID_STATES.includes(attempt.state)) payStatus = 'paid';
    else if (attempt.state === 'declined') payStatus = 'failed';
    else if (attempt.state === 'expired') payStatus = 'expired';
    else payStatus = 'unpaid';
    if ((payStatus === 'unpaid' || payStatus === 'failed') && attempt.expires_at <= now.toISOString())
      payStatus = 'expired';
  }
  if (attempt && !subject.awaiting && payStatus !== 'paid') payStatus = 'closed';
  if (subject.paid) payStatus = 'paid';
  const open = (payStatus === 'unpaid' || payStatus === 'failed') && attempt?.method === 'online';
  return {
    payStatus,
    paymentNo: attempt?.payment_no ?? null,
    payUrl: open && attempt ? `/cashier/${attempt.token}` : null,
    linkExpiresAt: (payStatus === 'unpaid' || payStatus === 'failed') && attempt ? attempt.expires_at : null,
  };
}

/**
 * Paying one kind of subject through payment attempts: one open attempt per subject (asking twice
 * answers the same link; an expired one is superseded by a new attempt), valid until the subject's
 * own deadline; the pay status the portal polls; the cashier's signed notification, which settles the
 * subject once and only once; the cashier page's view and its buttons.
 */
export class SubjectPayments<S, V> implements KindPayments {
  readonly options: SubjectPaymentOptions;

  constructor(
    protected readonly db: Kysely<DB>,
    protected readonly clock: Clock,
    readonly subject: PaymentSubject<S, V>,
    options: Partial<SubjectPaymentOptions> = {},
  ) {
    this.options = { linkMinutes: 30, transferDays: 7, log: null, ...options };
  }

  get kind(): SubjectKind {
    return this.subject.kind;
  }

  /** Still awaiting payment by this attempt (its subject awaiting, the attempt's amount still what is owed). */
  private awaiting(subject: S, attempt: Attempt | undefined): boolean {
    return this.subject.isAwaiting(subject) && !(attempt && this.subject.stale?.(subject, attempt));
  }

  private progress(subject: S, attempt: Attempt | undefined): PayProgress {
    return progressOf(
      attempt,
      { paid: this.subject.isPaid(subject), awaiting: this.awaiting(subject, attempt) },
      this.clock.now(),
    );
  }

  private view(db: Kysely<DB>, subject: S, attempt: Attempt | undefined): Promise<V> {
    return this.subject.view(db, subject, attempt, this.progress(subject, attempt));
  }

  /**
   * The subject's open attempt paid by `method`, or a new one (superseding an expired or other-method
   * one), inside the caller's transaction with the subject locked.
   */
  async open(trx: Kysely<DB>, subject: S, customerId: number, amountFen: number, method: PayMethod): Promise<Attempt> {
    const now = this.clock.now();
    const subjectId = this.subject.id(subject);
    const latest = await latestAttempt(trx, this.subject.kind, subjectId);
    const deadline = this.subject.deadline(subject);
    const expiresAt =
      deadline ??
      (method === 'transfer'
        ? transferDeadline(now, this.options.transferDays)
        : new Date(now.getTime() + this.options.linkMinutes * 60_000).toISOString());
    if (
      latest &&
      OPEN_STATES.includes(latest.state) &&
      latest.expires_at > now.toISOString() &&
      Number(latest.amount_fen) === amountFen
    ) {
      if (latest.method === method) {
        // Asked to pay again after a decline: the same attempt awaits the payer once more.
        if (latest.state === 'declined' && (await moveAttempt(trx, latest, 'awaiting')))
          return { ...latest, state: 'awaiting' };
        return latest;
      }
      // Another way to pay the same attempt: an awaited transfer paid online instead, or the reverse.
      const to: AttemptState = method === 'transfer' ? 'transfer_awaited' : 'awaiting';
      if (await moveAttempt(trx, latest, to, { method, expires_at: expiresAt, provider_ref: null }))
        return { ...latest, state: to, method, expires_at: expiresAt, provider_ref: null };
    }
    await this.closeOpen(trx, subjectId);
    const stamp = beijingDayDigits(now);
    const serial = `${String(subjectId).padStart(6, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    const count = this.subject.attemptNo
      ? Number(
          (
            await trx
              .selectFrom('payment_attempt')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('subject_kind', '=', this.subject.kind)
              .where('subject_id', '=', subjectId)
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
    const said = this.subject.describe(subject);
    const row = await trx
      .insertInto('payment_attempt')
      .values({
        payment_no: this.subject.attemptNo?.(subject, count) ?? `${this.subject.prefix}${stamp}${serial}`,
        subject_kind: this.subject.kind,
        subject_id: subjectId,
        customer_id: customerId,
        amount_fen: amountFen,
        state: method === 'transfer' ? 'transfer_awaited' : 'awaiting',
        method,
        token: randomBytes(24).toString('base64url'),
        secret: randomBytes(32).toString('hex'),
        provider_ref: null,
        description_key: said.key,
        description_params: storedParams(said.params),
        expires_at: expiresAt,
        created_at: now.toISOString(),
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return asAttempt(
      await trx.selectFrom('payment_attempt').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow(),
    );
  }

  /** The pay link: the open attempt of the subject, or a new one (superseding an expired link). */
  async link(customerId: number, no: string): Promise<V> {
    return this.db.transaction().execute(async (trx) => {
      const subject = await this.subject.lock(trx, customerId, no);
      const amountFen = await this.subject.payable(trx, subject, this.clock.now());
      return this.view(trx, subject, await this.open(trx, subject, customerId, amountFen, 'online'));
    });
  }

  /** The pay status the portal polls: a few indexed reads. */
  async status(customerId: number, no: string): Promise<V> {
    return this.statusIn(this.db, customerId, no);
  }

  /** The pay status read through `db` (inside a transaction, its handle). */
  async statusIn(db: Kysely<DB>, customerId: number, no: string): Promise<V> {
    const subject = await this.subject.read(db, customerId, no);
    return this.view(db, subject, await latestAttempt(db, this.subject.kind, this.subject.id(subject)));
  }

  /** The latest attempt of a subject by its id. */
  latest(db: Kysely<DB>, subjectId: number): Promise<Attempt | undefined> {
    return latestAttempt(db, this.subject.kind, subjectId);
  }

  /** Ends the subject's open attempts (inside the caller's transaction, subject locked). */
  async closeOpen(trx: Kysely<DB>, subjectId: number): Promise<void> {
    await trx
      .updateTable('payment_attempt')
      .set({ state: 'expired' })
      .where('subject_kind', '=', this.subject.kind)
      .where('subject_id', '=', subjectId)
      .where('state', 'in', OPEN_STATES)
      .execute();
  }

  /** Money received for a company's policy or correction, in the activity log (a member's order has none). */
  private async logMoney(
    trx: Kysely<DB>,
    kind: 'paymentReceived' | 'transferMatched',
    attempt: Attempt,
    subject: string,
    at: string,
  ) {
    const subjectKind = this.subject.kind;
    if (!this.options.log || subjectKind === 'order') return;
    await this.options.log(
      trx,
      {
        kind,
        customerId: attempt.customer_id,
        // a renewal's money is the policy's (the log names the policy renewed)
        subjectKind: subjectKind === 'correction' ? 'correction' : 'policy',
        subject,
        amountFen: Number(attempt.amount_fen),
      },
      at,
    );
  }

  /** An attempt of this kind of subject by its number. */
  async byPaymentNo(paymentNo: string): Promise<Attempt | undefined> {
    const row = await this.db
      .selectFrom('payment_attempt')
      .selectAll()
      .where('payment_no', '=', paymentNo)
      .where('subject_kind', '=', this.subject.kind)
      .executeTakeFirst();
    return row && asAttempt(row);
  }

  /**
   * The provider's notification. Trusts only the signature made with the attempt's secret; the amount
   * must be the attempt's; a repeat of the same notification (its reference) answers as the first did;
   * a paid subject is never paid twice (`alreadyPaid`); paying settles the subject.
   */
  async notify(n: PayNotify): Promise<{ payStatus: 'paid' | 'failed'; alreadyPaid: boolean }> {
    const attempt = await this.byPaymentNo(n.paymentNo);
    if (!attempt) throw refuse('payment.noSuchPayment');
    checkNotifySignature(attempt.secret, n);
    if (n.amountFen !== Number(attempt.amount_fen)) throw refuse('payment.amountMismatch');
    return this.db.transaction().execute(async (trx) => {
      const no = await this.subject.numberOf(trx, attempt.subject_id);
      const subject = await this.subject.lock(trx, attempt.customer_id, no);
      const current = asAttempt(
        await trx.selectFrom('payment_attempt').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow(),
      );
      if (current.provider_ref === n.notifyId)
        return PAID_STATES.includes(current.state)
          ? { payStatus: 'paid' as const, alreadyPaid: true }
          : { payStatus: 'failed' as const, alreadyPaid: false };
      if (PAID_STATES.includes(current.state) || this.subject.isPaid(subject))
        return { payStatus: 'paid' as const, alreadyPaid: true };
      if (
        !['awaiting', 'declined'].includes(current.state) ||
        current.expires_at <= this.clock.now().toISOString() ||
        !this.awaiting(subject, current)
      )
        throw this.subject.closed(subject);
      const at = this.clock.now().toISOString();
      if (n.result === 'failed') {
        await moveAttempt(trx, current, 'declined', { provider_ref: n.notifyId });
        return { payStatus: 'failed' as const, alreadyPaid: false };
      }
      if (!(await moveAttempt(trx, current, 'succeeded', { provider_ref: n.notifyId, settled_at: at })))
        return { payStatus: 'paid' as const, alreadyPaid: true };
      await this.subject.settle(trx, subject, { ...current, state: 'succeeded', settled_at: at }, at);
      await this.logMoney(trx, 'paymentReceived', current, this.subject.shownNo(subject), at);
      return { payStatus: 'paid' as const, alreadyPaid: false };
    });
  }

  /**
   * An awaited transfer arrived (the insurer matched it by its reference, the attempt's number): the
   * attempt is matched and the subject paid, as a payment at the cashier would. The amount must be the
   * attempt's; a transfer past its deadline, for a paid or closed subject, or matched before is refused
   * (the money goes back to the payer), a repeat of the same match answers it again.
   */
  async matchTransfer(reference: string, receivedFen: number): Promise<TransferMatch> {
    const attempt = await this.byPaymentNo(reference);
    if (!attempt) throw refuse('transfer.noSuchReference', { reference });
    return this.db.transaction().execute(async (trx) => {
      const no = await this.subject.numberOf(trx, attempt.subject_id);
      const subject = await this.subject.lock(trx, attempt.customer_id, no);
      const current = asAttempt(
        await trx.selectFrom('payment_attempt').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow(),
      );
      if (current.state === 'transfer_matched') return { attempt: current, alreadyMatched: true };
      if (PAID_STATES.includes(current.state) || this.subject.isPaid(subject))
        throw refuse('transfer.alreadyPaid', { reference });
      if (current.method !== 'transfer') throw refuse('transfer.notTransfer', { reference });
      const now = this.clock.now();
      if (current.state === 'transfer_awaited' && current.expires_at <= now.toISOString())
        throw refuse('transfer.lapsed', { reference, deadline: formatDateTime(current.expires_at) });
      if (current.state !== 'transfer_awaited' || !this.subject.isAwaiting(subject))
        throw refuse('transfer.closed', { reference });
      if (receivedFen !== Number(current.amount_fen))
        throw refuse('transfer.amountDiffers', {
          received: formatFen(receivedFen),
          due: formatFen(Number(current.amount_fen)),
        });
      const at = now.toISOString();
      if (!(await moveAttempt(trx, current, 'transfer_matched', { settled_at: at })))
        throw refuse('transfer.closed', { reference });
      const matched: Attempt = { ...current, state: 'transfer_matched', settled_at: at };
      await this.subject.settle(trx, subject, matched, at);
      await this.logMoney(trx, 'transferMatched', current, this.subject.shownNo(subject), at);
      return { attempt: matched, alreadyMatched: false };
    });
  }

  /**
   * Awaited transfers past their deadline (of one customer, or one subject): each attempt expires and
   * its subject is told (`lapsed`), once. Called where the subject is read, so a page shows it at once.
   */
  async releaseLapsed(customerId: number, subjectId?: number): Promise<number> {
    const now = this.clock.now().toISOString();
    let query = this.db
      .selectFrom('payment_attempt')
      .select(['id', 'subject_id'])
      .where('subject_kind', '=', this.subject.kind)
      .where('customer_id', '=', customerId)
      .where('state', '=', 'transfer_awaited')
      .where('expires_at', '<=', now);
    if (subjectId !== undefined) query = query.where('subject_id', '=', subjectId);
    const lapsed = await query.execute();
    let released = 0;
    for (const row of lapsed) {
      await this.db.transaction().execute(async (trx) => {
        const no = await this.subject.numberOf(trx, row.subject_id);
        const subject = await this.subject.lock(trx, customerId, no);
        const current = asAttempt(
          await trx.selectFrom('payment_attempt').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow(),
        );
        if (current.state !== 'transfer_awaited' || current.expires_at > now) return;
        if (!(await moveAttempt(trx, current, 'expired'))) return;
        released += 1;
        await this.subject.lapsed?.(trx, subject, { ...current, state: 'expired' }, now);
      });
    }
    return released;
  }

  /** The cashier page's view of an attempt of this kind of subject. */
  async cashierOf(attempt: Attempt): Promise<CashierFound> {
    const subject = await this.subject.byId(this.db, attempt.subject_id);
    const view: CashierView = {
      status: 'open',
      ...this.subject.cashierSummary(subject, attempt),
      paymentNo: attempt.payment_no,
      amountFen: Number(attempt.amount_fen),
      expiresAt: attempt.expires_at,
    };
    if (PAID_STATES.includes(attempt.state) || this.subject.isPaid(subject))
      return { view: { ...view, status: 'paid' } };
    if (!this.awaiting(subject, attempt) || attempt.method !== 'online') return { view: { ...view, status: 'closed' } };
    if (attempt.expires_at <= this.clock.now().toISOString()) return { view: { ...view, status: 'expired' } };
    // Ended before its time (superseded by another attempt): closed.
    if (attempt.state === 'expired') return { view: { ...view, status: 'closed' } };
    return { view: { ...view, status: attempt.state === 'declined' ? 'failed' : 'open' }, secret: attempt.secret };
  }
}

/** What the cashier needs of one kind of subject's payments. */
export interface KindPayments {
  readonly kind: SubjectKind;
  cashierOf(attempt: Attempt): Promise<CashierFound>;
  notify(n: PayNotify): Promise<{ payStatus: 'paid' | 'failed'; alreadyPaid: boolean }>;
}

/**
 * The cashier in front of every kind of subject: one table of attempts, so a token names its attempt
 * and the attempt its subject's payments.
 */
export class PaymentDesk {
  private readonly kinds: Map<string, KindPayments>;

  constructor(
    private readonly db: Kysely<DB>,
    payments: KindPayments[],
  ) {
    this.kinds = new Map(payments.map((p) => [p.kind, p]));
  }

  private async find(token: string): Promise<{ attempt: Attempt; payments: KindPayments } | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    const row = await this.db.selectFrom('payment_attempt').selectAll().where('token', '=', token).executeTakeFirst();
    const payments = row && this.kinds.get(row.subject_kind);
    return row && payments ? { attempt: asAttempt(row), payments } : null;
  }

  /** The cashier page of a token (missing when it names no attempt). */
  async cashier(token: string): Promise<CashierFound> {
    const found = await this.find(token);
    if (!found) return { view: { status: 'missing', purpose: 'order', lines: [] } };
    return found.payments.cashierOf(found.attempt);
  }

  /** The cashier page's buttons: a signed notification through the provider's path. */
  async cashierAct(token: string, result: 'paid' | 'failed'): Promise<CashierAct> {
    const found = await this.find(token);
    if (!found) return { view: { status: 'missing', purpose: 'order', lines: [] }, outcome: 'refused' };
    const again = async () => {
      const now = await this.find(token);
      return now
        ? now.payments.cashierOf(now.attempt)
        : { view: { status: 'missing' as const, purpose: 'order' as const, lines: [] } };
    };
    return actAtCashier(await again(), result, (n) => found.payments.notify(n), again);
  }
}
