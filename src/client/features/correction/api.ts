/**
 * Every employee/ and correctInsured/ call of issue 5 (and the gateway's own correction calls of the
 * contract) as RTK Query endpoints. Lists provide tags; every change invalidates the lists it changes,
 * so the records page, the roster and an open correction refresh after an edit, an approval or a payment.
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import type { CallName } from '../../../contract/calls';
import type { Req, Res } from '../../../contract/io';
import { downloadQueryFn } from '../../api/download';
import { gatewayApi } from '../../api/gatewayApi';
import { request } from '../../api/request';

const CORRECTION_TAGS = ['Correction', 'Roster', 'CorrectablePolicy'] as const;

type Tag = { type: (typeof CORRECTION_TAGS)[number]; id: string | number };
const records: Tag = { type: 'Correction', id: 'LIST' };
const roster: Tag = { type: 'Roster', id: 'LIST' };
const policies: Tag = { type: 'CorrectablePolicy', id: 'LIST' };
/** What any change to a correction may change. */
const changed: Tag[] = [records, roster, policies];

/** An upload's request: the values of the call and the file (kept out of the cache: mutations only). */
export type UploadArgs<N extends CallName> = Omit<Req<N>, 'file'> & { file: Blob | File };
const uploadQuery =
  <N extends CallName>(call: N) =>
  ({ file, ...values }: { file: Blob | File } & Record<string, unknown>) =>
    request(call, values, { files: { file } });

/** A file download (saved by the browser; only its name reaches the store). */
const download = (call: CallName) => {
  const fn = downloadQueryFn(call);
  return (args: object, api: BaseQueryApi) => fn(args as Record<string, unknown>, api);
};
/** A file download: the name of the saved file. */
type Saved = { filename: string };

const enhanced = gatewayApi.enhanceEndpoints({ addTagTypes: [...CORRECTION_TAGS] });

