import { motorWords } from '../policy/motor';
import { detailWord, propertyItems } from '../policy/property';
import { INSURER } from '@common/insurer';
import { formatDate } from '@common/time';
import { PaymentState } from '@contract/states';
import { formatFen } from '@common/money';
import QRCode from 'qrcode';
import type { InsuranceInformation, PolicyDetail, PolicyPayment } from '@contract/io/policy';
import { CERTIFICATE_ROSTER_LIMIT } from '../policy/policyData';
import { createPdf, fieldTable, pdfBuffer, type Pdf } from './pdf';

/**
 * The policy area's documents, generated from the policy's real data: the e-policy (any kind), the
 * life/health e-policy, the premium receipt of a life policy, and the employer-liability
 * certificate with its roster. The policy number is in the text of every page and in the metadata.
 */

const INSURER_NAME = INSURER.name['zh-CN'];
const INSURER_EN = INSURER.name['en-US'];

const KIND_LABEL: Record<string, string> = {
  property: '财产保险 Property',
  motor: '机动车辆保险 Motor',
  employer: '雇主责任保险 Employer liability',
  group_accident: '团体意外伤害保险 Group accident',
  group_health: '团体健康保险 Group health',
  group_life: '团体人寿保险 Group life',
  life: '人寿保险 Life',
  health: '健康保险 Health',
};
const STATE_LABEL: Record<number, string> = {
  1: '有效 In force',
  2: '已满期 Expired',
  3: '待缴费 Pending payment',
  4: '已注销 Cancelled',
  5: '已退保 Surrendered',
};

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** An amount in capital Chinese numerals, as receipts write it (e.g. 壹仟捌佰陆拾元整). */
export function rmbUpper(fen: number): string {
  if (!Number.isFinite(fen)) return '';
  const negative = fen < 0;
  const abs = Math.round(Math.abs(fen));
  let yuan = Math.floor(abs / 100);
  const jiao = Math.floor((abs % 100) / 10);
  const cent = abs % 10;
  let text = '';
  if (yuan === 0) text = '零';
  let section = 0;
  let needZero = false;
  while (yuan > 0) {
    const part = yuan % 10000;
    let partText = '';
    let zero = false;
    for (let i = 0; i < 4; i += 1) {
      const d = Math.floor(part / 10 ** i) % 10;
      if (d === 0) {
        if (partText) zero = true;
      } else {
        partText = DIGITS[d] + UNITS[i] + (zero ? '零' : '') + partText;
        zero = false;
      }
    }
    if (part > 0) text = partText + SECTIONS[section] + (needZero ? '零' : '') + text;
    needZero = part > 0 && part < 1000 ? true : part === 0 && text !== '';
    yuan = Math.floor(yuan / 10000);
    section += 1;
  }
  text = text.replace(/^零+(?=.)/, '');
  text += '元';
  if (jiao === 0 && cent === 0) text += '整';
  else text += (jiao ? DIGITS[jiao] + '角' : '零') + (cent ? DIGITS[cent] + '分' : '');
  return (negative ? '负' : '') + text;
}

function header(doc: Pdf, title: string, subtitle: string, policyNo: string) {
  doc.font('bold').fontSize(16).text(INSURER_NAME, { align: 'center' });
  doc.font('body').fontSize(9).fillColor('#555').text(INSURER_EN, { align: 'center' });
  doc.moveDown(0.6);
  doc.font('bold').fontSize(18).fillColor('#000').text(title, { align: 'center' });
  doc.font('body').fontSize(10).text(subtitle, { align: 'center' });
  doc.moveDown(0.4);
  doc.font('body').fontSize(10).text(`保单号 Policy No.: ${policyNo}`, { align: 'center' });
  doc.moveDown(0.8);
}

function section(doc: Pdf, title: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.4);
  doc.font('bold').fontSize(12).fillColor('#1f3a93').text(title, doc.page.margins.left);
  doc.fillColor('#000');
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .strokeColor('#1f3a93')
    .lineWidth(0.6)
    .stroke();
  doc.moveDown(0.5);
}

