import QRCode from 'qrcode';
import { amountInWords, fenToFigures } from '@common/chineseAmount';
import { createPdf, pdfBuffer } from './pdf';

export interface InvoiceDocument {
  invoiceNo: string;
  issueDate: string;
  buyerName: string;
  buyerTaxNo: string;
  sellerName: string;
  sellerTaxNo: string;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  taxRatePermille: number;
  issuer: string;
  items: Array<{ policyNo: string; description: string; amountFen: number; taxFen: number; totalFen: number }>;
}

/** The content of the QR code of a fully digital e-invoice: kind, number, amount, date, check. */
export function invoiceQrText(inv: InvoiceDocument): string {
  return [
    '01',
    '32',
    '',
    inv.invoiceNo,
    fenToFigures(inv.amountFen),
    inv.issueDate.replaceAll('-', ''),
    '',
    inv.invoiceNo.slice(-6),
  ].join(',');
}

/** A fully digital e-invoice (普通发票) as a one-page A4 PDF. */
export async function invoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  const doc = await createPdf({
    title: `电子发票 ${inv.invoiceNo}`,
    subject: `Invoice ${inv.invoiceNo} ${fenToFigures(inv.totalFen)}`,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const red = '#9b2c2c';

  const qr = await QRCode.toBuffer(invoiceQrText(inv), {
    type: 'png',
    margin: 1,
    width: 160,
    errorCorrectionLevel: 'M',
  });
  doc.image(qr, left, 40, { width: 70, height: 70 });

  // Title between the QR code and the number block.
  const titleLeft = left + 80;
  const titleWidth = width - 80 - 175;
  const middle = titleLeft + titleWidth / 2;
  doc
    .fillColor(red)
    .font('bold')
    .fontSize(19)
    .text('电子发票（普通发票）', titleLeft, 55, { width: titleWidth, align: 'center' });
  doc
    .moveTo(middle - 100, 85)
    .lineTo(middle + 100, 85)
    .lineWidth(1)
    .strokeColor(red)
    .stroke();
  doc
    .moveTo(middle - 100, 88)
    .lineTo(middle + 100, 88)
    .stroke();

  doc.font('body').fontSize(9).fillColor('#333');
  doc.text(`发票号码：${inv.invoiceNo}`, left + width - 165, 58, { width: 165 });
  doc.text(
    `开票日期：${inv.issueDate.slice(0, 4)}年${inv.issueDate.slice(5, 7)}月${inv.issueDate.slice(8, 10)}日`,
    left + width - 165,
    74,
    { width: 165 },
  );

  // Buyer and seller side by side.
  const boxTop = 120;
  const half = width / 2;
  doc.lineWidth(0.8).strokeColor(red).rect(left, boxTop, width, 60).stroke();
  doc
    .moveTo(left + half, boxTop)
    .lineTo(left + half, boxTop + 60)
    .stroke();
  const party = (x: number, title: string, name: string, taxNo: string) => {
    doc
      .fillColor(red)
      .font('bold')
      .fontSize(10)
      .text(title, x + 6, boxTop + 6);
    doc
      .fillColor('#111')
      .font('body')
      .fontSize(9)
      .text(`名称：${name}`, x + 6, boxTop + 24, { width: half - 12 });
    doc.text(`统一社会信用代码/纳税人识别号：${taxNo}`, x + 6, boxTop + 40, { width: half - 12 });
  };
  party(left, '购买方信息', inv.buyerName, inv.buyerTaxNo);
  party(left + half, '销售方信息', inv.sellerName, inv.sellerTaxNo);

  // Items.
  const cols = [
    { title: '项目名称', w: 0.3 },
    { title: '保单号', w: 0.22 },
    { title: '金额', w: 0.16, right: true },
    { title: '税率/征收率', w: 0.12, right: true },
    { title: '税额', w: 0.2, right: true },
  ];
  let y = boxTop + 72;
  const row = (values: string[], bold = false) => {
    let x = left;
    const heights = values.map((v, i) =>
      doc
        .font(bold ? 'bold' : 'body')
        .fontSize(9)
        .heightOfString(v, { width: cols[i].w * width - 8 }),
    );
    const h = Math.max(...heights) + 6;
    values.forEach((v, i) => {
      doc
        .fillColor('#111')
        .font(bold ? 'bold' : 'body')
        .fontSize(9)
        .text(v, x + 4, y + 3, { width: cols[i].w * width - 8, align: cols[i].right ? 'right' : 'left' });
      x += cols[i].w * width;
    });
    y += h;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#c9a0a0')
    .stroke();
  const rate = `${inv.taxRatePermille / 10}%`;
  for (const item of inv.items) {
    row([
      `*保险服务*${item.description}`,
      item.policyNo,
      fenToFigures(item.amountFen),
      rate,
      fenToFigures(item.taxFen),
    ]);
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  row(['合　　计', '', `¥${fenToFigures(inv.amountFen)}`, '', `¥${fenToFigures(inv.taxFen)}`], true);

  y += 8;
  doc.lineWidth(0.8).strokeColor(red).rect(left, y, width, 28).stroke();
  doc
    .fillColor(red)
    .font('bold')
    .fontSize(10)
    .text('价税合计（大写）', left + 6, y + 8);
  doc
    .fillColor('#111')
    .font('bold')
    .text(`${amountInWords(inv.totalFen)}`, left + 110, y + 8);
  doc
    .fillColor(red)
    .font('bold')
    .text('（小写）', left + width - 160, y + 8);
  doc.fillColor('#111').text(`¥${fenToFigures(inv.totalFen)}`, left + width - 110, y + 8);
  y += 36;

  doc
    .fillColor(red)
    .font('bold')
    .fontSize(10)
    .text('备注', left + 6, y);
  doc
    .fillColor('#111')
    .font('body')
    .fontSize(9)
    .text(
      `保单号：${[...new Set(inv.items.map((i) => i.policyNo))].join('、')}；共 ${inv.items.length} 笔保费。`,
      left + 50,
      y,
      { width: width - 56 },
    );
  y = doc.y + 16;
  doc.font('body').fontSize(9).fillColor('#333').text(`开票人：${inv.issuer}`, left, y);

  return pdfBuffer(doc);
}
