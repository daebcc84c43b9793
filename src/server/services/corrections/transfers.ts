import type { BankAccount, TransferInfo } from '@contract/io/correction';
import { PaymentState } from '@contract/states';
import { amountInWords } from '@common/chineseAmount';
import type { Locale } from '@common/i18n';
import { formatFen } from '@common/money';
import { formatDateTime } from '@common/time';
import { translator, type Translate } from '@server/messages/catalogue';
import { createPdf, fieldTable, pdfBuffer } from '../documents/pdf';
import { refuse } from '../errors';
import { cleanFileName, imageType, isPdf, type UploadedFile } from '../files';
import type { Attempt } from '../payments/subjectPayments';
import type { CorrectionOptions, Trx } from './deps';
import type { Said } from './texts';
import type { CorrectionRow } from './types';

/** The largest transfer receipt accepted (a phone's photo of a bank slip, or the bank's PDF). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/** The insurer's account that premium transfers go to, named in the reader's language. */
export function receivingAccount(options: CorrectionOptions, t: Translate): BankAccount {
  return (
    options.receivingAccount ?? {
      accountName: t('correction.receivingAccountName'),
      bankName: t('correction.receivingBankName'),
      accountNo: '0200 0045 0902 6688 818',
    }
  );
}

/** A time of the transfer's texts: Beijing time, date and time on one line of plain text. */
const beijing = (at: string) => formatDateTime(at, { space: ' ' });

/** The awaited transfer of an attempt as the portal shows it (null when the attempt awaits no transfer). */
export async function transferInfo(
  db: Trx,
  attempt: Attempt | undefined,
  payee: BankAccount,
): Promise<TransferInfo | null> {
  if (!attempt || attempt.method !== 'transfer' || attempt.state !== 'transfer_awaited') return null;
  const receipt = await db
    .selectFrom('transfer_receipt')
    .select(['file_name', 'size', 'created_at'])
    .where('attempt_id', '=', attempt.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    payee,
    reference: attempt.payment_no,
    deadline: attempt.expires_at,
    receipt: receipt
      ? { fileName: receipt.file_name, size: Number(receipt.size), uploadedAt: receipt.created_at }
      : null,
  };
}

/**
 * A correction whose awaited transfer did not arrive by its deadline (correction locked, attempt
 * expired): cancelled, its bill closed and its policy free for a new correction, the reason kept on
 * the record in a form every reader gets in their language.
 */
export async function releaseLapsedCorrection(trx: Trx, c: CorrectionRow, attempt: Attempt, at: string) {
  if (c.state !== 'awaiting_payment' && c.state !== 'approved') return;
  const reason: Said = {
    key: 'transfer.lapsedReason',
    params: { reference: attempt.payment_no, deadline: beijing(attempt.expires_at) },
  };
  await trx
    .updateTable('correction')
    .set({
      state: 'cancelled',
      open_policy_id: null,
      cancelled_at: at,
      updated_at: at,
      reasons: JSON.stringify([reason]),
    })
    .where('id', '=', c.id)
    .execute();
  await trx
    .updateTable('premium_payment')
    .set({ state: PaymentState.closed })
    .where('correction_id', '=', c.id)
    .where('state', 'in', [PaymentState.unpaid, PaymentState.failed])
    .execute();
}

/** A transfer receipt's bytes checked: one file, not empty, not too large, really a picture or a PDF. */
export function checkedReceipt(files: UploadedFile[]): { fileName: string; contentType: string; data: Buffer } {
  if (files.length !== 1) throw refuse('transfer.receiptOne');
  const [file] = files;
  if (file.data.length === 0) throw refuse('transfer.receiptEmpty');
  if (file.data.length > RECEIPT_MAX_BYTES)
    throw refuse('transfer.receiptTooLarge', { mb: RECEIPT_MAX_BYTES / 1024 / 1024 });
  const contentType = imageType(file.data) ?? (isPdf(file.data) ? 'application/pdf' : null);
  if (!contentType) throw refuse('transfer.receiptType');
  return { fileName: cleanFileName(file.filename), contentType, data: file.data };
}

/** What the payment notice says. */
export interface NoticeFacts {
  payer: string;
  correctionNo: string;
  policyNo: string;
  amountFen: number;
  payee: BankAccount;
  reference: string;
  deadline: string;
  issuedAt: string;
}

/** The payment notice (缴费通知书) of an awaited transfer, as a PDF in the reader's language. */
export async function paymentNotice(facts: NoticeFacts, locale: Locale): Promise<Buffer> {
  const t = translator(locale);
  const at = (time: string) => t('transfer.notice.beijing', { time: beijing(time) });
  const doc = await createPdf({
    title: `${t('transfer.notice.title')} ${facts.reference}`,
    subject: t('transfer.notice.subject', { reference: facts.reference }),
  });
  doc.font('bold').fontSize(18).text(t('transfer.notice.title'), { align: 'center' });
  doc.moveDown(0.5);
  doc.font('body').fontSize(10).text(t('transfer.notice.intro'));
  doc.moveDown();
  const rows: Array<[string, string]> = [
    [t('transfer.notice.payer'), facts.payer],
    [
      t('transfer.notice.for'),
      t('correction.paymentDescription', { correctionNo: facts.correctionNo, policyNo: facts.policyNo }),
    ],
    [t('transfer.notice.amount'), formatFen(facts.amountFen)],
  ];
  if (locale === 'zh-CN') rows.push([t('transfer.notice.amountWords'), amountInWords(facts.amountFen)]);
  rows.push(
    [t('transfer.notice.payee'), facts.payee.accountName],
    [t('transfer.notice.bank'), facts.payee.bankName],
    [t('transfer.notice.accountNo'), facts.payee.accountNo],
    [t('transfer.notice.reference'), facts.reference],
    [t('transfer.notice.deadline'), at(facts.deadline)],
    [t('transfer.notice.issued'), at(facts.issuedAt)],
  );
  fieldTable(doc, rows, { labelWidth: 170 });
  doc.moveDown();
  doc.x = doc.page.margins.left;
  doc.font('body').fontSize(10).text(t('transfer.notice.lapse'));
  doc.moveDown();
  doc.fontSize(9).fillColor('#555').text(t('transfer.notice.footer'));
  return pdfBuffer(doc);
}