function ensureRoom(doc: Pdf, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A table with a header row; long tables continue on new pages with the header repeated. */
function table(doc: Pdf, columns: Array<{ title: string; width: number; align?: 'left' | 'right' }>, rows: string[][]) {
  const left = doc.page.margins.left;
  const drawRow = (cells: string[], bold: boolean) => {
    const heights = cells.map((c, i) =>
      doc
        .font(bold ? 'bold' : 'body')
        .fontSize(9)
        .heightOfString(c || '-', { width: columns[i].width - 6 }),
    );
    const h = Math.max(...heights) + 6;
    ensureRoom(doc, h);
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc
        .font(bold ? 'bold' : 'body')
        .fontSize(9)
        .text(c || '-', x + 3, y + 3, { width: columns[i].width - 6, align: columns[i].align ?? 'left' });
      x += columns[i].width;
    });
    const total = columns.reduce((s, c) => s + c.width, 0);
    doc
      .moveTo(left, y + h)
      .lineTo(left + total, y + h)
      .strokeColor('#bbb')
      .lineWidth(0.4)
      .stroke();
    doc.y = y + h;
    return h;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const r of rows) {
    if (doc.y + 20 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(
        columns.map((c) => c.title),
        true,
      );
    }
    drawRow(r, false);
  }
  doc.x = left;
  doc.moveDown(0.5);
}

async function verification(doc: Pdf, policyNo: string, generatedAt: string) {
  ensureRoom(doc, 110);
  doc.moveDown(0.8);
  const y = doc.y;
  const qr = await QRCode.toBuffer(`${INSURER_EN} e-document ${policyNo} ${generatedAt}`, {
    type: 'png',
    margin: 1,
    width: 180,
  });
  doc.image(qr, doc.page.margins.left, y, { width: 80 });
  doc
    .font('body')
    .fontSize(9)
    .text(
      `本电子文件由${INSURER_NAME}签发，与纸质文件具有同等法律效力。可扫描二维码或拨打客服热线 ${INSURER.hotline} 核验。\nThis electronic document has the same legal effect as a paper one. Verify it with the QR code or on ${INSURER.hotline}.\n生成时间 Generated: ${generatedAt}`,
      doc.page.margins.left + 95,
      y + 8,
      { width: doc.page.width - doc.page.margins.left - doc.page.margins.right - 95 },
    );
  doc.y = Math.max(doc.y, y + 85);
  doc.x = doc.page.margins.left;
}

function partiesAndPeriod(doc: Pdf, p: PolicyDetail) {
  fieldTable(doc, [
    ['险种 Line of business', KIND_LABEL[p.kind] ?? p.kind],
    ['产品 Product', `${p.productName}（${p.productCode}）`],
    ['保单状态 State', STATE_LABEL[p.state] ?? String(p.state)],
    ['投保人 Policyholder', p.holder.name],
    ['证件/信用代码 ID / credit code', p.holder.creditCode ?? '-'],
    [
      '被保险人 Insured',
      p.insuredName ?? (p.roster ? `${p.holder.name} 的员工（${p.insuredCount} 人）` : p.holder.name),
    ],
    ['签单日期 Issued', p.issueDate],
    ['保险期间 Period', `${p.startDate} 00:00 至 ${p.endDate} 24:00`],
    ['保险金额 Sum insured', formatFen(p.sumInsuredFen)],
    ['保险费 Premium', `${formatFen(p.premiumFen)}（${rmbUpper(p.premiumFen)}）`],
    ['缴费状态 Payment', p.paymentState === PaymentState.paid ? '已缴费 Paid' : '未缴费 Unpaid'],
  ]);
}

function risksTable(doc: Pdf, p: PolicyDetail) {
  section(doc, '承保险别 Coverages');
  table(
    doc,
    [
      { title: '险别 Coverage', width: 200 },
      { title: '保险金额/限额 Sum insured', width: 100, align: 'right' },
      { title: '保险费 Premium', width: 80, align: 'right' },
      { title: '免赔 Deductible', width: 115 },
    ],
    p.risks.map((r) => [r.name, formatFen(r.sumInsuredFen), formatFen(r.premiumFen), r.deductible ?? '-']),
  );
}

