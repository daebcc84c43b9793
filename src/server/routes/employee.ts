import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CorrectionVariant } from '@contract/states';
import { documentAnswer, FileAnswer, PDF, ZIP } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { pageOf } from '../http/paging';
import { createInput, rosterFilter } from '../http/rosterValues';

const EMPLOYEE: readonly CorrectionVariant[] = ['employee'];
const EMPLOYER: readonly CorrectionVariant[] = ['employeeNew'];
const ANY_EMPLOYEE: readonly CorrectionVariant[] = ['employee', 'employeeNew'];
const E = 'blocLegal/employee/';

/**
 * employee/...: corrections of employee lists ('employee') and, in the ...New calls, of employer
 * policies whose people carry an occupation risk category ('employeeNew'). The shared calls
 * (records, detail, checks, underwriting, payment) serve every variant. Logic: services/corrections.
 */
export async function employeeRoutes(app: FastifyInstance, services: Services) {
  const { drafts, imports, decisions, records, payments, roster, files, reconcile } = services.corrections;

  // ---- policies and rosters
  defineCall(app, services, `${E}correctablePolicies`, ({ user, values, locale }) =>
    roster.correctablePolicies(user.customer_id, locale, values.variant, values.policyNo),
  );
  defineCall(app, services, `${E}employeeList`, ({ user, values, locale }) =>
    roster.page(user.customer_id, values.policyId, EMPLOYEE, rosterFilter(values), pageOf(values), locale),
  );
  defineCall(app, services, `${E}employeeListNew`, ({ user, values, locale }) =>
    roster.page(user.customer_id, values.policyId, EMPLOYER, rosterFilter(values), pageOf(values), locale),
  );
  defineCall(app, services, `${E}employeeDetailNew`, ({ user, values, locale }) =>
    roster.detail(user.customer_id, values.personId, ANY_EMPLOYEE, locale),
  );
  defineCall(app, services, `${E}bankInfo`, ({ user, values }) =>
    roster.bankInfo(user.customer_id, values.personId, ANY_EMPLOYEE),
  );
  defineCall(app, services, `${E}getRiskCategories`, ({ user, values, t }) =>
    roster.riskCategories(user.customer_id, values.policyId, ANY_EMPLOYEE, t),
  );
  defineCall(app, services, `${E}likeOccupation`, ({ user, values }) =>
    roster.searchOccupations(user.customer_id, values.keyword, values.policyId, values.limit ?? 20),
  );

  // ---- whole-roster reconciliation (every kind of roster)
  defineCall(app, services, `${E}reconcileRoster`, ({ user, values, files: uploaded, locale }) =>
    reconcile.compare(user, values.policyId, values.effectiveDate, uploaded[0], locale),
  );
  defineCall(app, services, `${E}reconcileCorrect`, ({ user, values, locale, t }) =>
    reconcile.correct(user, `${E}reconcileCorrect`, values, { locale, t }),
  );

  // ---- checks
  defineCall(app, services, `${E}checkBeforeCorrect`, ({ user, values, locale, t }) =>
    records.checkBefore(user, values.policyId, values.kind, values.effectiveDate, { locale, t }),
  );
  defineCall(app, services, `${E}checkGroupEmployeeCorrect`, ({ user, values, locale, t }) =>
    decisions.check(user, values.correctionId, { locale, t }),
  );

  // ---- editing the draft
  defineCall(app, services, `${E}addSingleEmployee`, ({ user, values, locale, t }) =>
    drafts.addPerson(user, EMPLOYEE, `${E}addSingleEmployee`, createInput(values), values, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${E}addSingleEmployeeNew`, ({ user, values, locale, t }) =>
    drafts.addPerson(user, EMPLOYER, `${E}addSingleEmployeeNew`, createInput(values), values, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${E}addBatchEmployee`, ({ user, values, files: uploaded, locale }) =>
    imports.importFile(user, EMPLOYEE, `${E}addBatchEmployee`, 'add', createInput(values), uploaded[0], locale),
  );
  defineCall(app, services, `${E}addBatchEmployeeNew`, ({ user, values, files: uploaded, locale }) =>
    imports.importFile(user, EMPLOYER, `${E}addBatchEmployeeNew`, 'add', createInput(values), uploaded[0], locale),
  );
  defineCall(app, services, `${E}subtractEmployee`, ({ user, values, locale, t }) =>
    drafts.subtract(user, ANY_EMPLOYEE, `${E}subtractEmployee`, createInput(values), values.personIds, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${E}exchangeEmployee`, ({ user, values, locale, t }) =>
    drafts.exchange(user, EMPLOYEE, `${E}exchangeEmployee`, createInput(values), values.personId, values, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${E}exchangeEmployeeNew`, ({ user, values, locale, t }) =>
    drafts.exchange(user, EMPLOYER, `${E}exchangeEmployeeNew`, createInput(values), values.personId, values, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${E}groupSubtractUpload`, ({ user, values, files: uploaded, locale }) =>
    imports.importFile(
      user,
      ANY_EMPLOYEE,
      `${E}groupSubtractUpload`,
      'subtract',
      createInput(values),
      uploaded[0],
      locale,
    ),
  );
  defineCall(app, services, `${E}groupExchangeUpload`, ({ user, values, files: uploaded, locale }) =>
    imports.importFile(
      user,
      ANY_EMPLOYEE,
      `${E}groupExchangeUpload`,
      'exchange',
      createInput(values),
      uploaded[0],
      locale,
    ),
  );
  defineCall(app, services, `${E}removeCorrectItem`, ({ user, values, locale, t }) =>
    drafts.removeItems(user, values.correctionId, values.itemIds, { locale, t }),
  );

  // ---- files
  defineCall(app, services, `${E}downImportEmployeeExcel`, async ({ user, values, locale }) =>
    documentAnswer(
      await files.template(
        user,
        'add',
        { policyId: values.policyId, employer: values.newFlag === 1 },
        locale,
        ANY_EMPLOYEE,
      ),
    ),
  );
  defineCall(app, services, `${E}downloadGroupSubtractTemplate`, async ({ user, values, locale }) =>
    documentAnswer(await files.template(user, 'subtract', { policyId: values.policyId }, locale)),
  );
  defineCall(app, services, `${E}downloadGroupExchangeTemplate`, async ({ user, values, locale }) =>
    documentAnswer(
      await files.template(user, 'exchange', { policyId: values.policyId, employer: values.newFlag === 1 }, locale),
    ),
  );
  defineCall(app, services, `${E}downloadErrorExcel`, async ({ user, values, locale }) => {
    const { name, data } = await imports.errorWorkbook(user, values.importId, EMPLOYEE, locale);
    return documentAnswer({ filename: name, type: 'xlsx', body: data });
  });
  defineCall(app, services, `${E}downloadErrorExcelNew`, async ({ user, values, locale }) => {
    const { name, data } = await imports.errorWorkbook(user, values.importId, EMPLOYER, locale);
    return documentAnswer({ filename: name, type: 'xlsx', body: data });
  });
  defineCall(app, services, `${E}downloadEmployeeListExcel`, async ({ user, values, locale }) =>
    documentAnswer(await files.rosterExport(user, values.policyId, rosterFilter(values), locale)),
  );
  defineCall(app, services, `${E}downloadEndorsement`, async ({ user, values, locale }) =>
    documentAnswer(await files.endorsement(user, values.correctionId, locale)),
  );

  // ---- certificates of insurance (the site's verify page checks their codes)
  const verifySite = (request: FastifyRequest) => `${request.protocol}://${request.host}/site/verify`;
  defineCall(app, services, `${E}certificate`, async ({ user, values, locale, t, request }) => {
    const file = await services.certificates.one(user, values.personId, { locale, t }, verifySite(request));
    return new FileAnswer(file.filename, PDF, file.body, false, file.facts);
  });
  defineCall(app, services, `${E}certificates`, async ({ user, values, locale, t, request }) => {
    const file = await services.certificates.zip(
      user,
      values.policyId,
      { personIds: values.personIds, whole: values.whole === 1 },
      { locale, t },
      verifySite(request),
    );
    return new FileAnswer(file.filename, ZIP, file.body, false, file.facts);
  });

  // ---- underwriting, approval, records
  defineCall(app, services, `${E}underwriting`, ({ user, values, locale, t }) => {
    const page = pageOf(values, 50);
    return decisions.underwrite(user, values.correctionId, page.pageNum, page.pageSize, { locale, t });
  });
  defineCall(app, services, `${E}selectOrderScenario`, ({ user, values, locale, t }) =>
    decisions.selectScenario(user, values.correctionId, values.scenario, { locale, t }),
  );
  defineCall(app, services, `${E}applyBusinessApprove`, ({ user, values, locale, t }) =>
    decisions.applyForApproval(user, EMPLOYEE, `${E}applyBusinessApprove`, values.correctionId, values.idempotencyKey, {
      locale,
      t,
    }),
  );
  defineCall(app, services, `${E}groupApplyBusinessApprove`, ({ user, values, locale, t }) =>
    decisions.applyForApproval(
      user,
      EMPLOYER,
      `${E}groupApplyBusinessApprove`,
      values.correctionId,
      values.idempotencyKey,
      { locale, t },
    ),
  );
  defineCall(app, services, `${E}correctRecordList`, ({ user, values, locale, t }) =>
    records.list(
      user,
      {
        policyId: values.policyId,
        state: values.state,
        states: values.states,
        variant: values.variant,
        waitingForMe: values.waitingForMe,
        ...pageOf(values),
      },
      { locale, t },
    ),
  );
  defineCall(app, services, `${E}correctDetail`, ({ user, values, locale, t }) => {
    const page = pageOf(values, 50);
    return records.detail(user, values.correctionId, page.pageNum, page.pageSize, { locale, t });
  });
  defineCall(app, services, `${E}delCorrectRecord`, ({ user, values, locale, t }) =>
    decisions.cancel(user, values.correctionId, { locale, t }),
  );
  defineCall(app, services, `${E}returnCorrection`, ({ user, values, locale, t }) =>
    decisions.returnToPreparer(
      { ...user, name: user.real_name ?? user.nick_name },
      values.correctionId,
      values.reason,
      { locale, t },
    ),
  );

  // ---- payment
  defineCall(app, services, `${E}getPaymentLink`, ({ user, values, locale, t }) =>
    payments.link(user, undefined, `${E}getPaymentLink`, values.correctionId, values.idempotencyKey, { locale, t }),
  );
  defineCall(app, services, `${E}getPayStatus`, ({ user, values, locale, t }) =>
    payments.status(user, values.correctionId, { locale, t }),
  );
  defineCall(app, services, `${E}downloadPaymentNotice`, async ({ user, values, locale, t }) =>
    documentAnswer(await payments.notice(user, values.correctionId, { locale, t })),
  );
  defineCall(app, services, `${E}uploadTransferReceipt`, ({ user, values, files: uploaded, locale, t }) =>
    payments.uploadReceipt(user, values.correctionId, uploaded, { locale, t }),
  );
  defineCall(app, services, `${E}updatePayType`, ({ user, values, locale, t }) =>
    payments.setPayType(user, undefined, values.correctionId, values.payType, { locale, t }),
  );
}
