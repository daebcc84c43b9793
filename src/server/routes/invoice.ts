import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { creditCodeCheck, isValidCreditCode } from '../../common/creditCode';
import type { Page } from '../../contract/envelope';
import type { InvoiceIssued, InvoiceSummary, InvoiceableItem } from '../../contract/io/invoice';
import type { DB } from '../db/schema';
import type { InvoiceTable } from '../db/tables/service';
import { FileAnswer, PDF } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { integer, json, paging, text } from '../http/input';
import type { SessionUser } from '../services/identity';

/** Insurance services carry 6 % VAT; premiums are tax-inclusive. */
const TAX_RATE_PERMILLE = 60;
const MAX_ITEMS_PER_INVOICE = 50;
const SELLER_CODE_BODY = '91310000MA1FL0DEM';
export const SELLER = {
  name: '示范财产保险股份有限公司上海分公司',
  taxNo: `${SELLER_CODE_BODY}${creditCodeCheck(SELLER_CODE_BODY)}`,
};

const PAID = 2;
const STATE_TEXT: Record<number, string> = { 1: 'Issued', 2: 'Voided' };

/** Splits a tax-inclusive total into amount and tax (the tax rounds to the fen). */
export function splitTax(totalFen: number, permille = TAX_RATE_PERMILLE): { amountFen: number; taxFen: number } {
  const amountFen = Math.round((totalFen * 1000) / (1000 + permille));
  return { amountFen, taxFen: totalFen - amountFen };
}

function corporateOnly(user: SessionUser) {
  if (user.legal_flag !== 1)
    throw refuseText('E-invoices for premiums are issued to corporate accounts; log in with your company account.');
}

function summary(row: Selectable<InvoiceTable>, itemCount: number): InvoiceSummary {
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
    stateText: STATE_TEXT[row.state] ?? 'Unknown',
    itemCount,
  };
}