function kindDetails(doc: Pdf, p: PolicyDetail) {
  const d = p.details as Record<string, string | number | null | undefined>;
  if (p.kind === 'motor') {
    const words = motorWords(d, 'zh-CN');
    section(doc, '车辆信息 Vehicle');
    fieldTable(doc, [
      ['号牌号码 Plate', String(d.plateNo ?? '')],
      ['厂牌型号 Model', String(d.brandModel ?? '')],
      ['车架号 VIN', String(d.vin ?? '')],
      ['发动机号 Engine No.', String(d.engineNo ?? '')],
      ['使用性质 Usage', words.usageLine],
      ['初次登记 Registered', String(d.registerDate ?? '')],
      ['无赔款优待系数 NCD', `${d.ncdCoefficient ?? 1}（连续 ${d.claimFreeYears ?? 0} 年无赔款）`],
      ['驾驶人 Drivers', words.driverScope],
    ]);
  } else if (p.kind === 'property') {
    section(doc, '保险标的 Insured property');
    fieldTable(doc, [
      ['标的地址 Address', String(d.insuredAddress ?? '')],
      ...propertyItems(d, 'zh-CN').map((i, n): [string, string] => {
        const en = propertyItems(d, 'en-US')[n].name;
        return [en === i.name ? i.name : `${i.name} ${en}`, formatFen(i.sumInsuredFen)];
      }),
    ]);
  } else if (p.kind === 'life' || p.kind === 'health') {
    section(doc, '被保险人及受益人 Insured and beneficiaries');
    const rows: Array<[string, string]> = [
      ['被保险人 Insured', `${p.insuredName ?? ''} ${d.insuredIdNumber ?? ''}`.trim()],
    ];
    for (const b of (d.beneficiaries ?? []) as Array<{ name: string; relation: string; share: number }>)
      rows.push([
        '身故受益人 Beneficiary',
        `${b.name}（${detailWord('relation', b.relation, 'zh-CN') as string}，${Math.round(b.share * 100)}%）`,
      ]);
    if (d.paymentTermYears) rows.push(['缴费期间 Payment term', `${d.paymentTermYears} 年，年缴`]);
    if (d.renewalGuaranteeYears) rows.push(['保证续保 Guaranteed renewal', `${d.renewalGuaranteeYears} 年`]);
    rows.push(['自动续保 Auto renewal', p.autoRenew === 1 ? '是 Yes' : '否 No']);
    fieldTable(doc, rows);
  } else if (p.roster) {
    section(doc, '在保员工 Insured people');
    fieldTable(doc, [
      ['在保人数 Insured now', `${p.insuredCount} 人`],
      ['最低承保人数 Minimum', `${p.minMembers} 人`],
      ['承保年龄 Ages', `${p.minAge} - ${p.maxAge} 周岁`],
    ]);
    if (p.rates.length) {
      table(
        doc,
        [
          { title: '职业类别 Risk category', width: 160 },
          { title: '每人年保费 Annual premium per head', width: 200, align: 'right' },
        ],
        p.rates.map((r) => [`${r.riskCategory} 类`, formatFen(r.annualPremiumFen)]),
      );
    }
  }
}

function meta(kind: string, p: { policyNo: string }) {
  return { title: `${kind} ${p.policyNo}`, subject: p.policyNo, author: INSURER_EN };
}

function withKeywords(doc: Pdf, keywords: string) {
  (doc.info as { Keywords?: string }).Keywords = keywords;
}

/** The e-policy of any kind of policy. */
export async function ePolicyPdf(p: PolicyDetail, generatedAt: string): Promise<Buffer> {
  const doc = await createPdf(meta('E-policy', p));
  withKeywords(doc, `e-policy ${p.policyNo}`);
  header(doc, '电子保单', 'Electronic insurance policy', p.policyNo);
  partiesAndPeriod(doc, p);
  risksTable(doc, p);
  kindDetails(doc, p);
  section(doc, '特别约定 Special terms');
  doc
    .font('body')
    .fontSize(9)
    .text(
      `1. 本保单以保险合同条款、投保单及批单为准。2. 保险事故发生后，请于 48 小时内拨打 ${INSURER.hotline} 报案。3. 保单信息如有变更，请通过会员中心申请批改。`,
      { width: doc.page.width - 100 },
    );
  await verification(doc, p.policyNo, generatedAt);
  return pdfBuffer(doc);
}

/** The life/health e-policy: the insured, beneficiaries, payment term and the premium history. */
export async function lifePolicyPdf(p: PolicyDetail, generatedAt: string): Promise<Buffer> {
  const doc = await createPdf(meta('Life e-policy', p));
  withKeywords(doc, `life e-policy ${p.policyNo}`);
  header(doc, '人身保险电子保单', 'Electronic life and health insurance policy', p.policyNo);
  partiesAndPeriod(doc, p);
  kindDetails(doc, p);
  risksTable(doc, p);
  const paid = p.payments.filter((x) => x.state === 2);
  if (paid.length) {
    section(doc, '缴费记录 Premiums paid');
    table(
      doc,
      [
        { title: '缴费号 Payment No.', width: 150 },
        { title: '说明 Description', width: 200 },
        { title: '金额 Amount', width: 80, align: 'right' },
        { title: '日期 Date', width: 65 },
      ],
      paid.map((x) => [x.paymentNo, x.description, formatFen(x.amountFen), formatDate(x.paidAt)]),
    );
  }
  await verification(doc, p.policyNo, generatedAt);
  return pdfBuffer(doc);
}

