import { INSURER } from '@common/insurer';
import { beijingDay } from '@common/time';
import type { Kysely, Selectable } from 'kysely';
import { creditCodeCheck, isValidCreditCode } from '@common/creditCode';
import type { Page } from '@contract/envelope';
import type { InvoiceIssued, InvoiceSummary, InvoiceableItem } from '@contract/io/invoice';
import { AccountState, PaymentState } from '@contract/states';
import type { DB } from '../db/schema';
import type { InvoiceTable } from '../db/tables/service';
import { translator, type Translate } from '../messages/catalogue';
import type { Clock } from './clock';
import { isUniqueViolation, refuse } from './errors';
import type { SessionUser } from './identity';
import { pageOf, type PageRequest } from './paging';
import type { Products } from './products';
import { storedText, type Voice } from './texts';

/** Insurance services carry 6 % VAT; premiums are tax-inclusive. */
const TAX_RATE_PERMILLE = 60;
const SELLER_CODE_BODY = '91310000MA1FL0DEM';
export const SELLER = {
  name: `${INSURER.name['zh-CN']}上海分公司`,
  taxNo: `${SELLER_CODE_BODY}${creditCodeCheck(SELLER_CODE_BODY)}`,
};
/** The issuer printed on the invoice: a fapiao is a Chinese tax document, in Chinese whatever the reader's language. */
const ISSUER = '电子开票系统';
/** The language of the invoice's own texts (its line items). */
const INVOICE_VOICE: Voice = { locale: 'zh-CN', t: translator('zh-CN') };

/** An invoice: issued (1) or voided (2). */
export const InvoiceState = { issued: 1, voided: 2 } as const;

/** Which premiums a list shows: 1 not invoiced yet, 2 invoiced, 0 both. */
type InvoiceFilter = 0 | 1 | 2;

/** Splits a tax-inclusive total into amount and tax (the tax rounds to the fen). */
export function splitTax(totalFen: number, permille = TAX_RATE_PERMILLE): { amountFen: number; taxFen: number } {
  const amountFen = Math.round((totalFen * 1000) / (1000 + permille));
  return { amountFen, taxFen: totalFen - amountFen };
}

/** How a member titles an e-invoice: to themselves (their verified name) or to a company. */
export type MemberInvoiceTitle = { kind: 'personal' } | { kind: 'company'; name: string; taxNo: string };

/** The buyer of a member's e-invoice, refusing a title that cannot be invoiced, saying why. */
export function memberBuyer(user: SessionUser, title: MemberInvoiceTitle): { name: string; taxNo: string } {
  if (title.kind === 'personal') {
    if (!user.real_name) throw refuse('invoice.realNameFirst');
    return { name: user.real_name, taxNo: '' };
  }
  const name = title.name.trim().replace(/\s+/g, ' ');
  if ([...name].length < 2 || [...name].length > 100) throw refuse('invoice.badCompanyTitle');
  const taxNo = title.taxNo.trim().toUpperCase();
  if (!isValidCreditCode(taxNo)) throw refuse('invoice.badTaxNo');
  return { name, taxNo };
}

/**
 * Invoices: the paid premiums of a company or a member, issuing an e-invoice for some of them, the
 * list and the PDF (every query scoped by the customer).
 */
