import type { FastifyInstance } from 'fastify';
import type { CorrectionVariant } from '../../contract/io/correction';
import { defineAnonymousCall, defineCall } from '../http/call';
import type { Services } from '../http/context';
import { paging, text } from '../http/input';
import * as read from './correctionInput';
import {
  accountInfo,
  bankInfo,
  personDetail,
  riskCategories,
  rosterPage,
  searchOccupations,
} from '../services/corrections/roster';
import { errorFile, templateFile } from './correctionFiles';

const INSURED: readonly CorrectionVariant[] = ['insured'];

/** correctInsured/...: corrections of policies whose roster is a list of insured persons (same service as employee/...). */
export async function insuredRoutes(app: FastifyInstance, services: Services) {
  const { corrections, correctionPayments: payments, db } = services;
  const I = 'blocLegal/correctInsured/';

  defineCall(app, services, 'blocLegal/correctInsured/getInsuranceList', ({ input, user }) =>
    rosterPage(db, user.customer_id, read.policyId(input), INSURED, read.rosterFilter(input), paging(input)),
  );
  defineCall(app, services, 'blocLegal/correctInsured/getInsuranceDetail', ({ input, user }) =>
    personDetail(db, user.customer_id, read.personId(input), INSURED),
  );
  defineCall(app, services, 'blocLegal/correctInsured/insuredBankInfo', ({ input, user }) =>
    bankInfo(db, user.customer_id, read.personId(input), INSURED),
  );
  defineCall(app, services, 'blocLegal/correctInsured/insuredAccountInfo', ({ input, user }) =>
    accountInfo(db, user.customer_id, read.policyId(input), corrections.options.receivingAccount),
  );
  defineCall(app, services, 'blocLegal/correctInsured/getInsuranceRiskCategories', ({ input, user }) =>
    riskCategories(db, user.customer_id, read.policyId(input), INSURED),
  );
  defineCall(app, services, 'blocLegal/correctInsured/likeProfession', ({ input, user }) => {
    const q = read.occupationQuery(input);
    return searchOccupations(db, user.customer_id, q.keyword, q.policyId, q.limit);
  });

  defineCall(app, services, 'blocLegal/correctInsured/checkInsuredCorrect', async ({ input, user }) => {
    if (input.correctionId) {
      const id = read.correctionId(input);
      const p = read.itemPaging(input);
      return corrections.underwrite(user, id, p.pageNum, p.pageSize, INSURED);
    }
    return corrections.checkBefore(
      user,
      read.policyId(input),
      read.kind(input),
      input.effectiveDate || undefined,
      INSURED,
    );
  });

  defineCall(app, services, 'blocLegal/correctInsured/addSingleInsured', ({ input, user }) =>
    corrections.addPeople(user, INSURED, `${I}addSingleInsured`, read.createInput(input), [read.personInput(input)]),
  );
  defineCall(app, services, 'blocLegal/correctInsured/addBatchInsured', ({ input, user, files, locale }) =>
    corrections.importFile(user, INSURED, `${I}addBatchInsured`, 'add', read.createInput(input), files[0], locale),
  );
  defineCall(app, services, 'blocLegal/correctInsured/subtractInsured', ({ input, user }) =>
    corrections.subtract(
      user,
      INSURED,
      `${I}subtractInsured`,
      read.createInput(input),
      read.idList(input, 'personIds', 'The people to remove'),
    ),
  );
  defineCall(app, services, 'blocLegal/correctInsured/exchangeInsured', ({ input, user }) =>
    corrections.exchange(
      user,
      INSURED,
      `${I}exchangeInsured`,
      read.createInput(input),
      read.personId(input),
      read.personInput(input),
    ),
  );
  defineCall(app, services, 'blocLegal/correctInsured/modifyInsured', ({ input, user }) => {
    const opt = (name: string, label: string, max = 60) =>
      name in input ? text(input, name, label, { max }) : undefined;
    const change = {
      name: opt('name', 'The name'),
      phone: opt('phone', 'The phone number', 20),
      employeeNo: opt('employeeNo', 'The employee number', 40),
      department: opt('department', 'The department', 80),
      occupationCode: opt('occupationCode', 'The occupation', 20),
      bankName: opt('bankName', 'The bank name', 80),
      bankAccount: opt('bankAccount', 'The bank account', 40),
    };
    return corrections.modify(
      user,
      INSURED,
      `${I}modifyInsured`,
      read.createInput(input),
      change,
      read.personId(input),
    );
  });
  defineCall(app, services, 'blocLegal/correctInsured/subtractInsuredUpload', ({ input, user, files, locale }) =>
    corrections.importFile(
      user,
      INSURED,
      `${I}subtractInsuredUpload`,
      'subtract',
      read.createInput(input),
      files[0],
      locale,
    ),
  );
  defineCall(app, services, 'blocLegal/correctInsured/exchangeInsuredUpload', ({ input, user, files, locale }) =>
    corrections.importFile(
      user,
      INSURED,
      `${I}exchangeInsuredUpload`,
      'exchange',
      read.createInput(input),
      files[0],
      locale,
    ),
  );

  defineCall(app, services, 'blocLegal/correctInsured/downloadExcelTemplate', ({ input, user, locale }) =>
    templateFile(services, user, locale, 'add', input, INSURED),
  );
  defineCall(app, services, 'blocLegal/correctInsured/insuredDownErrorExcel', ({ input, user, locale }) =>
    errorFile(services, user, locale, input, INSURED),
  );

  defineCall(app, services, 'blocLegal/correctInsured/insuredApplyBusinessApprove', ({ input, user }) =>
    corrections.applyForApproval(
      user,
      INSURED,
      `${I}insuredApplyBusinessApprove`,
      read.correctionId(input),
      input.idempotencyKey ?? '',
    ),
  );
  defineCall(app, services, 'blocLegal/correctInsured/delInsuredCorrectRecord', ({ input, user }) =>
    corrections.cancel(user, read.correctionId(input), INSURED),
  );
  defineCall(app, services, 'blocLegal/correctInsured/getInsuredPayLink', ({ input, user }) =>
    payments.link(user, INSURED, `${I}getInsuredPayLink`, read.correctionId(input), input.idempotencyKey ?? ''),
  );
  defineCall(app, services, 'blocLegal/correctInsured/updateInsuredPayType', ({ input, user }) =>
    payments.setPayType(user, INSURED, read.correctionId(input), read.payType(input)),
  );

  // The cashier's notification: no session; trusted only through the payment's signature.
  defineAnonymousCall(app, services, 'blocLegal/correctInsured/InsuredPayNotify', async ({ input }) => {
    const { accepted, payStatus } = await payments.notify(read.notifyInput(input));
    return { accepted, payStatus };
  });
}
