import { gatewayApi } from '../../api/gatewayApi';
import { downloadQueryFn } from '../../api/download';
import { request } from '../../api/request';
import type { Page } from '../../../contract/envelope';
import type { LegalInfo } from '../../../contract/io/account';
import type {
  ClaimDetail,
  ClaimListQuery,
  ClaimPage,
  InsuranceInformation,
  InsuranceRecordInfo,
  InsuranceRecordInfoQuery,
  InsuranceRecordQuery,
  InsuranceRecordRow,
  InsuredPersonQuery,
  InsuredPersonRow,
  LegalPolicyListQuery,
  LegalPolicyPage,
  MotorPolicyDetail,
  PersonalPolicyQuery,
  PolicyDetail,
  PolicyRate,
  PolicyRisk,
  PolicyRow,
  PremiumReceipt,
} from '../../../contract/io/policy';

type Download = { filename: string };

/** The policy area's calls: policies, documents, insurance records, the insured lookup and claims. */
const policyApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: ['Policy', 'Claim', 'InsuranceRecord', 'Insured'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getLegalPolicyList: build.query<LegalPolicyPage, LegalPolicyListQuery>({
        query: (args) => request('blocLegal/legalPolicy/getLegalPolicyList', args),
        providesTags: [{ type: 'Policy', id: 'LIST' }],
      }),
      getLegalPolicyInfo: build.query<PolicyDetail, { policyNo: string }>({
        query: (args) => request('blocLegal/legalPolicy/getLegalPolicyInfo', args),
        providesTags: (_r, _e, a) => [{ type: 'Policy', id: a.policyNo }],
      }),
      getRisk: build.query<{ policyNo: string; risks: PolicyRisk[]; rates: PolicyRate[] }, { policyNo: string }>({
        query: (args) => request('blocLegal/legalPolicy/getRisk', args),
        providesTags: (_r, _e, a) => [{ type: 'Policy', id: a.policyNo }],
      }),
      getInsuranceInformation: build.query<InsuranceInformation, { policyNo: string }>({
        query: (args) => request('blocLegal/legalPolicy/getInsuranceInformation', args),
        providesTags: (_r, _e, a) => [{ type: 'Insured', id: a.policyNo }],
      }),
      getPolicyList: build.query<Page<PolicyRow>, PersonalPolicyQuery>({
        query: (args) => request('blocLegal/policy/policyList', args),
        providesTags: [{ type: 'Policy', id: 'LIST' }],
      }),
      getCarPolicy: build.query<MotorPolicyDetail, { policyNo: string }>({
        query: (args) => request('blocLegal/policy/carPolicyQuery', args),
        providesTags: (_r, _e, a) => [{ type: 'Policy', id: a.policyNo }],
      }),
      getNoCarPolicy: build.query<PolicyDetail, { policyNo: string }>({
        query: (args) => request('blocLegal/policy/noCarPolicyQueryEcenter', args),
        providesTags: (_r, _e, a) => [{ type: 'Policy', id: a.policyNo }],
      }),
      queryInvoice: build.query<PremiumReceipt[], { policyNo: string }>({
        query: (args) => request('blocLegal/electronicDocuments/queryInvoice', args),
        providesTags: (_r, _e, a) => [{ type: 'Policy', id: a.policyNo }],
      }),
      downloadPolicy: build.mutation<Download, { policyNo: string }>({
        queryFn: downloadQueryFn('blocLegal/policyDownload/download'),
      }),
      downloadLifePolicy: build.mutation<Download, { policyNo: string }>({
        queryFn: downloadQueryFn('blocLegal/electronicDocuments/lifePolicyDownload'),
      }),
      downloadLifeInvoice: build.mutation<Download, { policyNo: string; paymentNo: string }>({
        queryFn: downloadQueryFn('blocLegal/electronicDocuments/downloadLifeInvoice'),
      }),
      generateForEmployer: build.mutation<Download, { policyNo: string }>({
        queryFn: downloadQueryFn('blocLegal/electronicDocuments/generateForEmployer'),
      }),
      queryInsuranceRecordList: build.query<Page<InsuranceRecordRow>, InsuranceRecordQuery>({
        query: (args) => request('blocLegal/insuranceRecord/queryInsuranceRecordList', args),
        providesTags: [{ type: 'InsuranceRecord', id: 'LIST' }],
      }),
      queryInsuranceRecordInfo: build.query<InsuranceRecordInfo, InsuranceRecordInfoQuery>({
        query: (args) => request('blocLegal/insuranceRecord/queryInsuranceRecordInfo', args),
        providesTags: (_r, _e, a) => [{ type: 'InsuranceRecord', id: a.recordNo }],
      }),
      queryInsuredPerson: build.query<Page<InsuredPersonRow>, InsuredPersonQuery>({
        query: (args) => request('blocLegal/insuredPersonAndEmployee/queryInsuredPerson', args),
        providesTags: [{ type: 'Insured', id: 'LIST' }],
      }),
      queryClaimList: build.query<ClaimPage, ClaimListQuery>({
        query: (args) => request('blocLegal/claim/queryClaimList', args),
        providesTags: [{ type: 'Claim', id: 'LIST' }],
      }),
      /** The company's particulars for the home's member information block (the account area reads them too). */
      getMemberLegalInfo: build.query<LegalInfo, void>({
        query: () => request('blocLegal/account/getLegalInfo'),
      }),
      queryClaimDetail: build.query<ClaimDetail, { claimNo: string }>({
        query: (args) => request('blocLegal/claim/queryClaimDetail', args),
        providesTags: (_r, _e, a) => [{ type: 'Claim', id: a.claimNo }],
      }),
    }),
  });

export const {
  useGetLegalPolicyListQuery,
  useGetLegalPolicyInfoQuery,

  useGetInsuranceInformationQuery,

  useGetCarPolicyQuery,
  useGetNoCarPolicyQuery,
  useQueryInvoiceQuery,
  useDownloadPolicyMutation,
  useDownloadLifePolicyMutation,
  useDownloadLifeInvoiceMutation,
  useGenerateForEmployerMutation,
  useQueryInsuranceRecordListQuery,
  useQueryInsuranceRecordInfoQuery,
  useQueryInsuredPersonQuery,
  useQueryClaimListQuery,
  useQueryClaimDetailQuery,
  useGetMemberLegalInfoQuery,
} = policyApi;
