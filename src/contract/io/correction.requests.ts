/**
 * Request schemas of the correction calls: employee/... (employee-list and, in the ...New calls,
 * employer policies) and correctInsured/... (insured-person policies). Decoded at the gateway's door;
 * the portal's requests are typed by them. Lists and the changes of a person travel as JSON in one
 * form field. An upload's file is not a field of its schema (multipart field `file`).
 */
import type { Static } from 'typebox';
import { CORRECTION_KINDS, CORRECTION_STATES, CORRECTION_VARIANTS, InsuredState } from '../states';
import { Flag12, Id, IdList, Int, IsoDate, OneOf, Text, Type, paging } from '../fields';
import { personFields } from '../person';

/** Certificates of insurance one zip holds at most (a larger policy is downloaded in parts). */
export const CERTIFICATES_PER_ZIP = 300;

/** A key the portal makes once per user action (8-64 of A-Z a-z 0-9 _ -): a repeat does the action once. */
const ActionKey = () =>
  Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', errorKey: 'correction.badKey' });

const Variant = () => OneOf(CORRECTION_VARIANTS);
const Kind = () => OneOf(CORRECTION_KINDS);

/** Fields of every call that creates or changes a draft. */
const createBase = () => ({
  policyId: Id(),
  /** Continue this draft; left out, a new one is started (refused while the policy has an open one). */
  correctionId: Type.Optional(Id()),
  /** Required when a draft is created; given later, it moves the draft's date (back to draft). */
  effectiveDate: Type.Optional(IsoDate()),
  idempotencyKey: ActionKey(),
});

/** A page of a policy's roster (and the roster export, without the page). */
const rosterFilter = () => ({
  policyId: Id(),
  /** Name, ID number or employee number (contains). */
  keyword: Type.Optional(Text(40)),
  /** Insured (default) or removed. */
  state: Type.Optional(Type.Union([Type.Literal(InsuredState.insured), Type.Literal(InsuredState.removed)])),
  /** Only people of this risk category (employer and insured policies). */
  riskCategory: Type.Optional(Int(1, 6)),
});
const RosterPage = () => Type.Object({ ...rosterFilter(), ...paging() });

const PersonRef = () => Type.Object({ personId: Id() });
const PolicyRef = () => Type.Object({ policyId: Id() });
const CorrectionRef = () => Type.Object({ correctionId: Id() });
/** A correction and a page of its lines (default 1 and 50, at most 500 a page). */
const CorrectionPage = () => Type.Object({ correctionId: Id(), ...paging(500) });
const ImportRef = () => Type.Object({ importId: Id() });
/** The template's columns follow the policy's roster; without a policy, newFlag 1 asks for the employer template. */
const TemplateQuery = () => Type.Object({ policyId: Type.Optional(Id()), newFlag: Type.Optional(Flag12()) });
const OccupationQuery = () =>
  Type.Object({ keyword: Text(40), policyId: Type.Optional(Id()), limit: Type.Optional(Int(1, 50)) });
const CheckBefore = () => Type.Object({ policyId: Id(), kind: Kind(), effectiveDate: Type.Optional(IsoDate()) });

const AddPerson = () => Type.Object({ ...createBase(), ...personFields() });
/** An upload's fields; the file itself is the multipart field `file`. */
const Upload = () => Type.Object(createBase());
const Subtract = () => Type.Object({ ...createBase(), personIds: IdList(10_000) });
/** The roster person leaving (personId) and the person joining. */
const Exchange = () => Type.Object({ ...createBase(), personId: Id(), ...personFields() });
const Approval = () => Type.Object({ correctionId: Id(), idempotencyKey: ActionKey() });
/** Certificates of insurance as one zip: the people chosen, or (whole = 1) everyone insured on the policy. */
const Certificates = () =>
  Type.Object({
    policyId: Id(),
    personIds: Type.Optional(IdList(CERTIFICATES_PER_ZIP)),
    whole: Type.Optional(Type.Literal(1)),
  });
const PayType = () => Type.Object({ correctionId: Id(), payType: OneOf(['online', 'transfer'] as const) });

