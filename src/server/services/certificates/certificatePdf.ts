import fs from 'node:fs';
import path from 'node:path';
import type PDFKitDocument from 'pdfkit';
import { formatFen } from '@common/money';
import type { Locale } from '@common/i18n';
import { translator } from '@server/messages/catalogue';
import { projectRoot } from '@server/root';

/** What one certificate of insurance says, ready to print (the reader's language chosen). */
export interface CertificateContent {
  locale: Locale;
  insurer: string;
  holder: string;
  policyNo: string;
  product: string;
  name: string;
  idNumberMasked: string;
  coverages: Array<{ name: string; sumInsuredFen: number }>;
  /** YYYY-MM-DD, Beijing days. */
  coverFrom: string;
  coverTo: string;
  issuedOn: string;
  /** The verification code as printed (XXXX-XXXX-XXXX-XXXX). */
  code: string;
  /** Where the code is checked, as a reader types it. */
  verifySite: string;
  hotline: string;
}

/**
 * One font (regular weight) and the seal, each read once per thread: parsing a second CJK font in every
 * document doubles the time a certificate takes, which counts when a zip holds hundreds.
 */
const FONT_FILE = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
export const SEAL_FILE = path.join(projectRoot, 'fixtures', 'documents', 'seal.png');
let assets: { font: Buffer; seal: Buffer } | undefined;
const loadAssets = () => (assets ??= { font: fs.readFileSync(FONT_FILE), seal: fs.readFileSync(SEAL_FILE) });

let pdfkit: typeof PDFKitDocument | undefined;
async function loadPdfkit() {
  pdfkit ??= (await import('pdfkit')).default;
  return pdfkit;
}

const RED = '#b3121a';
const INK = '#1f2937';
const MUTED = '#6b7280';

/** A certificate of insurance as a one-page A4 PDF in the reader's language, with the seal and its code. */
export async function certificatePdf(c: CertificateContent): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const { font, seal } = loadAssets();
  const t = translator(c.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 60,
    info: {
      Title: `${t('certificate.title')} ${c.policyNo}`,
      Subject: c.code,
      Author: c.insurer,
      Creator: 'Member Center gateway',
    },
  });
  doc.registerFont('body', font);
  doc.font('body');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fillColor(RED).fontSize(13).text(c.insurer, { align: 'center' });
  doc.moveDown(0.6);
  doc
    .fillColor(INK)
    .fontSize(24)
    .text(t('certificate.title'), { align: 'center', characterSpacing: c.locale === 'zh-CN' ? 4 : 0 });
  const ruleY = doc.y + 6;
  doc
    .moveTo(left, ruleY)
    .lineTo(left + width, ruleY)
    .strokeColor(RED)
    .lineWidth(1.2)
    .stroke();
  doc.y = ruleY + 16;
  doc.fontSize(11).text(t('certificate.intro'), left, doc.y, { width, lineGap: 3 });
  doc.moveDown(0.8);

  const labelWidth = c.locale === 'zh-CN' ? 90 : 130;
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc
      .fillColor(MUTED)
      .fontSize(10.5)
      .text(label, left, y + 0.5, { width: labelWidth });
    const after = doc.y;
    doc
      .fillColor(INK)
      .fontSize(11)
      .text(value, left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, after) + 5;
  };
  row(t('certificate.name'), c.name);
  row(t('certificate.idNumber'), c.idNumberMasked);
  row(t('certificate.holder'), c.holder);
  row(t('certificate.policyNo'), c.policyNo);
  row(t('certificate.product'), c.product);
  row(t('certificate.period'), t('certificate.periodValue', { from: c.coverFrom, to: c.coverTo }));

  doc.moveDown(0.6);
  doc.fillColor(INK).fontSize(12).text(t('certificate.coverages'), left, doc.y);
  doc.moveDown(0.3);
  const amountWidth = 160;
  const tableRow = (name: string, amount: string, head = false) => {
    const y = doc.y;
    doc
      .fillColor(head ? MUTED : INK)
      .fontSize(10.5)
      .text(name, left + 6, y + 4, { width: width - amountWidth - 12 });
    const nameBottom = doc.y;
    doc.text(amount, left + width - amountWidth, y + 4, { width: amountWidth - 6, align: 'right' });
    const bottom = Math.max(doc.y, nameBottom) + 4;
    doc
      .moveTo(left, bottom)
      .lineTo(left + width, bottom)
      .strokeColor('#d1d5db')
      .lineWidth(0.5)
      .stroke();
    doc.y = bottom;
  };
  if (c.coverages.length === 0) row(' ', t('certificate.noCoverages'));
  else {
    tableRow(t('certificate.coverage'), t('certificate.sumInsured'), true);
    for (const k of c.coverages) tableRow(k.name, formatFen(k.sumInsuredFen));
  }

  doc.moveDown(1.2);
  const sealSize = 130;
  const sealTop = doc.y;
  row(t('certificate.insurer'), c.insurer);
  row(t('certificate.issued'), c.issuedOn);
  row(t('certificate.code'), c.code);
  // The seal over the insurer's name and the date, as a stamp sits on a paper certificate.
  doc.image(seal, left + width - sealSize - 10, sealTop - 30, { width: sealSize, height: sealSize });
  doc.y = Math.max(doc.y, sealTop + sealSize - 20);
  doc.moveDown(1);
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(t('certificate.verifyHow', { site: c.verifySite, hotline: c.hotline }), left, doc.y, { width, lineGap: 2 });

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
