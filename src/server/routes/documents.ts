import { PaymentState } from '../../contract/states';
import type { FastifyInstance } from 'fastify';
import type { PremiumReceipt } from '../../contract/io/policy';
import { FileAnswer, PDF } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { text } from '../http/input';
import {
  CERTIFICATE_ROSTER_LIMIT,
  findPolicy,
  isLifeKind,
  maskIdNumber,
  policyDetail,
  type PolicyRecord,
} from '../services/policyData';

/**
 * The PDF writers (pdfkit and its fonts) load on the first document asked for: a gateway that never
 * writes one (a test harness in a browser-like environment, where pdfkit resolves to its browser
 * build) does not need them.
 */
const pdfs = () => import('../services/documents/policyPdf');

const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

function requirePaid(p: PolicyRecord) {
  if (p.payment_state !== PaymentState.paid)
    throw refuseText('The documents of this policy are issued once its premium is paid.');
}

/** E-policies, life e-policies and premium receipts, and the employer-liability certificate. */
export async function documentRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/policyDownload/download', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    requirePaid(policy);
    const pdf = await (await pdfs()).ePolicyPdf(await policyDetail(db, policy), stamp());
    return new FileAnswer(`电子保单-${policy.policy_no}.pdf`, PDF, pdf);
  });

  defineCall(app, services, 'blocLegal/electronicDocuments/lifePolicyDownload', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    if (!isLifeKind(policy.kind))
      throw refuseText('This policy is not a life or health policy; download its e-policy instead.');
    requirePaid(policy);
    const pdf = await (await pdfs()).lifePolicyPdf(await policyDetail(db, policy), stamp());
    return new FileAnswer(`人身险电子保单-${policy.policy_no}.pdf`, PDF, pdf);
  });

  defineCall(app, services, 'blocLegal/electronicDocuments/queryInvoice', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    if (!isLifeKind(policy.kind))
      throw refuseText('This policy is not a life or health policy; its invoices are under My invoice.');
    const rows = await db
      .selectFrom('premium_payment')
      .select(['payment_no', 'description', 'amount_fen', 'paid_at', 'pay_type', 'invoice_id'])
      .where('policy_id', '=', policy.id)
      .where('customer_id', '=', user.customer_id)
      .where('state', '=', 2)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const receipts: PremiumReceipt[] = rows.map((r) => ({
      paymentNo: r.payment_no,
      description: r.description,
      amountFen: Number(r.amount_fen),
      paidAt: r.paid_at ?? '',
      payType: r.pay_type,
      invoiced: r.invoice_id !== null,
    }));
    return receipts;
  });

  defineCall(app, services, 'blocLegal/electronicDocuments/downloadLifeInvoice', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    if (!isLifeKind(policy.kind))
      throw refuseText('This policy is not a life or health policy; its invoices are under My invoice.');
    const paymentNo = text(input, 'paymentNo', 'Receipt number', { required: true, max: 40 });
    const detail = await policyDetail(db, policy);
    const payment = detail.payments.find((p) => p.paymentNo === paymentNo);
    if (!payment) throw refuseText('There is no such premium receipt for this policy.');
    if (payment.state !== PaymentState.paid) throw refuseText('A receipt is issued once the premium is paid.');
    const pdf = await (await pdfs()).premiumReceiptPdf(detail, payment, stamp());
    return new FileAnswer(`保费收据-${payment.paymentNo}.pdf`, PDF, pdf);
  });

  defineCall(app, services, 'blocLegal/electronicDocuments/generateForEmployer', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '').catch(() => null);
    if (!policy || policy.kind !== 'employer')
      throw refuseText('There is no such employer liability policy in your account.');
    requirePaid(policy);
    const detail = await policyDetail(db, policy);
    const people = await db
      .selectFrom('insured_person')
      .select(['name', 'id_number', 'occupation_name', 'risk_category', 'effective_date'])
      .where('policy_id', '=', policy.id)
      .where('customer_id', '=', user.customer_id)
      .where('state', '=', 1)
      .orderBy('employee_no')
      .orderBy('id')
      .limit(CERTIFICATE_ROSTER_LIMIT)
      .execute();
    const people2 = people.map((x) => ({
      name: x.name,
      idNumber: maskIdNumber(x.id_number),
      occupationName: x.occupation_name,
      riskCategory: x.risk_category,
      effectiveDate: x.effective_date,
    }));
    const byCategory = await db
      .selectFrom('insured_person')
      .select(['risk_category', 'sex', (eb) => eb.fn.countAll<number>().as('n')])
      .where('policy_id', '=', policy.id)
      .where('state', '=', 1)
      .groupBy(['risk_category', 'sex'])
      .execute();
    const rate = new Map(detail.rates.map((r) => [r.riskCategory, r.annualPremiumFen]));
    const categories = new Map<number, number>();
    for (const r of byCategory)
      if (r.risk_category !== null)
        categories.set(r.risk_category, (categories.get(r.risk_category) ?? 0) + Number(r.n));
    const count = (sex: string) => byCategory.filter((r) => r.sex === sex).reduce((s, r) => s + Number(r.n), 0);
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
      people2,
      stamp(),
    );
    return new FileAnswer(`雇主责任保险凭证-${policy.policy_no}.pdf`, PDF, pdf);
  });
}
