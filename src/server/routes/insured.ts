import type { FastifyInstance } from 'fastify';
import type { CorrectionVariant } from '@contract/states';
import { documentAnswer } from '../http/answers';
import { defineAnonymousCall, defineCall } from '../http/call';
import type { Services } from '../http/context';
import { pageOf } from '../http/paging';
import { createInput, rosterFilter } from '../http/rosterValues';
import { refuse } from '../services/errors';

const INSURED: readonly CorrectionVariant[] = ['insured'];
const I = 'blocLegal/correctInsured/';

/** correctInsured/...: corrections of policies whose roster is a list of insured persons (same modules as employee/...). */
export async function insuredRoutes(app: FastifyInstance, services: Services) {
  const { drafts, imports, decisions, records, payments, roster, files } = services.corrections;

  // ---- policies and rosters
  defineCall(app, services, `${I}getInsuranceList`, ({ user, values, locale }) =>
    roster.page(user.customer_id, values.policyId, INSURED, rosterFilter(values), pageOf(values), locale),
  );
  defineCall(app, services, `${I}getInsuranceDetail`, ({ user, values, locale }) =>
    roster.detail(user.customer_id, values.personId, INSURED, locale),
  );
  defineCall(app, services, `${I}insuredBankInfo`, ({ user, values }) =>
    roster.bankInfo(user.customer_id, values.personId, INSURED),
  );
  defineCall(app, services, `${I}insuredAccountInfo`, ({ user, values, locale, t }) =>
    roster.accountInfo(user.customer_id, values.policyId, payments.receivingAccount(t), locale),
  );
  defineCall(app, services, `${I}getInsuranceRiskCategories`, ({ user, values, t }) =>
    roster.riskCategories(user.customer_id, values.policyId, INSURED, t),
  );
  defineCall(app, services, `${I}likeProfession`, ({ user, values }) =>
    roster.searchOccupations(user.customer_id, values.keyword, values.policyId, values.limit ?? 20),
  );

  // ---- checks: with a correction, its checks and premium in one; with a policy and a kind, the check before
  defineCall(app, services, `${I}checkInsuredCorrect`, ({ user, values, locale, t }) => {
    if (values.correctionId) {
      const page = pageOf(values, 50);
      return decisions.underwrite(user, values.correctionId, page.pageNum, page.pageSize, { locale, t }, INSURED);
    }
    if (!values.policyId) throw refuse('input.required', { field: { key: 'field.policyId', fallback: 'policyId' } });
    if (!values.kind) throw refuse('input.required', { field: { key: 'field.kind', fallback: 'kind' } });
    return records.checkBefore(user, values.policyId, values.kind, values.effectiveDate, { locale, t }, INSURED);
  });

  // ---- editing the draft
  defineCall(app, services, `${I}addSingleInsured`, ({ user, values, locale, t }) =>
    drafts.addPerson(user, INSURED, `${I}addSingleInsured`, createInput(values), values, { locale, t }),
  );
  defineCall(app, services, `${I}addBatchInsured`, ({ user, values, files: uploaded, locale }) =>
    imports.importFile(user, INSURED, `${I}addBatchInsured`, 'add', createInput(values), uploaded[0], locale),
  );
  defineCall(app, services, `${I}subtractInsured`, ({ user, values, locale, t }) =>
    drafts.subtract(user, INSURED, `${I}subtractInsured`, createInput(values), values.personIds, { locale, t }),
  );
  defineCall(app, services, `${I}exchangeInsured`, ({ user, values, locale, t }) =>
    drafts.exchange(user, INSURED, `${I}exchangeInsured`, createInput(values), values.personId, values, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${I}modifyInsured`, ({ user, values, locale, t }) =>
    drafts.modify(user, INSURED, `${I}modifyInsured`, createInput(values), values.personId, values.changes, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${I}subtractInsuredUpload`, ({ user, values, files: uploaded, locale }) =>
    imports.importFile(
      user,
      INSURED,
      `${I}subtractInsuredUpload`,
      'subtract',
      createInput(values),
      uploaded[0],
      locale,
    ),
  );
  defineCall(app, services, `${I}exchangeInsuredUpload`, ({ user, values, files: uploaded, locale }) =>
    imports.importFile(
      user,
      INSURED,
      `${I}exchangeInsuredUpload`,
      'exchange',
      createInput(values),
      uploaded[0],
      locale,
    ),
  );

  // ---- files
  defineCall(app, services, `${I}downloadExcelTemplate`, async ({ user, values, locale }) =>
    documentAnswer(
      await files.template(user, 'add', { policyId: values.policyId, employer: values.newFlag === 1 }, locale, INSURED),
    ),
  );
  defineCall(app, services, `${I}insuredDownErrorExcel`, async ({ user, values, locale }) => {
    const { name, data } = await imports.errorWorkbook(user, values.importId, INSURED, locale);
    return documentAnswer({ filename: name, type: 'xlsx', body: data });
  });

  // ---- approval, deletion, payment
  defineCall(app, services, `${I}insuredApplyBusinessApprove`, ({ user, values, locale, t }) =>
    decisions.applyForApproval(
      user,
      INSURED,
      `${I}insuredApplyBusinessApprove`,
      values.correctionId,
      values.idempotencyKey,
      { locale, t },
    ),
  );
  defineCall(app, services, `${I}delInsuredCorrectRecord`, ({ user, values, locale, t }) =>
    decisions.cancel(user, values.correctionId, { locale, t }, INSURED),
  );
  defineCall(app, services, `${I}getInsuredPayLink`, ({ user, values, locale, t }) =>
    payments.link(user, INSURED, `${I}getInsuredPayLink`, values.correctionId, values.idempotencyKey, { locale, t }),
  );
  defineCall(app, services, `${I}updateInsuredPayType`, ({ user, values, locale, t }) =>
    payments.setPayType(user, INSURED, values.correctionId, values.payType, { locale, t }),
  );

  // The cashier's notification: no session; trusted only through the payment's signature.
  defineAnonymousCall(app, services, `${I}InsuredPayNotify`, async ({ values }) => {
    const { accepted, payStatus } = await payments.notify(values);
    return { accepted, payStatus };
  });
}
