/**
 * Every employee/ and correctInsured/ call the portal makes (and the gateway's own correction calls
 * of the contract), each named once: request and answer types come from the call's name. Lists
 * provide tags; every change invalidates the lists it changes, so the records page, the roster and an
 * open correction refresh after an edit, an approval or a payment. The flows show their calls'
 * failures themselves (silent).
 */
import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

const CORRECTION_TAGS = ['Correction', 'Roster', 'CorrectablePolicy'] as const;
/** The policies' views (lists, details, the home's counts, insurance records) a paid correction changes. */
const POLICY_TAGS = ['Policy', 'InsuranceRecord'] as const;
type Tag = { type: (typeof CORRECTION_TAGS)[number]; id: string | number };
const records: Tag = { type: 'Correction', id: 'LIST' };
const roster: Tag = { type: 'Roster', id: 'LIST' };
const policies: Tag = { type: 'CorrectablePolicy', id: 'LIST' };
/** What any change to a correction may change. */
const changed: Tag[] = [records, roster, policies];
const silent = true;
/** A change to a correction's people: it may change the records, the roster and the policies' list. */
const aChange = { silent, invalidatesTags: changed };
/** A step of a correction (its check, price, scenario, payment link): only the records show it. */
const aRecordStep = { silent, invalidatesTags: [records] };

export const correctionApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: [...CORRECTION_TAGS, ...POLICY_TAGS] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = gatewayEndpoints(build);
      return {
        // ---- policies and rosters
        correctablePolicies: call.query('blocLegal/employee/correctablePolicies', { providesTags: [policies] }),
        employeeList: call.query('blocLegal/employee/employeeList', { providesTags: [roster] }),
        employeeListNew: call.query('blocLegal/employee/employeeListNew', { providesTags: [roster] }),
        getInsuranceList: call.query('blocLegal/correctInsured/getInsuranceList', { providesTags: [roster] }),
        employeeDetailNew: call.query('blocLegal/employee/employeeDetailNew', { providesTags: [roster] }),
        getInsuranceDetail: call.query('blocLegal/correctInsured/getInsuranceDetail', { providesTags: [roster] }),
        bankInfo: call.query('blocLegal/employee/bankInfo'),
        insuredBankInfo: call.query('blocLegal/correctInsured/insuredBankInfo'),
        insuredAccountInfo: call.query('blocLegal/correctInsured/insuredAccountInfo'),
        getRiskCategories: call.query('blocLegal/employee/getRiskCategories'),
        getInsuranceRiskCategories: call.query('blocLegal/correctInsured/getInsuranceRiskCategories'),
        likeOccupation: call.query('blocLegal/employee/likeOccupation'),
        likeProfession: call.query('blocLegal/correctInsured/likeProfession'),

        // ---- checks
        checkBeforeCorrect: call.mutation('blocLegal/employee/checkBeforeCorrect', { silent }),
        checkGroupEmployeeCorrect: call.mutation('blocLegal/employee/checkGroupEmployeeCorrect', aRecordStep),
        checkInsuredCorrect: call.mutation('blocLegal/correctInsured/checkInsuredCorrect', aRecordStep),

        // ---- editing the draft
        addSingleEmployee: call.mutation('blocLegal/employee/addSingleEmployee', aChange),
        addSingleEmployeeNew: call.mutation('blocLegal/employee/addSingleEmployeeNew', aChange),
        addBatchEmployee: call.upload('blocLegal/employee/addBatchEmployee', aChange),
        addBatchEmployeeNew: call.upload('blocLegal/employee/addBatchEmployeeNew', aChange),
        subtractEmployee: call.mutation('blocLegal/employee/subtractEmployee', aChange),
        exchangeEmployee: call.mutation('blocLegal/employee/exchangeEmployee', aChange),
        exchangeEmployeeNew: call.mutation('blocLegal/employee/exchangeEmployeeNew', aChange),
        groupSubtractUpload: call.upload('blocLegal/employee/groupSubtractUpload', aChange),
        groupExchangeUpload: call.upload('blocLegal/employee/groupExchangeUpload', aChange),
        removeCorrectItem: call.mutation('blocLegal/employee/removeCorrectItem', aChange),
        /** The whole roster compared with the insured list (nothing changes until reconcileCorrect). */
        reconcileRoster: call.upload('blocLegal/employee/reconcileRoster', { silent }),
        reconcileCorrect: call.mutation('blocLegal/employee/reconcileCorrect', aChange),
        addSingleInsured: call.mutation('blocLegal/correctInsured/addSingleInsured', aChange),
        addBatchInsured: call.upload('blocLegal/correctInsured/addBatchInsured', aChange),
        subtractInsured: call.mutation('blocLegal/correctInsured/subtractInsured', aChange),
        exchangeInsured: call.mutation('blocLegal/correctInsured/exchangeInsured', aChange),
        modifyInsured: call.mutation('blocLegal/correctInsured/modifyInsured', aChange),
        subtractInsuredUpload: call.upload('blocLegal/correctInsured/subtractInsuredUpload', aChange),
        exchangeInsuredUpload: call.upload('blocLegal/correctInsured/exchangeInsuredUpload', aChange),

        // ---- files (saved by the browser; only the file name reaches the store)
        downImportEmployeeExcel: call.download('blocLegal/employee/downImportEmployeeExcel'),
        downloadGroupSubtractTemplate: call.download('blocLegal/employee/downloadGroupSubtractTemplate'),
        downloadGroupExchangeTemplate: call.download('blocLegal/employee/downloadGroupExchangeTemplate'),
        downloadErrorExcel: call.download('blocLegal/employee/downloadErrorExcel'),
        downloadErrorExcelNew: call.download('blocLegal/employee/downloadErrorExcelNew'),
        downloadEndorsement: call.download('blocLegal/employee/downloadEndorsement'),
        downloadEmployeeListExcel: call.download('blocLegal/employee/downloadEmployeeListExcel'),
        certificate: call.download('blocLegal/employee/certificate'),
        certificates: call.download('blocLegal/employee/certificates'),
        downloadExcelTemplate: call.download('blocLegal/correctInsured/downloadExcelTemplate'),
        insuredDownErrorExcel: call.download('blocLegal/correctInsured/insuredDownErrorExcel'),

        // ---- underwriting, approval, records
        underwriting: call.mutation('blocLegal/employee/underwriting', aRecordStep),
        selectOrderScenario: call.mutation('blocLegal/employee/selectOrderScenario', aRecordStep),
        applyBusinessApprove: call.mutation('blocLegal/employee/applyBusinessApprove', aChange),
        groupApplyBusinessApprove: call.mutation('blocLegal/employee/groupApplyBusinessApprove', aChange),
        insuredApplyBusinessApprove: call.mutation('blocLegal/correctInsured/insuredApplyBusinessApprove', aChange),
        correctRecordList: call.query('blocLegal/employee/correctRecordList', { providesTags: [records] }),
        /** The flows read it fresh (forceRefetch) to put themselves where the gateway says the correction is. */
        correctDetail: call.query('blocLegal/employee/correctDetail', { providesTags: [records], silent }),
        /** A correction's own history in the company's activity log. */
        correctionHistory: call.query('blocLegal/audit/list', { providesTags: [records], silent }),
        delCorrectRecord: call.mutation('blocLegal/employee/delCorrectRecord', aChange),
        /** A second person returns a correction to its preparer (the refusal shown by the portal's error handler). */
        returnCorrection: call.mutation('blocLegal/employee/returnCorrection', { invalidatesTags: changed }),
        delInsuredCorrectRecord: call.mutation('blocLegal/correctInsured/delInsuredCorrectRecord', aChange),

        // ---- payment
        getPaymentLink: call.mutation('blocLegal/employee/getPaymentLink', aRecordStep),
        getInsuredPayLink: call.mutation('blocLegal/correctInsured/getInsuredPayLink', aRecordStep),
        /** Polled by the flows (never under the loading overlay: the contract exempts it). */
        getPayStatus: call.mutation('blocLegal/employee/getPayStatus', { silent }),
        updatePayType: call.mutation('blocLegal/employee/updatePayType', aRecordStep),
        downloadPaymentNotice: call.download('blocLegal/employee/downloadPaymentNotice'),
        uploadTransferReceipt: call.upload('blocLegal/employee/uploadTransferReceipt', { silent }),
        updateInsuredPayType: call.mutation('blocLegal/correctInsured/updateInsuredPayType', aRecordStep),
      };
    },
  });