/** What a modification changes; an empty text clears an optional field. */
const PersonChange = () =>
  Type.Object(
    {
      name: Type.Optional(Text(60)),
      phone: Type.Optional(Type.String({ maxLength: 20 })),
      employeeNo: Type.Optional(Type.String({ maxLength: 40 })),
      department: Type.Optional(Type.String({ maxLength: 80 })),
      occupationCode: Type.Optional(Type.String({ maxLength: 20 })),
      bankName: Type.Optional(Type.String({ maxLength: 80 })),
      bankAccount: Type.Optional(Type.String({ maxLength: 40 })),
    },
    { additionalProperties: false },
  );

export const correctionRequests = {
  // ---- policies and rosters
  /** The policies in force with a roster (of a kind); with policyNo, that policy whatever its state. */
  'blocLegal/employee/correctablePolicies': Type.Object({
    variant: Type.Optional(Variant()),
    policyNo: Type.Optional(Text(40)),
  }),
  'blocLegal/employee/employeeList': RosterPage(),
  'blocLegal/employee/employeeListNew': RosterPage(),
  'blocLegal/employee/employeeDetailNew': PersonRef(),
  'blocLegal/employee/bankInfo': PersonRef(),
  'blocLegal/employee/getRiskCategories': PolicyRef(),
  'blocLegal/employee/likeOccupation': OccupationQuery(),
  'blocLegal/employee/downloadEmployeeListExcel': Type.Object(rosterFilter()),
  'blocLegal/correctInsured/getInsuranceList': RosterPage(),
  'blocLegal/correctInsured/getInsuranceDetail': PersonRef(),
  'blocLegal/correctInsured/insuredBankInfo': PersonRef(),
  'blocLegal/correctInsured/insuredAccountInfo': PolicyRef(),
  'blocLegal/correctInsured/getInsuranceRiskCategories': PolicyRef(),
  'blocLegal/correctInsured/likeProfession': OccupationQuery(),

  // ---- checks
  'blocLegal/employee/checkBeforeCorrect': CheckBefore(),
  'blocLegal/employee/checkGroupEmployeeCorrect': CorrectionRef(),
  /** With correctionId: the draft's checks and premium; with policyId and kind: as checkBeforeCorrect. */
  'blocLegal/correctInsured/checkInsuredCorrect': Type.Object({
    correctionId: Type.Optional(Id()),
    policyId: Type.Optional(Id()),
    kind: Type.Optional(Kind()),
    effectiveDate: Type.Optional(IsoDate()),
    ...paging(500),
  }),

  // ---- editing the draft
  'blocLegal/employee/addSingleEmployee': AddPerson(),
  'blocLegal/employee/addSingleEmployeeNew': AddPerson(),
  'blocLegal/employee/addBatchEmployee': Upload(),
  'blocLegal/employee/addBatchEmployeeNew': Upload(),
  'blocLegal/employee/subtractEmployee': Subtract(),
  'blocLegal/employee/exchangeEmployee': Exchange(),
  'blocLegal/employee/exchangeEmployeeNew': Exchange(),
  'blocLegal/employee/groupSubtractUpload': Upload(),
  'blocLegal/employee/groupExchangeUpload': Upload(),
  'blocLegal/employee/removeCorrectItem': Type.Object({ correctionId: Id(), itemIds: IdList(10_000) }),
  'blocLegal/employee/certificate': PersonRef(),
  'blocLegal/employee/certificates': Certificates(),
  'blocLegal/correctInsured/addSingleInsured': AddPerson(),
  'blocLegal/correctInsured/addBatchInsured': Upload(),
  'blocLegal/correctInsured/subtractInsured': Subtract(),
  'blocLegal/correctInsured/exchangeInsured': Exchange(),
  'blocLegal/correctInsured/modifyInsured': Type.Object({ ...createBase(), personId: Id(), changes: PersonChange() }),
  'blocLegal/correctInsured/subtractInsuredUpload': Upload(),
  'blocLegal/correctInsured/exchangeInsuredUpload': Upload(),
  /**
   * The company's whole current roster (multipart field `file`) compared with the policy's insured
   * list, priced as at the effective date (left out: the earliest allowed).
   */
  'blocLegal/employee/reconcileRoster': Type.Object({ policyId: Id(), effectiveDate: Type.Optional(IsoDate()) }),
  /**
   * The people ticked on a reconciliation made into one correction: joiners by their row in the file,
   * leavers and changed people by their roster id.
   */
  'blocLegal/employee/reconcileCorrect': Type.Object({
    reconciliationId: Id(),
    joinerRows: Type.Optional(IdList(10_100)),
    leaverIds: Type.Optional(IdList(10_000)),
    changeIds: Type.Optional(IdList(10_000)),
    idempotencyKey: ActionKey(),
  }),

  // ---- files
  'blocLegal/employee/downImportEmployeeExcel': TemplateQuery(),
  'blocLegal/employee/downloadGroupSubtractTemplate': TemplateQuery(),
  'blocLegal/employee/downloadGroupExchangeTemplate': TemplateQuery(),
  'blocLegal/employee/downloadErrorExcel': ImportRef(),
  'blocLegal/employee/downloadErrorExcelNew': ImportRef(),
  'blocLegal/employee/downloadEndorsement': CorrectionRef(),
  'blocLegal/correctInsured/downloadExcelTemplate': TemplateQuery(),
  'blocLegal/correctInsured/insuredDownErrorExcel': ImportRef(),

  // ---- underwriting, approval, records
  'blocLegal/employee/underwriting': CorrectionPage(),
  'blocLegal/employee/selectOrderScenario': Type.Object({
    correctionId: Id(),
    scenario: Type.Optional(OneOf(['online', 'transfer', 'refund', 'none'] as const)),
  }),
  'blocLegal/employee/applyBusinessApprove': Approval(),
  'blocLegal/employee/groupApplyBusinessApprove': Approval(),
  'blocLegal/correctInsured/insuredApplyBusinessApprove': Approval(),
  'blocLegal/employee/correctRecordList': Type.Object({
    policyId: Type.Optional(Id()),
    state: Type.Optional(OneOf(CORRECTION_STATES)),
    /** Any of these states (a JSON list): the portal's filters group the states as people name them. */
    states: Type.Optional(Type.Array(OneOf(CORRECTION_STATES), { minItems: 1, maxItems: CORRECTION_STATES.length })),
    variant: Type.Optional(Variant()),
    /**
     * Only what waits for the user asking as the second person (two-person approval on): corrections
     * another user prepared, to be sent for approval or paid; none while the company has it off.
     */
    waitingForMe: Type.Optional(Type.Boolean()),
    ...paging(),
  }),
  'blocLegal/employee/correctDetail': CorrectionPage(),
  'blocLegal/employee/delCorrectRecord': CorrectionRef(),
  /** A second person returns a correction waiting to be sent for approval to its preparer, with why (any kind). */
  'blocLegal/employee/returnCorrection': Type.Object({ correctionId: Id(), reason: Text(200) }),
  'blocLegal/correctInsured/delInsuredCorrectRecord': CorrectionRef(),

  // ---- payment
  'blocLegal/employee/getPaymentLink': Approval(),
  'blocLegal/correctInsured/getInsuredPayLink': Approval(),
  'blocLegal/employee/getPayStatus': CorrectionRef(),
  'blocLegal/employee/updatePayType': PayType(),
  'blocLegal/employee/downloadPaymentNotice': CorrectionRef(),
  /** The receipt itself is the multipart field `file` (a picture or a PDF). */
  'blocLegal/employee/uploadTransferReceipt': CorrectionRef(),
  'blocLegal/correctInsured/updateInsuredPayType': PayType(),
  /** The cashier's notification (no session): trusted only through its signature. */
  'blocLegal/correctInsured/InsuredPayNotify': Type.Object({
    paymentNo: Text(40),
    result: OneOf(['paid', 'failed'] as const),
    amountFen: Int(-1_000_000_000_000, 1_000_000_000_000),
    /** A unique id of this notification from the cashier. */
    notifyId: Text(64),
    /** hex HMAC-SHA256 of `${paymentNo}|${result}|${amountFen}|${notifyId}` under the payment's secret. */
    sign: Text(128),
  }),
};

type R = typeof correctionRequests;
export type PayNotifyReq = Static<R['blocLegal/correctInsured/InsuredPayNotify']>;
export type ModifyReq = Static<R['blocLegal/correctInsured/modifyInsured']>;
export type RosterQuery = Static<R['blocLegal/employee/employeeList']>;
/** Fields every draft-changing call carries. */
export type CreateBase = Static<ReturnType<typeof Upload>>;
