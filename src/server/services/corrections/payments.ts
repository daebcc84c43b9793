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
import type { UploadedFile } from '../files';
import { SubjectPayments, type Attempt, type PaymentSubject, type TransferMatch } from '../payments/subjectPayments';
import { lockCorrection, loadCorrection, paymentNo, checkSecondPerson } from './access';
import { applyInForce } from './apply';
import type { CorrectionDecisions } from './decisions';
import type { Actor, CorrectionDeps, Trx } from './deps';
import type { CorrectionDocument } from './files';
import type { OnceOnly } from './idempotency';
import { paymentInfo, stateName } from './model';
import type { CorrectionRow, PaymentRow } from './types';
import type { Voice } from './texts';
import { checkedReceipt, paymentNotice, receivingAccount, releaseLapsedCorrection, transferInfo } from './transfers';

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
  shownNo: ({ c }) => c.correction_no,
  byId: async (db, id) => {
    const c = await db
      .selectFrom('correction')
      .innerJoin('policy', 'policy.id', 'correction.policy_id')
      .selectAll('correction')
      .leftJoin('product', 'product.code', 'policy.product_code')
      .select(['policy.policy_no', 'policy.product_code', 'policy.product_name'])
      .select(['product.name_en as product_name_en', 'product.name_zh as product_name_zh'])
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
  lapsed: async (trx, { c }, attempt, at) => releaseLapsedCorrection(trx, c, attempt, at),
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
      transferDays: deps.options.transferDays,
      log: deps.options.moneyLog,
    });
    // Whatever reads a correction settles what fell due first: an awaited transfer past its deadline too.
    decisions.whenSettling((customerId, correctionId) => this.attempts.releaseLapsed(customerId, correctionId));
  }

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** The insurer's account that premium transfers go to, named in the reader's language. */
  receivingAccount(t: Translate): BankAccount {
    return receivingAccount(this.deps.options, t);
  }

  /** The payment of a correction as the portal shows it (an awaited transfer with its payee in the reader's words). */
  async info(db: Trx, bill: PaymentRow, t: Translate): Promise<PaymentInfo> {
    const attempt = await this.attempts.latest(db, bill.correction_id ?? 0);
    return paymentInfo(bill, attempt, this.now(), await transferInfo(db, attempt, this.receivingAccount(t)));
  }

  /** The correction's awaited transfer (correction locked), or the refusal that none is awaited. */
  private async awaitedTransfer(db: Trx, c: CorrectionRow): Promise<{ bill: PaymentRow; attempt: Attempt }> {
    const bill = await latestBill(db, c.id);
    const attempt = await this.attempts.latest(db, c.id);
    if (
      !bill ||
      bill.state !== PaymentState.unpaid ||
      c.state !== 'awaiting_payment' ||
      !attempt ||
      attempt.state !== 'transfer_awaited' ||
      attempt.expires_at <= this.now().toISOString()
    )
      throw refuse('transfer.notAwaited');
    return { bill, attempt };
  }

  /** downloadPaymentNotice: the payment notice of the correction's awaited transfer, a PDF in the reader's language. */
  async notice(actor: Actor, correctionId: number, voice: Voice): Promise<CorrectionDocument> {
    await this.decisions.settleDue(actor.customer_id, correctionId);
    const c = await loadCorrection(this.db, actor.customer_id, correctionId);
    const { attempt } = await this.awaitedTransfer(this.db, c);
    const holder = await this.db
      .selectFrom('policy')
      .select('holder_name')
      .where('id', '=', c.policy_id)
      .executeTakeFirstOrThrow();
    const body = await paymentNotice(
      {
        payer: holder.holder_name,
        correctionNo: c.correction_no,
        policyNo: c.policy_no,
        amountFen: Number(attempt.amount_fen),
        payee: this.receivingAccount(voice.t),
        reference: attempt.payment_no,
        deadline: attempt.expires_at,
        issuedAt: this.now().toISOString(),
      },
      voice.locale,
    );
    return { filename: `payment-notice-${attempt.payment_no}.pdf`, type: 'pdf', body };
  }

  /** uploadTransferReceipt: a receipt of the awaited transfer (a picture or a PDF, checked by its bytes). */
  async uploadReceipt(actor: Actor, correctionId: number, files: UploadedFile[], voice: Voice): Promise<PaymentInfo> {
    await this.decisions.settleDue(actor.customer_id, correctionId);
    const receipt = checkedReceipt(files);
    return this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      const { bill, attempt } = await this.awaitedTransfer(trx, c);
      await trx
        .insertInto('transfer_receipt')
        .values({
          attempt_id: attempt.id,
          customer_id: actor.customer_id,
          user_id: actor.id,
          file_name: receipt.fileName,
          content_type: receipt.contentType,
          size: receipt.data.length,
          data: receipt.data,
          created_at: this.now().toISOString(),
        })
        .execute();
      return this.info(trx, bill, voice.t);
    });
  }

  /**
   * The insurer matched an arrived transfer by its reference (the operator's command): the correction
   * is paid and in force as after a payment at the cashier.
   */
  matchTransfer(reference: string, receivedFen: number): Promise<TransferMatch> {
    return this.attempts.matchTransfer(reference, receivedFen);
  }

  /** getPaymentLink / getInsuredPayLink: one bill per correction, its open attempt or a new one. */
  async link(
    actor: Actor,
    variants: readonly CorrectionVariant[] | undefined,
    call: string,
    correctionId: number,
    key: string,
    voice: Voice,
  ): Promise<PaymentInfo> {
    await this.decisions.settleDue(actor.customer_id, correctionId);
    return this.once.run(actor, key, call, async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      const net = Number(c.net_fen ?? 0);
      if (c.state === 'pending') throw refuse('correction.underReview');
      if (c.state !== 'in_force') await checkSecondPerson(trx, actor, c);
      if (c.state === 'in_force') {
        const bill = await latestBill(trx, c.id);
        if (bill) return this.info(trx, bill, voice.t);
        throw refuse('correction.nothingToPay', { correctionNo: c.correction_no });
      }
      if (c.state !== 'approved' && c.state !== 'awaiting_payment') {
        throw refuse('correction.payOnceApproved', { correctionNo: c.correction_no, state: stateName(c.state) });
      }
      if (net <= 0) throw refuse('correction.noPremium', { correctionNo: c.correction_no });
      const at = this.now();
      let bill = await latestBill(trx, c.id);
      if (bill && bill.state === PaymentState.paid) return this.info(trx, bill, voice.t);
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
      return this.info(trx, bill, voice.t);
    });
  }

  /** getPayStatus: polled by the portal, so a few indexed reads (more when a pending review falls due). */
  async status(actor: Actor, correctionId: number, voice: Voice): Promise<PayStatusResult> {
    await this.attempts.releaseLapsed(actor.customer_id, correctionId);
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
    const info = bill ? await this.info(this.db, bill, voice.t) : null;
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
    await this.decisions.settleDue(actor.customer_id, correctionId);
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
        payment: after ? await this.info(trx, after, voice.t) : null,
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