/** The receipt of one paid premium of a life policy. */
export async function premiumReceiptPdf(p: PolicyDetail, payment: PolicyPayment, generatedAt: string): Promise<Buffer> {
  const doc = await createPdf(meta('Premium receipt', p));
  withKeywords(doc, `premium receipt ${p.policyNo} ${payment.paymentNo}`);
  header(doc, '保险费收据', 'Premium receipt', p.policyNo);
  fieldTable(doc, [
    ['收据号 Receipt No.', payment.paymentNo],
    ['交款人 Payer', p.holder.name],
    ['被保险人 Insured', p.insuredName ?? p.holder.name],
    ['产品 Product', p.productName],
    ['摘要 Description', payment.description],
    ['金额（小写）Amount', formatFen(payment.amountFen)],
    ['金额（大写）In words', rmbUpper(payment.amountFen)],
    [
      '缴费方式 Paid by',
      payment.payType === 'bank_debit'
        ? '银行代扣 Bank debit'
        : payment.payType === 'online'
          ? '在线支付 Online'
          : payment.payType === 'transfer'
            ? '银行转账 Transfer'
            : (payment.payType ?? '-'),
    ],
    ['缴费日期 Paid on', formatDate(payment.paidAt)],
    ['收款单位 Received by', INSURER_NAME],
  ]);
  await verification(doc, p.policyNo, generatedAt);
  return pdfBuffer(doc);
}

export interface CertificatePerson {
  name: string;
  /** The identity document's name. */
  idType: string;
  idNumber: string;
  occupationName: string | null;
  riskCategory: number | null;
  effectiveDate: string;
}

/** The employer-liability certificate: limits per person, headcount by risk category, and the roster. */
export async function employerCertificatePdf(
  p: PolicyDetail,
  info: InsuranceInformation,
  people: CertificatePerson[],
  generatedAt: string,
): Promise<Buffer> {
  const doc = await createPdf(meta('Employer liability certificate', p));
  withKeywords(doc, `employer liability certificate ${p.policyNo}`);
  header(doc, '雇主责任保险凭证', 'Certificate of employer liability insurance', p.policyNo);
  const d = p.details as Record<string, string | number | null | undefined>;
  fieldTable(doc, [
    ['被保险人（雇主）Employer', p.holder.name],
    ['统一社会信用代码 Credit code', p.holder.creditCode ?? '-'],
    ['工作场所 Workplace', String(d.workplace ?? p.holder.address ?? '')],
    ['保险期间 Period', `${p.startDate} 00:00 至 ${p.endDate} 24:00`],
    ['每人死亡/伤残限额 Death/disability per person', formatFen(Number(d.deathLimitFen ?? 0))],
    ['每人医疗费用限额 Medical per person', formatFen(Number(d.medicalLimitFen ?? 0))],
    ['误工天数 Lost wages', `${d.lostWagesDays ?? '-'} 天`],
    ['在保员工 Employees insured', `${info.insuredCount} 人（男 ${info.maleCount}，女 ${info.femaleCount}）`],
    ['保险费 Premium', `${formatFen(p.premiumFen)}（${rmbUpper(p.premiumFen)}）`],
  ]);
  section(doc, '按职业类别 By occupation risk category');
  table(
    doc,
    [
      { title: '类别 Category', width: 120 },
      { title: '人数 Employees', width: 120, align: 'right' },
      { title: '每人年保费 Annual premium per head', width: 200, align: 'right' },
    ],
    info.byRiskCategory.map((c) => [
      `${c.riskCategory} 类`,
      String(c.count),
      c.annualPremiumFen === null ? '-' : formatFen(c.annualPremiumFen),
    ]),
  );
  section(doc, '在保员工名单 Insured employees');
  table(
    doc,
    [
      { title: '序号 No.', width: 35 },
      { title: '姓名 Name', width: 70 },
      { title: '证件类型 ID type', width: 85 },
      { title: '证件号 ID number', width: 115 },
      { title: '职业 Occupation', width: 100 },
      { title: '类别 Cat.', width: 30 },
      { title: '生效日 From', width: 60 },
    ],
    people
      .slice(0, CERTIFICATE_ROSTER_LIMIT)
      .map((x, i) => [
        String(i + 1),
        x.name,
        x.idType,
        x.idNumber,
        x.occupationName ?? '-',
        x.riskCategory === null ? '-' : String(x.riskCategory),
        x.effectiveDate,
      ]),
  );
  if (info.insuredCount > CERTIFICATE_ROSTER_LIMIT) {
    doc
      .font('body')
      .fontSize(9)
      .text(
        `另有 ${info.insuredCount - CERTIFICATE_ROSTER_LIMIT} 名员工未列出，完整名单请在会员中心导出。 ${info.insuredCount - CERTIFICATE_ROSTER_LIMIT} more employees are not listed; export the full list from the Member Center.`,
      );
  }
  await verification(doc, p.policyNo, generatedAt);
  return pdfBuffer(doc);
}
