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
        checkGroupEmployeeCorrect: call.mutation('blocLegal/employee/checkGroupEmployeeCorrect', {
          silent,
          invalidatesTags: [records],
        }),
        checkInsuredCorrect: call.mutation('blocLegal/correctInsured/checkInsuredCorrect', {
          silent,
          invalidatesTags: [records],
        }),

        // ---- editing the draft
        addSingleEmployee: call.mutation('blocLegal/employee/addSingleEmployee', { silent, invalidatesTags: changed }),
        addSingleEmployeeNew: call.mutation('blocLegal/employee/addSingleEmployeeNew', {
          silent,
          invalidatesTags: changed,
        }),
        addBatchEmployee: call.upload('blocLegal/employee/addBatchEmployee', { silent, invalidatesTags: changed }),
        addBatchEmployeeNew: call.upload('blocLegal/employee/addBatchEmployeeNew', {
          silent,
          invalidatesTags: changed,
        }),
        subtractEmployee: call.mutation('blocLegal/employee/subtractEmployee', { silent, invalidatesTags: changed }),
        exchangeEmployee: call.mutation('blocLegal/employee/exchangeEmployee', { silent, invalidatesTags: changed }),
        exchangeEmployeeNew: call.mutation('blocLegal/employee/exchangeEmployeeNew', {
          silent,
          invalidatesTags: changed,
        }),
        groupSubtractUpload: call.upload('blocLegal/employee/groupSubtractUpload', {
          silent,
          invalidatesTags: changed,
        }),
        groupExchangeUpload: call.upload('blocLegal/employee/groupExchangeUpload', {
          silent,
          invalidatesTags: changed,
        }),
        removeCorrectItem: call.mutation('blocLegal/employee/removeCorrectItem', { silent, invalidatesTags: changed }),
        /** The whole roster compared with the insured list (nothing changes until reconcileCorrect). */
        reconcileRoster: call.upload('blocLegal/employee/reconcileRoster', { silent }),
        reconcileCorrect: call.mutation('blocLegal/employee/reconcileCorrect', { silent, invalidatesTags: changed }),
        addSingleInsured: call.mutation('blocLegal/correctInsured/addSingleInsured', {
          silent,
          invalidatesTags: changed,
        }),
        addBatchInsured: call.upload('blocLegal/correctInsured/addBatchInsured', { silent, invalidatesTags: changed }),
        subtractInsured: call.mutation('blocLegal/correctInsured/subtractInsured', {
          silent,
          invalidatesTags: changed,
        }),
        exchangeInsured: call.mutation('blocLegal/correctInsured/exchangeInsured', {
          silent,
          invalidatesTags: changed,
        }),
        modifyInsured: call.mutation('blocLegal/correctInsured/modifyInsured', { silent, invalidatesTags: changed }),
        subtractInsuredUpload: call.upload('blocLegal/correctInsured/subtractInsuredUpload', {
          silent,
          invalidatesTags: changed,
        }),
        exchangeInsuredUpload: call.upload('blocLegal/correctInsured/exchangeInsuredUpload', {
          silent,
          invalidatesTags: changed,
        }),

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
        underwriting: call.mutation('blocLegal/employee/underwriting', { silent, invalidatesTags: [records] }),
        selectOrderScenario: call.mutation('blocLegal/employee/selectOrderScenario', {
          silent,
          invalidatesTags: [records],
        }),
        applyBusinessApprove: call.mutation('blocLegal/employee/applyBusinessApprove', {
          silent,
          invalidatesTags: changed,
        }),
        groupApplyBusinessApprove: call.mutation('blocLegal/employee/groupApplyBusinessApprove', {
          silent,
          invalidatesTags: changed,
        }),
        insuredApplyBusinessApprove: call.mutation('blocLegal/correctInsured/insuredApplyBusinessApprove', {
          silent,
          invalidatesTags: changed,
        }),
        correctRecordList: call.query('blocLegal/employee/correctRecordList', { providesTags: [records] }),
        /** The flows read it fresh (forceRefetch) to put themselves where the gateway says the correction is. */
        correctDetail: call.query('blocLegal/employee/correctDetail', { providesTags: [records], silent }),
        /** A correction's own history in the company's activity log. */
        correctionHistory: call.query('blocLegal/audit/list', { providesTags: [records], silent }),
        delCorrectRecord: call.mutation('blocLegal/employee/delCorrectRecord', { silent, invalidatesTags: changed }),
        /** A second person returns a correction to its preparer (the refusal shown by the portal's error handler). */
        returnCorrection: call.mutation('blocLegal/employee/returnCorrection', { invalidatesTags: changed }),
        delInsuredCorrectRecord: call.mutation('blocLegal/correctInsured/delInsuredCorrectRecord', {
          silent,
          invalidatesTags: changed,
        }),

        // ---- payment
        getPaymentLink: call.mutation('blocLegal/employee/getPaymentLink', { silent, invalidatesTags: [records] }),
        getInsuredPayLink: call.mutation('blocLegal/correctInsured/getInsuredPayLink', {
          silent,
          invalidatesTags: [records],
        }),
        /** Polled by the flows (never under the loading overlay: the contract exempts it). */
        getPayStatus: call.mutation('blocLegal/employee/getPayStatus', { silent }),
        updatePayType: call.mutation('blocLegal/employee/updatePayType', { silent, invalidatesTags: [records] }),
        downloadPaymentNotice: call.download('blocLegal/employee/downloadPaymentNotice'),
        uploadTransferReceipt: call.upload('blocLegal/employee/uploadTransferReceipt', { silent }),
        updateInsuredPayType: call.mutation('blocLegal/correctInsured/updateInsuredPayType', {
          silent,
          invalidatesTags: [records],
        }),
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