export const correctionApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    // ---- policies and rosters
    correctablePolicies: build.query<
      Res<'blocLegal/employee/correctablePolicies'>,
      Req<'blocLegal/employee/correctablePolicies'>
    >({
      query: (args) => request('blocLegal/employee/correctablePolicies', args),
      providesTags: [policies],
    }),
    employeeList: build.query<Res<'blocLegal/employee/employeeList'>, Req<'blocLegal/employee/employeeList'>>({
      query: (args) => request('blocLegal/employee/employeeList', args),
      providesTags: [roster],
    }),
    employeeListNew: build.query<Res<'blocLegal/employee/employeeListNew'>, Req<'blocLegal/employee/employeeListNew'>>({
      query: (args) => request('blocLegal/employee/employeeListNew', args),
      providesTags: [roster],
    }),
    employeeDetailNew: build.query<
      Res<'blocLegal/employee/employeeDetailNew'>,
      Req<'blocLegal/employee/employeeDetailNew'>
    >({
      query: (args) => request('blocLegal/employee/employeeDetailNew', args),
      providesTags: (_r, _e, a) => [{ type: 'Roster', id: a.personId }],
    }),
    bankInfo: build.query<Res<'blocLegal/employee/bankInfo'>, Req<'blocLegal/employee/bankInfo'>>({
      query: (args) => request('blocLegal/employee/bankInfo', args),
    }),
    getRiskCategories: build.query<
      Res<'blocLegal/employee/getRiskCategories'>,
      Req<'blocLegal/employee/getRiskCategories'>
    >({
      query: (args) => request('blocLegal/employee/getRiskCategories', args),
    }),
    likeOccupation: build.query<Res<'blocLegal/employee/likeOccupation'>, Req<'blocLegal/employee/likeOccupation'>>({
      query: (args) => request('blocLegal/employee/likeOccupation', args),
    }),
    getInsuranceList: build.query<
      Res<'blocLegal/correctInsured/getInsuranceList'>,
      Req<'blocLegal/correctInsured/getInsuranceList'>
    >({
      query: (args) => request('blocLegal/correctInsured/getInsuranceList', args),
      providesTags: [roster],
    }),
    getInsuranceDetail: build.query<
      Res<'blocLegal/correctInsured/getInsuranceDetail'>,
      Req<'blocLegal/correctInsured/getInsuranceDetail'>
    >({
      query: (args) => request('blocLegal/correctInsured/getInsuranceDetail', args),
      providesTags: (_r, _e, a) => [{ type: 'Roster', id: a.personId }],
    }),
    insuredBankInfo: build.query<
      Res<'blocLegal/correctInsured/insuredBankInfo'>,
      Req<'blocLegal/correctInsured/insuredBankInfo'>
    >({
      query: (args) => request('blocLegal/correctInsured/insuredBankInfo', args),
    }),
    insuredAccountInfo: build.query<
      Res<'blocLegal/correctInsured/insuredAccountInfo'>,
      Req<'blocLegal/correctInsured/insuredAccountInfo'>
    >({
      query: (args) => request('blocLegal/correctInsured/insuredAccountInfo', args),
    }),
    getInsuranceRiskCategories: build.query<
      Res<'blocLegal/correctInsured/getInsuranceRiskCategories'>,
      Req<'blocLegal/correctInsured/getInsuranceRiskCategories'>
    >({
      query: (args) => request('blocLegal/correctInsured/getInsuranceRiskCategories', args),
    }),
    likeProfession: build.query<
      Res<'blocLegal/correctInsured/likeProfession'>,
      Req<'blocLegal/correctInsured/likeProfession'>
    >({
      query: (args) => request('blocLegal/correctInsured/likeProfession', args),
    }),

    // ---- checks (the flows show refusals themselves: silent)
    checkBeforeCorrect: build.mutation<
      Res<'blocLegal/employee/checkBeforeCorrect'>,
      Req<'blocLegal/employee/checkBeforeCorrect'>
    >({
      query: (args) => request('blocLegal/employee/checkBeforeCorrect', args, { silent: true }),
    }),
    checkGroupEmployeeCorrect: build.mutation<
      Res<'blocLegal/employee/checkGroupEmployeeCorrect'>,
      Req<'blocLegal/employee/checkGroupEmployeeCorrect'>
    >({
      query: (args) => request('blocLegal/employee/checkGroupEmployeeCorrect', args, { silent: true }),
      invalidatesTags: [records],
    }),
    checkInsuredCorrect: build.mutation<
      Res<'blocLegal/correctInsured/checkInsuredCorrect'>,
      Req<'blocLegal/correctInsured/checkInsuredCorrect'>
    >({
      query: (args) => request('blocLegal/correctInsured/checkInsuredCorrect', args, { silent: true }),
      invalidatesTags: [records],
    }),

    // ---- editing the draft
    addSingleEmployee: build.mutation<
      Res<'blocLegal/employee/addSingleEmployee'>,
      Req<'blocLegal/employee/addSingleEmployee'>
    >({
      query: (args) => request('blocLegal/employee/addSingleEmployee', args, { silent: true }),
      invalidatesTags: changed,
    }),
    addSingleEmployeeNew: build.mutation<
      Res<'blocLegal/employee/addSingleEmployeeNew'>,
      Req<'blocLegal/employee/addSingleEmployeeNew'>
    >({
      query: (args) => request('blocLegal/employee/addSingleEmployeeNew', args, { silent: true }),
      invalidatesTags: changed,
    }),
    addBatchEmployee: build.mutation<
      Res<'blocLegal/employee/addBatchEmployee'>,
      UploadArgs<'blocLegal/employee/addBatchEmployee'>
    >({
      query: uploadQuery('blocLegal/employee/addBatchEmployee'),
      invalidatesTags: changed,
    }),
    addBatchEmployeeNew: build.mutation<
      Res<'blocLegal/employee/addBatchEmployeeNew'>,
      UploadArgs<'blocLegal/employee/addBatchEmployeeNew'>
    >({
      query: uploadQuery('blocLegal/employee/addBatchEmployeeNew'),
      invalidatesTags: changed,
    }),
    subtractEmployee: build.mutation<
      Res<'blocLegal/employee/subtractEmployee'>,
      Req<'blocLegal/employee/subtractEmployee'>
    >({
      query: (args) => request('blocLegal/employee/subtractEmployee', args, { silent: true }),
      invalidatesTags: changed,
    }),
    exchangeEmployee: build.mutation<
      Res<'blocLegal/employee/exchangeEmployee'>,
      Req<'blocLegal/employee/exchangeEmployee'>
    >({
      query: (args) => request('blocLegal/employee/exchangeEmployee', args, { silent: true }),
      invalidatesTags: changed,
    }),
    exchangeEmployeeNew: build.mutation<
      Res<'blocLegal/employee/exchangeEmployeeNew'>,
      Req<'blocLegal/employee/exchangeEmployeeNew'>
    >({
      query: (args) => request('blocLegal/employee/exchangeEmployeeNew', args, { silent: true }),
      invalidatesTags: changed,
    }),
    groupSubtractUpload: build.mutation<
      Res<'blocLegal/employee/groupSubtractUpload'>,
      UploadArgs<'blocLegal/employee/groupSubtractUpload'>
    >({
      query: uploadQuery('blocLegal/employee/groupSubtractUpload'),
      invalidatesTags: changed,
    }),
    groupExchangeUpload: build.mutation<
      Res<'blocLegal/employee/groupExchangeUpload'>,
      UploadArgs<'blocLegal/employee/groupExchangeUpload'>
    >({
      query: uploadQuery('blocLegal/employee/groupExchangeUpload'),
      invalidatesTags: changed,
    }),
    removeCorrectItem: build.mutation<
      Res<'blocLegal/employee/removeCorrectItem'>,
      Req<'blocLegal/employee/removeCorrectItem'>
    >({
      query: (args) => request('blocLegal/employee/removeCorrectItem', args, { silent: true }),
      invalidatesTags: changed,
    }),
    addSingleInsured: build.mutation<
      Res<'blocLegal/correctInsured/addSingleInsured'>,
      Req<'blocLegal/correctInsured/addSingleInsured'>
    >({
      query: (args) => request('blocLegal/correctInsured/addSingleInsured', args, { silent: true }),
      invalidatesTags: changed,
    }),
    addBatchInsured: build.mutation<
      Res<'blocLegal/correctInsured/addBatchInsured'>,
      UploadArgs<'blocLegal/correctInsured/addBatchInsured'>
    >({
      query: uploadQuery('blocLegal/correctInsured/addBatchInsured'),
      invalidatesTags: changed,
    }),
    subtractInsured: build.mutation<
      Res<'blocLegal/correctInsured/subtractInsured'>,
      Req<'blocLegal/correctInsured/subtractInsured'>
    >({
      query: (args) => request('blocLegal/correctInsured/subtractInsured', args, { silent: true }),
      invalidatesTags: changed,
    }),
    exchangeInsured: build.mutation<
      Res<'blocLegal/correctInsured/exchangeInsured'>,
      Req<'blocLegal/correctInsured/exchangeInsured'>
    >({
      query: (args) => request('blocLegal/correctInsured/exchangeInsured', args, { silent: true }),
      invalidatesTags: changed,
    }),
    modifyInsured: build.mutation<
      Res<'blocLegal/correctInsured/modifyInsured'>,
      Req<'blocLegal/correctInsured/modifyInsured'>
    >({
      query: (args) => request('blocLegal/correctInsured/modifyInsured', args, { silent: true }),
      invalidatesTags: changed,
    }),
    subtractInsuredUpload: build.mutation<
      Res<'blocLegal/correctInsured/subtractInsuredUpload'>,
      UploadArgs<'blocLegal/correctInsured/subtractInsuredUpload'>
    >({
      query: uploadQuery('blocLegal/correctInsured/subtractInsuredUpload'),
      invalidatesTags: changed,
    }),
    exchangeInsuredUpload: build.mutation<
      Res<'blocLegal/correctInsured/exchangeInsuredUpload'>,
      UploadArgs<'blocLegal/correctInsured/exchangeInsuredUpload'>
    >({
      query: uploadQuery('blocLegal/correctInsured/exchangeInsuredUpload'),
      invalidatesTags: changed,
    }),

    // ---- files
    downImportEmployeeExcel: build.mutation<Saved, Req<'blocLegal/employee/downImportEmployeeExcel'>>({
      queryFn: download('blocLegal/employee/downImportEmployeeExcel'),
    }),
    downloadGroupSubtractTemplate: build.mutation<Saved, Req<'blocLegal/employee/downloadGroupSubtractTemplate'>>({
      queryFn: download('blocLegal/employee/downloadGroupSubtractTemplate'),
    }),
    downloadGroupExchangeTemplate: build.mutation<Saved, Req<'blocLegal/employee/downloadGroupExchangeTemplate'>>({
      queryFn: download('blocLegal/employee/downloadGroupExchangeTemplate'),
    }),
    downloadErrorExcel: build.mutation<Saved, Req<'blocLegal/employee/downloadErrorExcel'>>({
      queryFn: download('blocLegal/employee/downloadErrorExcel'),
    }),
    downloadErrorExcelNew: build.mutation<Saved, Req<'blocLegal/employee/downloadErrorExcelNew'>>({
      queryFn: download('blocLegal/employee/downloadErrorExcelNew'),
    }),
    downloadEndorsement: build.mutation<Saved, Req<'blocLegal/employee/downloadEndorsement'>>({
      queryFn: download('blocLegal/employee/downloadEndorsement'),
    }),
    downloadEmployeeListExcel: build.mutation<Saved, Req<'blocLegal/employee/downloadEmployeeListExcel'>>({
      queryFn: download('blocLegal/employee/downloadEmployeeListExcel'),
    }),
    downloadExcelTemplate: build.mutation<Saved, Req<'blocLegal/correctInsured/downloadExcelTemplate'>>({
      queryFn: download('blocLegal/correctInsured/downloadExcelTemplate'),
    }),
    insuredDownErrorExcel: build.mutation<Saved, Req<'blocLegal/correctInsured/insuredDownErrorExcel'>>({
      queryFn: download('blocLegal/correctInsured/insuredDownErrorExcel'),
    }),

    // ---- underwriting, approval, records
    underwriting: build.mutation<Res<'blocLegal/employee/underwriting'>, Req<'blocLegal/employee/underwriting'>>({
      query: (args) => request('blocLegal/employee/underwriting', args, { silent: true }),
      invalidatesTags: [records],
    }),
    selectOrderScenario: build.mutation<
      Res<'blocLegal/employee/selectOrderScenario'>,
      Req<'blocLegal/employee/selectOrderScenario'>
    >({
      query: (args) => request('blocLegal/employee/selectOrderScenario', args, { silent: true }),
      invalidatesTags: [records],
    }),
    applyBusinessApprove: build.mutation<
      Res<'blocLegal/employee/applyBusinessApprove'>,
      Req<'blocLegal/employee/applyBusinessApprove'>
    >({
      query: (args) => request('blocLegal/employee/applyBusinessApprove', args, { silent: true }),
      invalidatesTags: changed,
    }),
    groupApplyBusinessApprove: build.mutation<
      Res<'blocLegal/employee/groupApplyBusinessApprove'>,
      Req<'blocLegal/employee/groupApplyBusinessApprove'>
    >({
      query: (args) => request('blocLegal/employee/groupApplyBusinessApprove', args, { silent: true }),
      invalidatesTags: changed,
    }),
    insuredApplyBusinessApprove: build.mutation<
      Res<'blocLegal/correctInsured/insuredApplyBusinessApprove'>,
      Req<'blocLegal/correctInsured/insuredApplyBusinessApprove'>
    >({
      query: (args) => request('blocLegal/correctInsured/insuredApplyBusinessApprove', args, { silent: true }),
      invalidatesTags: changed,
    }),
    correctRecordList: build.query<
      Res<'blocLegal/employee/correctRecordList'>,
      Req<'blocLegal/employee/correctRecordList'>
    >({
      query: (args) => request('blocLegal/employee/correctRecordList', args),
      providesTags: [records],
    }),
    correctDetail: build.query<Res<'blocLegal/employee/correctDetail'>, Req<'blocLegal/employee/correctDetail'>>({
      query: (args) => request('blocLegal/employee/correctDetail', args),
      providesTags: (_r, _e, a) => [{ type: 'Correction', id: a.correctionId }],
    }),
    /** The flows read the detail through a mutation so that a restore always asks the gateway. */
    readCorrection: build.mutation<Res<'blocLegal/employee/correctDetail'>, Req<'blocLegal/employee/correctDetail'>>({
      query: (args) => request('blocLegal/employee/correctDetail', args, { silent: true }),
    }),
    delCorrectRecord: build.mutation<
      Res<'blocLegal/employee/delCorrectRecord'>,
      Req<'blocLegal/employee/delCorrectRecord'>
    >({
      query: (args) => request('blocLegal/employee/delCorrectRecord', args, { silent: true }),
      invalidatesTags: (_r, _e, a) => [...changed, { type: 'Correction', id: a.correctionId }],
    }),
    delInsuredCorrectRecord: build.mutation<
      Res<'blocLegal/correctInsured/delInsuredCorrectRecord'>,
      Req<'blocLegal/correctInsured/delInsuredCorrectRecord'>
    >({
      query: (args) => request('blocLegal/correctInsured/delInsuredCorrectRecord', args, { silent: true }),
      invalidatesTags: (_r, _e, a) => [...changed, { type: 'Correction', id: a.correctionId }],
    }),

    // ---- payment
    getPaymentLink: build.mutation<Res<'blocLegal/employee/getPaymentLink'>, Req<'blocLegal/employee/getPaymentLink'>>({
      query: (args) => request('blocLegal/employee/getPaymentLink', args, { silent: true }),
      invalidatesTags: [records],
    }),
    getInsuredPayLink: build.mutation<
      Res<'blocLegal/correctInsured/getInsuredPayLink'>,
      Req<'blocLegal/correctInsured/getInsuredPayLink'>
    >({
      query: (args) => request('blocLegal/correctInsured/getInsuredPayLink', args, { silent: true }),
      invalidatesTags: [records],
    }),
    /** Polled by the machines (never under the loading overlay: the contract exempts it). */
    getPayStatus: build.mutation<Res<'blocLegal/employee/getPayStatus'>, Req<'blocLegal/employee/getPayStatus'>>({
      query: (args) => request('blocLegal/employee/getPayStatus', args, { silent: true }),
    }),
    updatePayType: build.mutation<Res<'blocLegal/employee/updatePayType'>, Req<'blocLegal/employee/updatePayType'>>({
      query: (args) => request('blocLegal/employee/updatePayType', args, { silent: true }),
      invalidatesTags: [records],
    }),
    updateInsuredPayType: build.mutation<
      Res<'blocLegal/correctInsured/updateInsuredPayType'>,
      Req<'blocLegal/correctInsured/updateInsuredPayType'>
    >({
      query: (args) => request('blocLegal/correctInsured/updateInsuredPayType', args, { silent: true }),
      invalidatesTags: [records],
    }),
    /** The cashier's notification; the portal never sends it (the cashier does), declared for completeness. */
    insuredPayNotify: build.mutation<
      Res<'blocLegal/correctInsured/InsuredPayNotify'>,
      Req<'blocLegal/correctInsured/InsuredPayNotify'>
    >({
      query: (args) => request('blocLegal/correctInsured/InsuredPayNotify', args),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useCorrectablePoliciesQuery,
  useEmployeeListQuery,
  useEmployeeListNewQuery,
  useGetInsuranceListQuery,
  useEmployeeDetailNewQuery,
  useGetInsuranceDetailQuery,
  useBankInfoQuery,
  useInsuredBankInfoQuery,

  useLikeOccupationQuery,
  useLikeProfessionQuery,
  useCorrectRecordListQuery,
  useCorrectDetailQuery,
  useDelCorrectRecordMutation,
  useDelInsuredCorrectRecordMutation,
  useDownloadEmployeeListExcelMutation,
  useDownImportEmployeeExcelMutation,
  useDownloadExcelTemplateMutation,
  useDownloadGroupSubtractTemplateMutation,
  useDownloadGroupExchangeTemplateMutation,
  useDownloadErrorExcelMutation,
  useDownloadErrorExcelNewMutation,
  useInsuredDownErrorExcelMutation,
  useDownloadEndorsementMutation,
} = correctionApi;
