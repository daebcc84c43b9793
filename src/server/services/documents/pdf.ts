import type PDFKitDocument from 'pdfkit';

/**
 * PDF documents with Chinese text. The font ships with the project's own install (an npm package
 * with plain TrueType files), so `npm ci` is all a machine needs; pdfkit embeds only the glyphs used.
 */
const CJK_FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const CJK_FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf');

export type Pdf = PDFKit.PDFDocument;

export interface PdfMeta {
  title: string;
  subject?: string;
  author?: string;
}

/**
 * pdfkit (with its font reader, together a sixth of a second to load) is loaded when the first
 * document is made, not with the gateway: most requests never make one.
 */
let pdfkit: Promise<typeof PDFKitDocument> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((m) => m.default));

/** A new A4 document with the CJK fonts registered as 'body' and 'bold'. */
export async function createPdf(meta: PdfMeta): Promise<Pdf> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: meta.title,
      Subject: meta.subject ?? meta.title,
      Author: meta.author ?? 'Member Center',
      Creator: 'Member Center gateway',
    },
  });
  doc.registerFont('body', CJK_FONT);
  doc.registerFont('bold', CJK_FONT_BOLD);
  doc.font('body');
  return doc;
}

/** Ends the document and collects it; documents here are small (tens of KB). */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A two-column table of labels and values, the usual body of an insurance document. */
export function fieldTable(doc: Pdf, rows: Array<[string, string]>, opts: { labelWidth?: number } = {}) {
  const labelWidth = opts.labelWidth ?? 150;
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('bold').fontSize(10).text(label, x, y, { width: labelWidth });
    doc
      .font('body')
      .fontSize(10)
      .text(value || '-', x + labelWidth, y, { width: width - labelWidth });
    doc.moveDown(0.4);
  }
}
