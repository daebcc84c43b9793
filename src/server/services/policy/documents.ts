import { occupationNames } from '../occupations';
import { formatStamp } from '@common/time';
import type { Kysely } from 'kysely';
import { insurerToday } from '@common/correction';
import type { PremiumReceipt } from '@contract/io/policy';
import { InsuredState, PaymentState } from '@contract/states';
import type { DB } from '@server/db/schema';
import { translator } from '@server/messages/catalogue';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import {
  CERTIFICATE_ROSTER_LIMIT,
  documentFileName,
  findPolicy,
  isLifeKind,
  maskIdNumber,
  policyDetail,
  type PolicyRecord,
} from './policyData';
import type { Products } from '../products';
import { storedText, type Voice } from '../texts';

/**
 * The PDF writers (pdfkit and its fonts) load on the first document asked for: a gateway that never
 * writes one (a test harness in a browser-like environment, where pdfkit resolves to its browser
 * build) does not need them.
 */
const pdfs = () => import('../documents/policyPdf');

/** A document as the gateway answers it: its file name in the reader's language and its bytes. */
export interface PolicyFile {
  filename: string;
  pdf: Buffer;
}

function requirePaid(p: PolicyRecord) {
  if (p.payment_state !== PaymentState.paid) throw refuse('document.unpaid');
}

/**
 * E-policies, life e-policies and premium receipts, and the employer-liability certificate. The
 * documents themselves are the insurer's official Chinese documents with bilingual labels; their
 * file names are in the reader's language.
 */
export class PolicyDocuments {
  /** The documents' own language: the insurer's official one. */
  private readonly official = { locale: 'zh-CN' as const, t: translator('zh-CN') };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
  ) {}

  private stamp() {
    return formatStamp(this.clock.now(), 'both', { seconds: true });
  }

  private async officialDetail(policy: PolicyRecord) {
    return policyDetail(this.db, policy, insurerToday(this.clock.now()), await this.products.voice(this.official));
  }

  async ePolicy(customerId: number, policyNo: string, voice: Voice): Promise<PolicyFile> {
    const policy = await findPolicy(this.db, customerId, policyNo);
    requirePaid(policy);
    const pdf = await (await pdfs()).ePolicyPdf(await this.officialDetail(policy), this.stamp());
    return { filename: documentFileName(voice, 'ePolicy', policy.policy_no), pdf };
  }

  async lifePolicy(customerId: number, policyNo: string, voice: Voice): Promise<PolicyFile> {
    const policy = await findPolicy(this.db, customerId, policyNo);
    if (!isLifeKind(policy.kind)) throw refuse('document.notLifeForPolicy');
    requirePaid(policy);
    const pdf = await (await pdfs()).lifePolicyPdf(await this.officialDetail(policy), this.stamp());
    return { filename: documentFileName(voice, 'lifePolicy', policy.policy_no), pdf };
  }

  async receipts(customerId: number, policyNo: string, voice: Voice): Promise<PremiumReceipt[]> {
    const policy = await findPolicy(this.db, customerId, policyNo);
    if (!isLifeKind(policy.kind)) throw refuse('document.notLifeForInvoice');
    const [rows, named] = await Promise.all([
      this.db
        .selectFrom('premium_payment')
        .select([
          'payment_no',
          'description',
          'text_key',
          'text_params',
          'amount_fen',
          'paid_at',
          'pay_type',
          'invoice_id',
        ])
        .where('policy_id', '=', policy.id)
        .where('customer_id', '=', customerId)
        .where('state', '=', PaymentState.paid)
        .orderBy('paid_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      this.products.voice(voice),
    ]);
    return rows.map((r) => ({
      paymentNo: r.payment_no,
      description: storedText(named, r.text_key, r.text_params, null, r.description),
      amountFen: Number(r.amount_fen),
      paidAt: r.paid_at ?? '',
      payType: r.pay_type,
      invoiced: r.invoice_id !== null,
    }));
  }

  async receipt(customerId: number, policyNo: string, paymentNo: string, voice: Voice): Promise<PolicyFile> {
    const policy = await findPolicy(this.db, customerId, policyNo);
    if (!isLifeKind(policy.kind)) throw refuse('document.notLifeForInvoice');
    const detail = await this.officialDetail(policy);
    const payment = detail.payments.find((p) => p.paymentNo === paymentNo);
    if (!payment) throw refuse('document.noSuchReceipt');
    if (payment.state !== PaymentState.paid) throw refuse('document.receiptUnpaid');
    const pdf = await (await pdfs()).premiumReceiptPdf(detail, payment, this.stamp());
    return { filename: voice.t('document.file.premiumReceipt', { no: payment.paymentNo }), pdf };
  }

  async employerCertificate(customerId: number, policyNo: string, voice: Voice): Promise<PolicyFile> {
    const { db } = this;
    const policy = await findPolicy(db, customerId, policyNo).catch(() => null);
    if (!policy || policy.kind !== 'employer') throw refuse('document.noSuchEmployerPolicy');
    requirePaid(policy);
    const detail = await this.officialDetail(policy);
    const people = await db
      .selectFrom('insured_person')
      .select(['name', 'id_type', 'id_number', 'occupation_code', 'occupation_name', 'risk_category', 'effective_date'])
      .where('policy_id', '=', policy.id)
      .where('customer_id', '=', customerId)
      .where('state', '=', InsuredState.insured)
      .orderBy('employee_no')
      .orderBy('id')
      .limit(CERTIFICATE_ROSTER_LIMIT)
      .execute();
    const byCategory = await db
      .selectFrom('insured_person')
      .select(['risk_category', 'sex', (eb) => eb.fn.countAll<number>().as('n')])
      .where('policy_id', '=', policy.id)
      .where('state', '=', InsuredState.insured)
      .groupBy(['risk_category', 'sex'])
      .execute();
    const rate = new Map(detail.rates.map((r) => [r.riskCategory, r.annualPremiumFen]));
    const categories = new Map<number, number>();
    for (const r of byCategory)
      if (r.risk_category !== null)
        categories.set(r.risk_category, (categories.get(r.risk_category) ?? 0) + Number(r.n));
    const count = (sex: string) => byCategory.filter((r) => r.sex === sex).reduce((s, r) => s + Number(r.n), 0);
    const occupation = await occupationNames(
      db,
      this.official.locale,
      people.map((x) => x.occupation_code),
    );
    const pdf = await (
      await pdfs()
    ).employerCertificatePdf(
      detail,
      {
        policyNo: policy.policy_no,
        roster: policy.roster,
        insuredCount: detail.insuredCount,
        removedCount: 0,
        minMembers: policy.min_members,
        minAge: policy.min_age,
        maxAge: policy.max_age,
        averageAge: null,
        maleCount: count('male'),
        femaleCount: count('female'),
        byRiskCategory: [...categories.entries()]
          .sort(([a], [b]) => a - b)
          .map(([riskCategory, n]) => ({ riskCategory, count: n, annualPremiumFen: rate.get(riskCategory) ?? null })),
        byDepartment: [],
      },
      people.map((x) => ({
        name: x.name,
        idType: this.official.t(`idType.${x.id_type}`),
        idNumber: maskIdNumber(x.id_number),
        occupationName: occupation(x.occupation_code, x.occupation_name),
        riskCategory: x.risk_category,
        effectiveDate: x.effective_date,
      })),
      this.stamp(),
    );
    return { filename: documentFileName(voice, 'employerCertificate', policy.policy_no), pdf };
  }
}