export const {
  useReturnCorrectionMutation,
  useCorrectablePoliciesQuery,
  useEmployeeListQuery,
  useEmployeeListNewQuery,
  useGetInsuranceListQuery,
  useEmployeeDetailNewQuery,
  useGetInsuranceDetailQuery,
  useBankInfoQuery,
  useInsuredBankInfoQuery,
  useInsuredAccountInfoQuery,
  useLikeOccupationQuery,
  useLikeProfessionQuery,
  useCorrectRecordListQuery,
  useCorrectDetailQuery,
  useCorrectionHistoryQuery,
  useDelCorrectRecordMutation,
  useDelInsuredCorrectRecordMutation,
  useDownloadEmployeeListExcelMutation,
  useCertificateMutation,
  useCertificatesMutation,
  useDownImportEmployeeExcelMutation,
  useDownloadExcelTemplateMutation,
  useDownloadGroupSubtractTemplateMutation,
  useDownloadGroupExchangeTemplateMutation,
  useDownloadErrorExcelMutation,
  useDownloadErrorExcelNewMutation,
  useInsuredDownErrorExcelMutation,
  useDownloadEndorsementMutation,
  useDownloadPaymentNoticeMutation,
  useUploadTransferReceiptMutation,
  useReconcileRosterMutation,
  useReconcileCorrectMutation,
} = correctionApi;

/** Every view a settled payment of a correction changes: its records, the roster, the policies, the home. */
export const paymentSettledTags = [...changed, ...POLICY_TAGS, { type: 'Policy' as const, id: 'LIST' }];
