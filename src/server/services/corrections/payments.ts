import { randomBytes } from 'node:crypto';
import { checkNotifySignature } from '../notifySignature';
import { actAtCashier, type CashierAct, type CashierView } from '../payments/cashier';
import type {
  BankAccount,
  PayNotifyReq,
  PayNotifyResult,
  PaymentInfo,
  PayStatus,
  PayStatusResult,
  PayType,
  PayTypeResult,
} from '@contract/io/correction';
import { PaymentState, type CorrectionVariant } from '@contract/states';
import { translator, type Translate } from '@server/messages/catalogue';
import { refuse } from '../errors';
import { lockCorrection, paymentNo } from './access';
import { applyInForce } from './apply';
import type { CorrectionDecisions } from './decisions';
import type { Actor, CorrectionDeps, Trx } from './deps';
import type { OnceOnly } from './idempotency';
import { paymentOf, stateName } from './model';
import type { CorrectionRow, PaymentRow } from './types';
import type { Voice } from './texts';

/** Payment links, the pay status the portal polls, the cashier's notifications. */
export class CorrectionPayments {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly decisions: CorrectionDecisions,
    private readonly once: OnceOnly,
  ) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** The insurer's account that premium transfers go to, named in the reader's language. */
  receivingAccount(t: Translate): BankAccount {
    return (
      this.deps.options.receivingAccount ?? {
        accountName: t('correction.receivingAccountName'),
        bankName: t('correction.receivingBankName'),
        accountNo: '0200 0045 0902 6688 818',
      }
    );
  }

  private async latestPayment(db: Trx, correctionId: number): Promise<PaymentRow | undefined> {
    return db
      .selectFrom('premium_payment')
      .selectAll()
      .where('correction_id', '=', correctionId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  private async latestLink(db: Trx, paymentId: number) {
    return db
      .selectFrom('correction_pay_link')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async info(db: Trx, payment: PaymentRow): Promise<PaymentInfo> {
    return paymentOf(payment, (await this.latestLink(db, payment.id)) ?? null, this.now());
  }

  /** getPaymentLink / getInsuredPayLink: one payment per correction, a fresh link when the last expired. */
  async link(
    actor: Actor,
    variants: readonly CorrectionVariant[] | undefined,
    call: string,
    correctionId: number,
    key: string,
  ): Promise<PaymentInfo> {
    await this.decisions.settleDue(actor.customer_id, correctionId);
    return this.once.run(actor, key, call, async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      const net = Number(c.net_fen ?? 0);
      if (c.state === 'pending') throw refuse('correction.underReview');
      if (c.state === 'in_force') {
        const payment = await this.latestPayment(trx, c.id);
        if (payment) return this.info(trx, payment);
        throw refuse('correction.nothingToPay', { correctionNo: c.correction_no });
      }
      if (c.state !== 'approved' && c.state !== 'awaiting_payment') {
        throw refuse('correction.payOnceApproved', { correctionNo: c.correction_no, state: stateName(c.state) });
      }
      if (net <= 0) throw refuse('correction.noPremium', { correctionNo: c.correction_no });
      const at = this.now();
      let payment = await this.latestPayment(trx, c.id);
      if (payment && payment.state === PaymentState.paid) return this.info(trx, payment);
      if (!payment || payment.state === PaymentState.closed) {
        const row = await trx
          .insertInto('premium_payment')
          .values({
            payment_no: paymentNo(at),
            customer_id: c.customer_id,
            policy_id: c.policy_id,
            correction_id: c.id,
            // written for whoever reads the policy's payments: in the correction's language
            description: translator(c.locale)('correction.paymentDescription', {
              correctionNo: c.correction_no,
              policyNo: c.policy_no,
            }),
            amount_fen: net,
            state: PaymentState.unpaid,
            pay_type: c.pay_type ?? 'online',
            paid_at: null,
            invoice_id: null,
            created_at: at.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        payment = await trx
          .selectFrom('premium_payment')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
      } else if (payment.state === PaymentState.failed) {
        await trx
          .updateTable('premium_payment')
          .set({ state: PaymentState.unpaid })
          .where('id', '=', payment.id)
          .execute();
        payment = { ...payment, state: PaymentState.unpaid };
      }
      const link = await this.latestLink(trx, payment.id);
      if (!link || link.expires_at <= at.toISOString()) {
        await trx
          .insertInto('correction_pay_link')
          .values({
            payment_id: payment.id,
            token: randomBytes(24).toString('base64url'),
            secret: link?.secret ?? randomBytes(32).toString('hex'),
            expires_at: new Date(at.getTime() + this.deps.options.payLinkMinutes * 60_000).toISOString(),
            created_at: at.toISOString(),
          })
          .execute();
      }
      if (c.state === 'approved')
        await trx
          .updateTable('correction')
          .set({ state: 'awaiting_payment', updated_at: at.toISOString() })
          .where('id', '=', c.id)
          .execute();
      return this.info(trx, payment);
    });
  }

  /** getPayStatus: polled by the portal, so two indexed reads (three when a pending review falls due). */
  async status(actor: Actor, correctionId: number): Promise<PayStatusResult> {
    let c = await this.db
      .selectFrom('correction')
      .select(['id', 'state', 'net_fen', 'review_due_at'])
      .where('id', '=', correctionId)
      .where('customer_id', '=', actor.customer_id)
      .executeTakeFirst();
    if (!c) throw refuse('correction.noSuchCorrection');
    if (c.state === 'pending' && c.review_due_at !== null && c.review_due_at <= this.now().toISOString()) {
      await this.decisions.settleDue(actor.customer_id, correctionId);
      c = await this.db
        .selectFrom('correction')
        .select(['id', 'state', 'net_fen', 'review_due_at'])
        .where('id', '=', correctionId)
        .executeTakeFirstOrThrow();
    }
    const row = await this.db
      .selectFrom('premium_payment')
      .leftJoin('correction_pay_link', (join) =>
        join
          .onRef('correction_pay_link.payment_id', '=', 'premium_payment.id')
          .on('correction_pay_link.id', '=', (eb) =>
            eb
              .selectFrom('correction_pay_link as l')
              .select((e) => e.fn.max('l.id').as('m'))
              .whereRef('l.payment_id', '=', 'premium_payment.id'),
          ),
      )
      .selectAll('premium_payment')
      .select(['correction_pay_link.token', 'correction_pay_link.expires_at'])
      .where('premium_payment.correction_id', '=', c.id)
      .orderBy('premium_payment.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const info = row
      ? paymentOf(
          row,
          row.token && row.expires_at ? { token: row.token, expires_at: row.expires_at } : null,
          this.now(),
        )
      : null;
    let payStatus: PayStatus = info?.payStatus ?? 'none';
    if (!info && c.net_fen !== null && Number(c.net_fen) <= 0 && (c.state === 'in_force' || c.state === 'approved'))
      payStatus = 'not_required';
    if (!info && c.state === 'cancelled') payStatus = 'closed';
    return { payStatus, state: c.state as PayStatusResult['state'], payment: info };
  }

  async setPayType(
    actor: Actor,
    variants: readonly CorrectionVariant[] | undefined,
    correctionId: number,
    payType: PayType,
    voice: Voice,
  ): Promise<PayTypeResult> {
    return this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      if (!['underwritten', 'approved', 'awaiting_payment', 'pending'].includes(c.state)) {
        throw refuse('correction.payTypeFixed', { correctionNo: c.correction_no, state: stateName(c.state) });
      }
      if (c.net_fen === null || Number(c.net_fen) <= 0)
        throw refuse('correction.noPremium', { correctionNo: c.correction_no });
      const payment = await this.latestPayment(trx, c.id);
      if (payment?.state === PaymentState.paid) throw refuse('correction.alreadyPaid');
      await trx
        .updateTable('correction')
        .set({ pay_type: payType, scenario: payType, updated_at: this.now().toISOString() })
        .where('id', '=', c.id)
        .execute();
      if (payment && (payment.state === PaymentState.unpaid || payment.state === PaymentState.failed))
        await trx.updateTable('premium_payment').set({ pay_type: payType }).where('id', '=', payment.id).execute();
      const after = payment
        ? await trx.selectFrom('premium_payment').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow()
        : null;
      return {
        payment: after ? await this.info(trx, after) : null,
        payType,
        payTo: payType === 'transfer' ? this.receivingAccount(voice.t) : null,
      };
    });
  }

  /**
   * The cashier's notification (InsuredPayNotify and the cashier page). Trusts only the signature made
   * with the payment's secret; the amount must be the payment's; a paid payment is never paid twice.
   */
  async notify(n: PayNotifyReq): Promise<PayNotifyResult & { alreadyPaid: boolean }> {
    const payment = await this.db
      .selectFrom('premium_payment')
      .selectAll()
      .where('payment_no', '=', n.paymentNo)
      .executeTakeFirst();
    const link = payment ? await this.latestLink(this.db, payment.id) : undefined;
    if (!payment || !link) throw refuse('correction.noSuchPayment');
    checkNotifySignature(link.secret, n);
    if (n.amountFen !== Number(payment.amount_fen)) throw refuse('correction.amountMismatch');
    return this.db.transaction().execute(async (trx) => {
      // The same order as every other change: the correction's row first, then its payment.
      if (payment.correction_id !== null)
        await lockCorrection(trx, payment.customer_id, payment.correction_id).catch(() => undefined);
      const current = await trx
        .selectFrom('premium_payment')
        .selectAll()
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      if (current.state === PaymentState.paid)
        return { accepted: true, payStatus: 'paid' as PayStatus, alreadyPaid: true };
      if (current.state === PaymentState.closed) throw refuse('correction.paymentClosed');
      if (n.result === 'failed') {
        await trx
          .updateTable('premium_payment')
          .set({ state: PaymentState.failed })
          .where('id', '=', current.id)
          .where('state', '=', PaymentState.unpaid)
          .execute();
        return { accepted: true, payStatus: 'failed' as PayStatus, alreadyPaid: false };
      }
      const at = this.now();
      const done = await trx
        .updateTable('premium_payment')
        .set({ state: PaymentState.paid, paid_at: at.toISOString() })
        .where('id', '=', current.id)
        .where('state', 'in', [PaymentState.unpaid, PaymentState.failed])
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1)
        return { accepted: true, payStatus: 'paid' as PayStatus, alreadyPaid: true };
      if (current.correction_id !== null) {
        const c = await trx
          .selectFrom('correction')
          .innerJoin('policy', 'policy.id', 'correction.policy_id')
          .selectAll('correction')
          .select(['policy.policy_no', 'policy.product_name'])
          .where('correction.id', '=', current.correction_id)
          .executeTakeFirst();
        if (c && (c.state === 'awaiting_payment' || c.state === 'approved'))
          await applyInForce(trx, c satisfies CorrectionRow, at);
      }
      return { accepted: true, payStatus: 'paid' as PayStatus, alreadyPaid: false };
    });
  }

  async cashier(token: string): Promise<CashierView & { secret?: string }> {
    const missing: CashierView = { status: 'missing', purpose: 'correction', lines: [] };
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return missing;
    const link = await this.db
      .selectFrom('correction_pay_link')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    if (!link) return missing;
    const payment = await this.db
      .selectFrom('premium_payment')
      .selectAll()
      .where('id', '=', link.payment_id)
      .executeTakeFirstOrThrow();
    const policy = await this.db
      .selectFrom('policy')
      .select(['policy_no', 'product_name', 'holder_name'])
      .where('id', '=', payment.policy_id)
      .executeTakeFirstOrThrow();
    const c = payment.correction_id
      ? await this.db
          .selectFrom('correction')
          .select('correction_no')
          .where('id', '=', payment.correction_id)
          .executeTakeFirst()
      : undefined;
    const base: CashierView = {
      status: 'open',
      purpose: 'correction',
      reference: c?.correction_no ?? payment.payment_no,
      lines: [
        ['payment', payment.payment_no],
        ['correction', c?.correction_no ?? '-'],
        ['policy', policy.policy_no],
        ['product', policy.product_name],
        ['policyholder', policy.holder_name],
        ['payBy', payment.pay_type === 'transfer' ? 'transfer' : 'online'],
      ],
      paymentNo: payment.payment_no,
      amountFen: Number(payment.amount_fen),
      expiresAt: link.expires_at,
    };
    if (payment.state === PaymentState.paid) return { ...base, status: 'paid' };
    if (payment.state === PaymentState.closed) return { ...base, status: 'closed' };
    const latest = await this.latestLink(this.db, payment.id);
    if (link.expires_at <= this.now().toISOString() || latest?.id !== link.id) return { ...base, status: 'expired' };
    return { ...base, status: payment.state === PaymentState.failed ? 'failed' : 'open', secret: link.secret };
  }

  /** The cashier page's buttons: a signed notification through the same path as InsuredPayNotify. */
  async cashierAct(token: string, result: 'paid' | 'failed'): Promise<CashierAct> {
    const shown = async () => {
      const { secret, ...view } = await this.cashier(token);
      return { view, secret };
    };
    return actAtCashier(await shown(), result, (n) => this.notify(n), shown);
  }
}