export class Invoices {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
  ) {}

  private summary(row: Selectable<InvoiceTable>, itemCount: number, t: Translate): InvoiceSummary {
    return {
      invoiceNo: row.invoice_no,
      issueDate: row.issue_date,
      buyerName: row.buyer_name,
      buyerTaxNo: row.buyer_tax_no,
      sellerName: row.seller_name,
      amountFen: Number(row.amount_fen),
      taxFen: Number(row.tax_fen),
      totalFen: Number(row.total_fen),
      taxRate: row.tax_rate_permille / 10,
      state: row.state,
      stateText: t(row.state === InvoiceState.voided ? 'invoice.state.voided' : 'invoice.state.issued'),
      itemCount,
    };
  }

  /** The company's paid premiums, not invoiced yet (1), invoiced (2) or both (0). */
  async invoiceable(
    customerId: number,
    filter: InvoiceFilter,
    request: PageRequest,
    voice: Voice,
  ): Promise<Page<InvoiceableItem>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    let base = this.db
      .selectFrom('premium_payment')
      .innerJoin('policy', 'policy.id', 'premium_payment.policy_id')
      .leftJoin('invoice', 'invoice.id', 'premium_payment.invoice_id')
      .where('premium_payment.customer_id', '=', customerId)
      .where('premium_payment.state', '=', PaymentState.paid)
      .where('premium_payment.amount_fen', '>', 0);
    if (filter === 1) base = base.where('premium_payment.invoice_id', 'is', null);
    if (filter === 2) base = base.where('premium_payment.invoice_id', 'is not', null);
    const [rows, count] = await Promise.all([
      base
        .select([
          'premium_payment.id',
          'premium_payment.payment_no',
          'premium_payment.description',
          'premium_payment.text_key',
          'premium_payment.text_params',
          'premium_payment.amount_fen',
          'premium_payment.paid_at',
          'premium_payment.invoice_id',
          'policy.policy_no',
          'policy.product_code',
          'policy.product_name',
          'invoice.invoice_no',
        ])
        .orderBy('premium_payment.paid_at', 'desc')
        .orderBy('premium_payment.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const named = await this.products.voice(voice);
    return {
      list: rows.map((r) => ({
        paymentId: r.id,
        paymentNo: r.payment_no,
        policyNo: r.policy_no,
        productName: named.product(r.product_code, r.product_name),
        description: storedText(named, r.text_key, r.text_params, null, r.description),
        amountFen: Number(r.amount_fen),
        paidAt: r.paid_at,
        invoiceStatus: r.invoice_id === null ? 1 : 2,
        invoiceNo: r.invoice_no ?? null,
      })),
      total: Number(count.n),
      pageNum,
      pageSize,
    };
  }

  /** The company's invoices, newest first. */
  async list(customerId: number, request: PageRequest, t: Translate): Promise<Page<InvoiceSummary>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const base = this.db.selectFrom('invoice').where('customer_id', '=', customerId);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('invoice_item')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('invoice_item.invoice_id', '=', 'invoice.id')
            .as('item_count'),
        )
        .orderBy('issued_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => this.summary(r, Number(r.item_count ?? 0), t)),
      total: Number(count.n),
      pageNum,
      pageSize,
    };
  }

  private async issued(invoice: Selectable<InvoiceTable>, repeated: boolean, t: Translate): Promise<InvoiceIssued> {
    const items = await this.db
      .selectFrom('invoice_item')
      .innerJoin('premium_payment', 'premium_payment.id', 'invoice_item.payment_id')
      .select([
        'premium_payment.payment_no',
        'invoice_item.policy_no',
        'invoice_item.description',
        'invoice_item.amount_fen',
        'invoice_item.tax_fen',
        'invoice_item.total_fen',
      ])
      .where('invoice_item.invoice_id', '=', invoice.id)
      .orderBy('invoice_item.id')
      .execute();
    return {
      ...this.summary(invoice, items.length, t),
      repeated,
      items: items.map((i) => ({
        paymentNo: i.payment_no,
        policyNo: i.policy_no,
        description: i.description,
        amountFen: Number(i.amount_fen),
        taxFen: Number(i.tax_fen),
        totalFen: Number(i.total_fen),
      })),
    };
  }

  /**
   * Issues one e-invoice for some of the company's paid premiums, to the company (its name and credit
   * code). The idempotency key makes a repeated request (double click, retry, a race between gateways)
   * answer the invoice the first one issued.
   */
  async issue(user: SessionUser, ids: number[], key: string, t: Translate): Promise<InvoiceIssued> {
    return this.issueTo(user, ids, key, t, async () => {
      const customer = await this.db
        .selectFrom('customer')
        .select(['name', 'credit_code', 'kind', 'state'])
        .where('id', '=', user.customer_id)
        .executeTakeFirstOrThrow();
      if (customer.kind !== 'legal' || customer.state !== AccountState.active) throw refuse('invoice.inactive');
      const creditCode = customer.credit_code;
      if (!creditCode || !isValidCreditCode(creditCode)) throw refuse('invoice.badCreditCode');
      return { name: customer.name, taxNo: creditCode.toUpperCase() };
    });
  }

  /**
   * Issues a member's e-invoice for a paid premium of theirs: titled with the member's verified name,
   * or with a company's name and tax number (its unified social credit code) the member typed.
   */
  async issueForMember(
    user: SessionUser,
    paymentId: number,
    title: MemberInvoiceTitle,
    key: string,
    t: Translate,
  ): Promise<InvoiceIssued> {
    const buyer = memberBuyer(user, title);
    return this.issueTo(user, [paymentId], key, t, async () => buyer);
  }

  private async issueTo(
    user: SessionUser,
    ids: number[],
    key: string,
    t: Translate,
    buyerOf: () => Promise<{ name: string; taxNo: string }>,
  ): Promise<InvoiceIssued> {
    const paymentIds = [...new Set(ids)].sort((a, b) => a - b);
    const existing = () =>
      this.db
        .selectFrom('invoice')
        .selectAll()
        .where('customer_id', '=', user.customer_id)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    const again = async (row: Selectable<InvoiceTable>) => {
      const answer = await this.issued(row, true, t);
      const sameItems = (
        await this.db
          .selectFrom('invoice_item')
          .select('payment_id')
          .where('invoice_id', '=', row.id)
          .orderBy('payment_id')
          .execute()
      ).map((r) => r.payment_id);
      if (sameItems.join(',') !== paymentIds.join(',')) throw refuse('invoice.keyReused');
      return answer;
    };
    const earlier = await existing();
    if (earlier) return again(earlier);
    const buyer = await buyerOf();

    try {
      const invoice = await this.db.transaction().execute(async (trx) => {
        const payments = await trx
          .selectFrom('premium_payment')
          .innerJoin('policy', 'policy.id', 'premium_payment.policy_id')
          .select([
            'premium_payment.id',
            'premium_payment.state',
            'premium_payment.invoice_id',
            'premium_payment.amount_fen',
            'premium_payment.description',
            'premium_payment.text_key',
            'premium_payment.text_params',
            'policy.policy_no',
          ])
          .where('premium_payment.customer_id', '=', user.customer_id)
          .where('premium_payment.id', 'in', paymentIds)
          .execute();
        // Another company's payment and a missing one look the same.
        if (payments.length !== paymentIds.length) throw refuse('invoice.notYours');
        if (payments.some((p) => p.state !== PaymentState.paid || Number(p.amount_fen) <= 0))
          throw refuse('invoice.notPaid');
        if (payments.some((p) => p.invoice_id !== null)) throw refuse('invoice.alreadyInvoiced');

        const now = this.clock.now();
        const chinese = await this.products.voice(INVOICE_VOICE);
        const lines = payments.map((p) => ({ ...p, total: Number(p.amount_fen), ...splitTax(Number(p.amount_fen)) }));
        const total = lines.reduce((s, l) => s + l.total, 0);
        const tax = lines.reduce((s, l) => s + l.taxFen, 0);
        const inserted = await trx
          .insertInto('invoice')
          .values({
            invoice_no: `pending-${user.customer_id}-${key}`,
            customer_id: user.customer_id,
            user_id: user.id,
            idempotency_key: key,
            buyer_name: buyer.name,
            buyer_tax_no: buyer.taxNo,
            seller_name: SELLER.name,
            seller_tax_no: SELLER.taxNo,
            amount_fen: total - tax,
            tax_fen: tax,
            total_fen: total,
            tax_rate_permille: TAX_RATE_PERMILLE,
            state: InvoiceState.issued,
            issue_date: beijingDay(now),
            issued_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // 20 digits: year, province (31 Shanghai), kind (2 ordinary), sequence.
        const invoiceNo = `${beijingDay(now).slice(2, 4)}312${String(inserted.id).padStart(15, '0')}`;
        await trx.updateTable('invoice').set({ invoice_no: invoiceNo }).where('id', '=', inserted.id).execute();
        await trx
          .insertInto('invoice_item')
          .values(
            lines.map((l) => ({
              invoice_id: inserted.id,
              payment_id: l.id,
              policy_no: l.policy_no,
              // a line of a Chinese tax invoice: in Chinese, whatever the buyer's language
              description: storedText(chinese, l.text_key, l.text_params, null, l.description),
              amount_fen: l.amountFen,
              tax_fen: l.taxFen,
              total_fen: l.total,
            })),
          )
          .execute();
        const marked = await trx
          .updateTable('premium_payment')
          .set({ invoice_id: inserted.id })
          .where('customer_id', '=', user.customer_id)
          .where('id', 'in', paymentIds)
          .where('invoice_id', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== paymentIds.length) throw refuse('invoice.alreadyInvoiced');
        return trx.selectFrom('invoice').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      });
      return await this.issued(invoice, false, t);
    } catch (error) {
      // A concurrent request with the same key won the race: answer its invoice.
      if (isUniqueViolation(error)) {
        const winner = await existing();
        if (winner) return again(winner);
        throw refuse('invoice.alreadyInvoiced');
      }
      throw error;
    }
  }

  /** The invoice as a PDF (a fapiao: Chinese, whatever the reader's language). */
  async pdf(customerId: number, invoiceNo: string): Promise<{ filename: string; pdf: Buffer }> {
    const invoice = await this.db
      .selectFrom('invoice')
      .selectAll()
      .where('invoice_no', '=', invoiceNo)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!invoice) throw refuse('invoice.noSuch');
    const items = await this.db
      .selectFrom('invoice_item')
      .selectAll()
      .where('invoice_id', '=', invoice.id)
      .orderBy('id')
      .execute();
    // Loaded on first use: pdfkit and the font stay out of the gateway's start (and out of jsdom page tests).
    const { invoicePdf } = await import('./documents/invoicePdf');
    const pdf = await invoicePdf({
      invoiceNo: invoice.invoice_no,
      issueDate: invoice.issue_date,
      buyerName: invoice.buyer_name,
      buyerTaxNo: invoice.buyer_tax_no,
      sellerName: invoice.seller_name,
      sellerTaxNo: invoice.seller_tax_no,
      amountFen: Number(invoice.amount_fen),
      taxFen: Number(invoice.tax_fen),
      totalFen: Number(invoice.total_fen),
      taxRatePermille: invoice.tax_rate_permille,
      issuer: ISSUER,
      items: items.map((i) => ({
        policyNo: i.policy_no,
        description: i.description,
        amountFen: Number(i.amount_fen),
        taxFen: Number(i.tax_fen),
        totalFen: Number(i.total_fen),
      })),
    });
    return { filename: `电子发票-${invoice.invoice_no}.pdf`, pdf };
  }
}
