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
import { SubjectPayments, type PaymentSubject } from '../payments/subjectPayments';
import { lockCorrection, loadCorrection, paymentNo } from './access';
import { applyInForce } from './apply';
import type { CorrectionDecisions } from './decisions';
import type { Actor, CorrectionDeps, Trx } from './deps';
import type { OnceOnly } from './idempotency';
import { paymentInfo, stateName } from './model';
import type { CorrectionRow, PaymentRow } from './types';
import type { Voice } from './texts';

/** A correction as the subject of a payment: the correction and its bill (the premium it owes). */
export interface CorrectionDue {
  c: CorrectionRow;
  bill: PaymentRow | undefined;
}

const latestBill = (db: Trx, correctionId: number) =>
  db
    .selectFrom('premium_payment')
    .selectAll()
    .where('correction_id', '=', correctionId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const due = async (db: Trx, c: CorrectionRow): Promise<CorrectionDue> => ({ c, bill: await latestBill(db, c.id) });

/** A correction's premium as the subject of the payment model: paying it puts the correction in force. */
const correctionSubject: PaymentSubject<CorrectionDue, PaymentInfo | null> = {
  kind: 'correction',
  prefix: 'PM',
  /** A correction's attempts carry its bill's number, the later ones numbered after it. */
  attemptNo: ({ bill }, count) => (count === 0 ? (bill?.payment_no ?? '') : `${bill?.payment_no ?? ''}-${count + 1}`),
  lock: async (trx, customerId, no) => due(trx, await lockCorrection(trx, customerId, Number(no))),
  read: async (db, customerId, no) => due(db, await loadCorrection(db, customerId, Number(no))),
  numberOf: async (_db, id) => String(id),
  byId: async (db, id) => {
    const c = await db
      .selectFrom('correction')
      .innerJoin('policy', 'policy.id', 'correction.policy_id')
      .selectAll('correction')
      .select(['policy.policy_no', 'policy.product_code', 'policy.product_name'])
      .where('correction.id', '=', id)
      .executeTakeFirstOrThrow();
    return due(db, c);
  },
  id: ({ c }) => c.id,
  payable: async (_db, { c }) => Number(c.net_fen ?? 0),
  deadline: () => null,
  describe: ({ c }) => ({
    key: 'correction.paymentDescription',
    params: { correctionNo: c.correction_no, policyNo: c.policy_no },
  }),
  isPaid: ({ bill }) => bill?.state === PaymentState.paid,
  isAwaiting: ({ c, bill }) =>
    (c.state === 'awaiting_payment' || c.state === 'approved') && bill?.state === PaymentState.unpaid,
  closed: () => refuse('correction.paymentClosed'),
  settle: async (trx, { c, bill }, attempt, at) => {
    if (!bill) return;
    await trx
      .updateTable('premium_payment')
      .set({ state: PaymentState.paid, paid_at: at, pay_type: attempt.method })
      .where('id', '=', bill.id)
      .where('state', '=', PaymentState.unpaid)
      .execute();
    if (c.state === 'awaiting_payment' || c.state === 'approved') await applyInForce(trx, c, new Date(at));
  },
  view: async (_db, { bill }, attempt) => (bill ? paymentInfo(bill, attempt, new Date()) : null),
  cashierSummary: ({ c, bill }, attempt) => ({
    purpose: 'correction',
    reference: c.correction_no,
    productCode: c.product_code,
    lines: [
      ['payment', bill?.payment_no ?? attempt.payment_no],
      ['correction', c.correction_no],
      ['policy', c.policy_no],
      ['product', c.product_name],
      ['payBy', attempt.method === 'transfer' ? 'transfer' : 'online'],
    ],
  }),
};

/** Payment links, the pay status the portal polls, the pay type, the cashier's notifications. */
export class CorrectionPayments {
  readonly attempts: SubjectPayments<CorrectionDue, PaymentInfo | null>;

  constructor(
    private readonly deps: CorrectionDeps,
    private readonly decisions: CorrectionDecisions,
    private readonly once: OnceOnly,
  ) {
    this.attempts = new SubjectPayments(deps.db, deps.clock, correctionSubject, {
      linkMinutes: deps.options.payLinkMinutes,
    });
  }

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

  /** The payment of a correction as the portal shows it. */
  async info(db: Trx, bill: PaymentRow): Promise<PaymentInfo> {
    return paymentInfo(bill, await this.attempts.latest(db, bill.correction_id ?? 0), this.now());
  }

  /** getPaymentLink / getInsuredPayLink: one bill per correction, its open attempt or a new one. */
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
        const bill = await latestBill(trx, c.id);
        if (bill) return this.info(trx, bill);
        throw refuse('correction.nothingToPay', { correctionNo: c.correction_no });
      }
      if (c.state !== 'approved' && c.state !== 'awaiting_payment') {
        throw refuse('correction.payOnceApproved', { correctionNo: c.correction_no, state: stateName(c.state) });
      }
      if (net <= 0) throw refuse('correction.noPremium', { correctionNo: c.correction_no });
      const at = this.now();
      let bill = await latestBill(trx, c.id);
      if (bill && bill.state === PaymentState.paid) return this.info(trx, bill);
      if (!bill || bill.state === PaymentState.closed) {
        const row = await trx
          .insertInto('premium_payment')
          .values({
            payment_no: paymentNo(at),
            customer_id: c.customer_id,
            policy_id: c.policy_id,
            correction_id: c.id,
            // its English as written; said in each reader's language through text_key
            description: translator('en-US')('correction.paymentDescription', {
              correctionNo: c.correction_no,
              policyNo: c.policy_no,
            }),
            text_key: 'correction.paymentDescription',
            text_params: JSON.stringify({ correctionNo: c.correction_no, policyNo: c.policy_no }),
            amount_fen: net,
            state: PaymentState.unpaid,
            pay_type: c.pay_type ?? 'online',
            paid_at: null,
            invoice_id: null,
            created_at: at.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        bill = await trx.selectFrom('premium_payment').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      }
      const method: PayType = bill.pay_type === 'transfer' ? 'transfer' : 'online';
      await this.attempts.open(trx, { c, bill }, c.customer_id, Number(bill.amount_fen), method);
      if (c.state === 'approved')
        await trx
          .updateTable('correction')
          .set({ state: 'awaiting_payment', updated_at: at.toISOString() })
          .where('id', '=', c.id)
          .execute();
      return this.info(trx, bill);
    });
  }

  /** getPayStatus: polled by the portal, so a few indexed reads (more when a pending review falls due). */
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
    const bill = await latestBill(this.db, c.id);
    const info = bill ? await this.info(this.db, bill) : null;
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
      const bill = await latestBill(trx, c.id);
      if (bill?.state === PaymentState.paid) throw refuse('correction.alreadyPaid');
      await trx
        .updateTable('correction')
        .set({ pay_type: payType, scenario: payType, updated_at: this.now().toISOString() })
        .where('id', '=', c.id)
        .execute();
      let after = bill;
      if (bill && bill.state === PaymentState.unpaid) {
        await trx.updateTable('premium_payment').set({ pay_type: payType }).where('id', '=', bill.id).execute();
        after = await trx.selectFrom('premium_payment').selectAll().where('id', '=', bill.id).executeTakeFirstOrThrow();
        // An attempt already open moves to the new way of paying (a transfer awaited, or the cashier again).
        if (c.state === 'awaiting_payment')
          await this.attempts.open(trx, { c, bill: after }, c.customer_id, Number(after.amount_fen), payType);
      }
      return {
        payment: after ? await this.info(trx, after) : null,
        payType,
        payTo: payType === 'transfer' ? this.receivingAccount(voice.t) : null,
      };
    });
  }

  /**
   * The cashier's notification (InsuredPayNotify and the cashier page): the payment model's one path,
   * trusting only the signature made with the attempt's secret.
   */
  async notify(n: PayNotifyReq): Promise<PayNotifyResult & { alreadyPaid: boolean }> {
    const done = await this.attempts.notify(n);
    return { accepted: true, payStatus: done.payStatus, alreadyPaid: done.alreadyPaid };
  }
}