async function issued(db: Kysely<DB>, invoice: Selectable<InvoiceTable>, repeated: boolean): Promise<InvoiceIssued> {
  const items = await db
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
    ...summary(invoice, items.length),
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

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/** Invoices: the company's paid premiums, issuing an e-invoice for some of them, the list and the PDF. */
export async function invoiceRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(
    app,
    services,
    'blocLegal/electronicInvoice/electronicInvoiceQueryStatus',
    async ({ user, input }): Promise<Page<InvoiceableItem>> => {
      corporateOnly(user);
      const status = integer(input, 'invoiceStatus', 'Invoice status', { min: 0, max: 2, fallback: 1 });
      const { pageNum, pageSize, offset } = paging(input);
      let base = db
        .selectFrom('premium_payment')
        .innerJoin('policy', 'policy.id', 'premium_payment.policy_id')
        .leftJoin('invoice', 'invoice.id', 'premium_payment.invoice_id')
        .where('premium_payment.customer_id', '=', user.customer_id)
        .where('premium_payment.state', '=', PAID)
        .where('premium_payment.amount_fen', '>', 0);
      if (status === 1) base = base.where('premium_payment.invoice_id', 'is', null);
      if (status === 2) base = base.where('premium_payment.invoice_id', 'is not', null);
      const [rows, count] = await Promise.all([
        base
          .select([
            'premium_payment.id',
            'premium_payment.payment_no',
            'premium_payment.description',
            'premium_payment.amount_fen',
            'premium_payment.paid_at',
            'premium_payment.invoice_id',
            'policy.policy_no',
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
      return {
        list: rows.map((r) => ({
          paymentId: r.id,
          paymentNo: r.payment_no,
          policyNo: r.policy_no,
          productName: r.product_name,
          description: r.description,
          amountFen: Number(r.amount_fen),
          paidAt: r.paid_at,
          invoiceStatus: r.invoice_id === null ? 1 : 2,
          invoiceNo: r.invoice_no ?? null,
        })),
        total: Number(count.n),
        pageNum,
        pageSize,
      };
    },
  );

  defineCall(
    app,
    services,
    'blocLegal/electronicInvoice/electronicInvoiceListQuery',
    async ({ user, input }): Promise<Page<InvoiceSummary>> => {
      corporateOnly(user);
      const { pageNum, pageSize, offset } = paging(input);
      const base = db.selectFrom('invoice').where('customer_id', '=', user.customer_id);
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
        list: rows.map((r) => summary(r, Number(r.item_count ?? 0))),
        total: Number(count.n),
        pageNum,
        pageSize,
      };
    },
  );

  defineCall(app, services, 'blocLegal/electronicInvoice/electronicInvoiceKJ', async ({ user, input }) => {
    corporateOnly(user);
    const key = text(input, 'idempotencyKey', 'The request key', {
      required: true,
      max: 64,
      pattern: /^[A-Za-z0-9_-]{8,64}$/,
      patternText: 'The request key must be 8 to 64 letters, digits, - or _.',
    });
    const ids = json<unknown>(input, 'paymentIds', 'The premiums to invoice');
    if (!Array.isArray(ids) || ids.length === 0) throw refuseText('Choose at least one paid premium to invoice.');
    if (ids.length > MAX_ITEMS_PER_INVOICE)
      throw refuseText(`One invoice can cover at most ${MAX_ITEMS_PER_INVOICE} premiums.`);
    if (!ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0))
      throw refuseText('The premiums to invoice could not be read.');
    const paymentIds = [...new Set(ids as number[])].sort((a, b) => a - b);

    const existing = async () =>
      db
        .selectFrom('invoice')
        .selectAll()
        .where('customer_id', '=', user.customer_id)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    const again = async (row: Selectable<InvoiceTable>) => {
      const answer = await issued(db, row, true);
      const sameItems = (
        await db
          .selectFrom('invoice_item')
          .select('payment_id')
          .where('invoice_id', '=', row.id)
          .orderBy('payment_id')
          .execute()
      ).map((r) => r.payment_id);
      if (sameItems.join(',') !== paymentIds.join(','))
        throw refuseText(
          'This request was already used to issue a different invoice; reopen the invoice dialog and try again.',
        );
      return answer;
    };
    const earlier = await existing();
    if (earlier) return again(earlier);

    const customer = await db
      .selectFrom('customer')
      .select(['name', 'credit_code', 'kind', 'state'])
      .where('id', '=', user.customer_id)
      .executeTakeFirstOrThrow();
    if (customer.kind !== 'legal' || customer.state !== 1)
      throw refuseText('Invoices can only be issued to an active corporate account.');
    if (!customer.credit_code || !isValidCreditCode(customer.credit_code)) {
      throw refuseText(
        "Your company's unified social credit code on file is not valid, so no invoice can be issued; call 95518 to correct it.",
      );
    }

    try {
      const invoice = await db.transaction().execute(async (trx) => {
        const payments = await trx
          .selectFrom('premium_payment')
          .innerJoin('policy', 'policy.id', 'premium_payment.policy_id')
          .select([
            'premium_payment.id',
            'premium_payment.state',
            'premium_payment.invoice_id',
            'premium_payment.amount_fen',
            'premium_payment.description',
            'policy.policy_no',
          ])
          .where('premium_payment.customer_id', '=', user.customer_id)
          .where('premium_payment.id', 'in', paymentIds)
          .execute();
        // Another company's payment and a missing one look the same.
        if (payments.length !== paymentIds.length)
          throw refuseText('Some of the chosen premiums are not in your account; refresh the list and choose again.');
        if (payments.some((p) => p.state !== PAID || Number(p.amount_fen) <= 0))
          throw refuseText('Only paid premiums can be invoiced; refresh the list and choose again.');
        if (payments.some((p) => p.invoice_id !== null))
          throw refuseText(
            'Some of the chosen premiums have already been invoiced; refresh the list and choose again.',
          );

        const now = new Date();
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
            buyer_name: customer.name,
            buyer_tax_no: customer.credit_code!.toUpperCase(),
            seller_name: SELLER.name,
            seller_tax_no: SELLER.taxNo,
            amount_fen: total - tax,
            tax_fen: tax,
            total_fen: total,
            tax_rate_permille: TAX_RATE_PERMILLE,
            state: 1,
            issue_date: now.toISOString().slice(0, 10),
            issued_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // 20 digits: year, province (31 Shanghai), kind (2 ordinary), sequence.
        const invoiceNo = `${now.toISOString().slice(2, 4)}312${String(inserted.id).padStart(15, '0')}`;
        await trx.updateTable('invoice').set({ invoice_no: invoiceNo }).where('id', '=', inserted.id).execute();
        await trx
          .insertInto('invoice_item')
          .values(
            lines.map((l) => ({
              invoice_id: inserted.id,
              payment_id: l.id,
              policy_no: l.policy_no,
              description: l.description,
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
        if (Number(marked.numUpdatedRows) !== paymentIds.length)
          throw refuseText(
            'Some of the chosen premiums have already been invoiced; refresh the list and choose again.',
          );
        return trx.selectFrom('invoice').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      });
      return issued(db, invoice, false);
    } catch (error) {
      // A concurrent request with the same key won the race: answer its invoice.
      if (isUniqueViolation(error)) {
        const winner = await existing();
        if (winner) return again(winner);
        throw refuseText('Some of the chosen premiums have already been invoiced; refresh the list and choose again.');
      }
      throw error;
    }
  });

  defineCall(app, services, 'blocLegal/electronicInvoice/electronicInvoiceDownLoad', async ({ user, input }) => {
    corporateOnly(user);
    const invoiceNo = text(input, 'invoiceNo', 'Invoice number', {
      required: true,
      max: 20,
      pattern: /^\d{20}$/,
      patternText: 'The invoice number has 20 digits.',
    });
    const invoice = await db
      .selectFrom('invoice')
      .selectAll()
      .where('invoice_no', '=', invoiceNo)
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!invoice) throw refuseText('There is no such invoice in your account.');
    const items = await db
      .selectFrom('invoice_item')
      .selectAll()
      .where('invoice_id', '=', invoice.id)
      .orderBy('id')
      .execute();
    // Loaded on first use: pdfkit and the font stay out of the gateway's start (and out of jsdom page tests).
    const { invoicePdf } = await import('../services/documents/invoicePdf');
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
      issuer: '电子开票系统',
      items: items.map((i) => ({
        policyNo: i.policy_no,
        description: i.description,
        amountFen: Number(i.amount_fen),
        taxFen: Number(i.tax_fen),
        totalFen: Number(i.total_fen),
      })),
    });
    return new FileAnswer(`电子发票-${invoice.invoice_no}.pdf`, PDF, pdf);
  });
}
