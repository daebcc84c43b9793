import type { FastifyInstance } from 'fastify';
import type { CorrectionVariant } from '../../contract/io/correction';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { paging } from '../http/input';
import * as read from './correctionInput';
import {
  bankInfo,
  correctablePolicies,
  personDetail,
  riskCategories,
  rosterPage,
  searchOccupations,
} from '../services/corrections/roster';
import { endorsementFile, errorFile, rosterFile, templateFile } from './correctionFiles';

const EMPLOYEE: readonly CorrectionVariant[] = ['employee'];
const EMPLOYER: readonly CorrectionVariant[] = ['employeeNew'];
const ANY_EMPLOYEE: readonly CorrectionVariant[] = ['employee', 'employeeNew'];

/**
 * employee/...: corrections of employee lists ('employee') and, in the ...New calls, of employer
 * policies whose people carry an occupation risk category ('employeeNew'). The shared calls
 * (records, detail, checks, underwriting, payment) serve every variant. Logic: services/corrections.
 */
export async function employeeRoutes(app: FastifyInstance, services: Services) {
  const { corrections, correctionPayments: payments, db } = services;
  const E = 'blocLegal/employee/';

  defineCall(app, services, 'blocLegal/employee/correctablePolicies', ({ input, user }) =>
    correctablePolicies(db, user.customer_id, read.variant(input)),
  );
  defineCall(app, services, 'blocLegal/employee/employeeList', ({ input, user }) =>
    rosterPage(db, user.customer_id, read.policyId(input), EMPLOYEE, read.rosterFilter(input), paging(input)),
  );
  defineCall(app, services, 'blocLegal/employee/employeeListNew', ({ input, user }) =>
    rosterPage(db, user.customer_id, read.policyId(input), EMPLOYER, read.rosterFilter(input), paging(input)),
  );
  defineCall(app, services, 'blocLegal/employee/employeeDetailNew', ({ input, user }) =>
    personDetail(db, user.customer_id, read.personId(input), ANY_EMPLOYEE),
  );
  defineCall(app, services, 'blocLegal/employee/bankInfo', ({ input, user }) =>
    bankInfo(db, user.customer_id, read.personId(input), ANY_EMPLOYEE),
  );
  defineCall(app, services, 'blocLegal/employee/getRiskCategories', ({ input, user }) =>
    riskCategories(db, user.customer_id, read.policyId(input), ANY_EMPLOYEE),
  );
  defineCall(app, services, 'blocLegal/employee/likeOccupation', ({ input, user }) => {
    const q = read.occupationQuery(input);
    return searchOccupations(db, user.customer_id, q.keyword, q.policyId, q.limit);
  });

  defineCall(app, services, 'blocLegal/employee/checkBeforeCorrect', ({ input, user }) =>
    corrections.checkBefore(user, read.policyId(input), read.kind(input), input.effectiveDate || undefined),
  );
  defineCall(app, services, 'blocLegal/employee/checkGroupEmployeeCorrect', ({ input, user }) =>
    corrections.check(user, read.correctionId(input)),
  );

  defineCall(app, services, 'blocLegal/employee/addSingleEmployee', ({ input, user }) =>
    corrections.addPeople(user, EMPLOYEE, `${E}addSingleEmployee`, read.createInput(input), [read.personInput(input)]),
  );
  defineCall(app, services, 'blocLegal/employee/addSingleEmployeeNew', ({ input, user }) =>
    corrections.addPeople(user, EMPLOYER, `${E}addSingleEmployeeNew`, read.createInput(input), [
      read.personInput(input),
    ]),
  );
  defineCall(app, services, 'blocLegal/employee/addBatchEmployee', ({ input, user, files, locale }) =>
    corrections.importFile(user, EMPLOYEE, `${E}addBatchEmployee`, 'add', read.createInput(input), files[0], locale),
  );
  defineCall(app, services, 'blocLegal/employee/addBatchEmployeeNew', ({ input, user, files, locale }) =>
    corrections.importFile(user, EMPLOYER, `${E}addBatchEmployeeNew`, 'add', read.createInput(input), files[0], locale),
  );
  defineCall(app, services, 'blocLegal/employee/subtractEmployee', ({ input, user }) =>
    corrections.subtract(
      user,
      ANY_EMPLOYEE,
      `${E}subtractEmployee`,
      read.createInput(input),
      read.idList(input, 'personIds', 'The people to remove'),
    ),
  );
  defineCall(app, services, 'blocLegal/employee/exchangeEmployee', ({ input, user }) =>
    corrections.exchange(
      user,
      EMPLOYEE,
      `${E}exchangeEmployee`,
      read.createInput(input),
      read.personId(input),
      read.personInput(input),
    ),
  );
  defineCall(app, services, 'blocLegal/employee/exchangeEmployeeNew', ({ input, user }) =>
    corrections.exchange(
      user,
      EMPLOYER,
      `${E}exchangeEmployeeNew`,
      read.createInput(input),
      read.personId(input),
      read.personInput(input),
    ),
  );
  defineCall(app, services, 'blocLegal/employee/groupSubtractUpload', ({ input, user, files, locale }) =>
    corrections.importFile(
      user,
      ANY_EMPLOYEE,
      `${E}groupSubtractUpload`,
      'subtract',
      read.createInput(input),
      files[0],
      locale,
    ),
  );
  defineCall(app, services, 'blocLegal/employee/groupExchangeUpload', ({ input, user, files, locale }) =>
    corrections.importFile(
      user,
      ANY_EMPLOYEE,
      `${E}groupExchangeUpload`,
      'exchange',
      read.createInput(input),
      files[0],
      locale,
    ),
  );
  defineCall(app, services, 'blocLegal/employee/removeCorrectItem', ({ input, user }) =>
    corrections.removeItems(user, read.correctionId(input), read.idList(input, 'itemIds', 'The lines to take out')),
  );

  defineCall(app, services, 'blocLegal/employee/downImportEmployeeExcel', ({ input, user, locale }) =>
    templateFile(services, user, locale, 'add', input, ANY_EMPLOYEE),
  );
  defineCall(app, services, 'blocLegal/employee/downloadGroupSubtractTemplate', ({ input, user, locale }) =>
    templateFile(services, user, locale, 'subtract', input),
  );
  defineCall(app, services, 'blocLegal/employee/downloadGroupExchangeTemplate', ({ input, user, locale }) =>
    templateFile(services, user, locale, 'exchange', input),
  );
  defineCall(app, services, 'blocLegal/employee/downloadErrorExcel', ({ input, user, locale }) =>
    errorFile(services, user, locale, input, EMPLOYEE),
  );
  defineCall(app, services, 'blocLegal/employee/downloadErrorExcelNew', ({ input, user, locale }) =>
    errorFile(services, user, locale, input, EMPLOYER),
  );
  defineCall(app, services, 'blocLegal/employee/downloadEmployeeListExcel', ({ input, user, locale }) =>
    rosterFile(services, user, locale, input),
  );
  defineCall(app, services, 'blocLegal/employee/downloadEndorsement', ({ input, user }) =>
    endorsementFile(services, user, input),
  );

  defineCall(app, services, 'blocLegal/employee/underwriting', ({ input, user }) => {
    const p = read.itemPaging(input);
    return corrections.underwrite(user, read.correctionId(input), p.pageNum, p.pageSize);
  });
  defineCall(app, services, 'blocLegal/employee/selectOrderScenario', ({ input, user }) =>
    corrections.selectScenario(user, read.correctionId(input), read.scenario(input)),
  );
  defineCall(app, services, 'blocLegal/employee/applyBusinessApprove', ({ input, user }) =>
    corrections.applyForApproval(
      user,
      EMPLOYEE,
      `${E}applyBusinessApprove`,
      read.correctionId(input),
      input.idempotencyKey ?? '',
    ),
  );
  defineCall(app, services, 'blocLegal/employee/groupApplyBusinessApprove', ({ input, user }) =>
    corrections.applyForApproval(
      user,
      EMPLOYER,
      `${E}groupApplyBusinessApprove`,
      read.correctionId(input),
      input.idempotencyKey ?? '',
    ),
  );
  defineCall(app, services, 'blocLegal/employee/correctRecordList', ({ input, user }) =>
    corrections.records(user, {
      policyId: input.policyId ? read.policyId(input) : undefined,
      state: read.state(input),
      variant: read.variant(input),
      ...paging(input),
    }),
  );
  defineCall(app, services, 'blocLegal/employee/correctDetail', ({ input, user, locale }) => {
    const p = read.itemPaging(input);
    return corrections.detail(user, read.correctionId(input), p.pageNum, p.pageSize, locale);
  });
  defineCall(app, services, 'blocLegal/employee/delCorrectRecord', ({ input, user }) =>
    corrections.cancel(user, read.correctionId(input)),
  );

  defineCall(app, services, 'blocLegal/employee/getPaymentLink', ({ input, user }) =>
    payments.link(user, undefined, `${E}getPaymentLink`, read.correctionId(input), input.idempotencyKey ?? ''),
  );
  defineCall(app, services, 'blocLegal/employee/getPayStatus', ({ input, user }) =>
    payments.status(user, read.correctionId(input)),
  );
  defineCall(app, services, 'blocLegal/employee/updatePayType', ({ input, user }) =>
    payments.setPayType(user, undefined, read.correctionId(input), read.payType(input)),
  );
}
