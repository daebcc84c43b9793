import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

/**
 * The policy area's calls, each named once: policies, documents, insurance records, the insured
 * lookup and claims; requests and answers are typed by the contract.
 */
const policyApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: ['Policy', 'Claim', 'InsuranceRecord', 'Insured', 'PersonalHome', 'GroupRenewal'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = gatewayEndpoints(build);
      return {
        getLegalPolicyList: call.query('blocLegal/legalPolicy/getLegalPolicyList', {
          providesTags: [{ type: 'Policy', id: 'LIST' }],
        }),
        getLegalPolicyInfo: call.query('blocLegal/legalPolicy/getLegalPolicyInfo', { providesTags: ['Policy'] }),
        getInsuranceInformation: call.query('blocLegal/legalPolicy/getInsuranceInformation', {
          providesTags: ['Insured'],
        }),
        getCarPolicy: call.query('blocLegal/policy/carPolicyQuery', { providesTags: ['Policy'] }),
        getNoCarPolicy: call.query('blocLegal/policy/noCarPolicyQueryEcenter', { providesTags: ['Policy'] }),
        queryInvoice: call.query('blocLegal/electronicDocuments/queryInvoice', { providesTags: ['Policy'] }),
        downloadPolicy: call.download('blocLegal/policyDownload/download'),
        downloadLifePolicy: call.download('blocLegal/electronicDocuments/lifePolicyDownload'),
        downloadLifeInvoice: call.download('blocLegal/electronicDocuments/downloadLifeInvoice'),
        generateForEmployer: call.download('blocLegal/electronicDocuments/generateForEmployer'),
        queryInsuranceRecordList: call.query('blocLegal/insuranceRecord/queryInsuranceRecordList', {
          providesTags: [{ type: 'InsuranceRecord', id: 'LIST' }],
        }),
        /** A policy's own history in the company's activity log (a corporate reader). */
        policyHistory: call.query('blocLegal/audit/list', { providesTags: ['Policy'] }),
        queryInsuranceRecordInfo: call.query('blocLegal/insuranceRecord/queryInsuranceRecordInfo', {
          providesTags: ['InsuranceRecord'],
        }),
        queryInsuredPerson: call.query('blocLegal/insuredPersonAndEmployee/queryInsuredPerson', {
          providesTags: [{ type: 'Insured', id: 'LIST' }],
        }),
        queryClaimList: call.query('blocLegal/claim/queryClaimList', { providesTags: [{ type: 'Claim', id: 'LIST' }] }),
        queryClaimDetail: call.query('blocLegal/claim/queryClaimDetail', { providesTags: ['Claim'] }),
        claimablePolicies: call.query('blocLegal/claim/claimablePolicies', { providesTags: ['Policy'] }),
        /** The report form shows its own refusals next to the fields (silent). */
        reportClaim: call.mutation('blocLegal/claim/reportClaim', {
          silent: true,
          invalidatesTags: ['Claim', 'PersonalHome'],
        }),
        submitClaimDocuments: call.mutation('blocLegal/claim/submitClaimDocuments', {
          silent: true,
          invalidatesTags: ['Claim'],
        }),
        /** A policy awaiting its premium: its payment link (the same one however often Pay is pressed). */
        policyPayLink: call.mutation('blocLegal/legalPolicy/policyPayLink'),
        /** Polled while the customer pays in the cashier (no overlay, never cached for long). */
        policyPayStatus: call.query('blocLegal/legalPolicy/policyPayStatus', { silent: true, keepUnusedDataFor: 0 }),
        /** A company's group renewals (home, policy pages) and one renewal's page. */
        groupRenewals: call.query('blocLegal/legalPolicy/groupRenewals', { providesTags: ['GroupRenewal'] }),
        groupRenewal: call.query('blocLegal/legalPolicy/groupRenewal', { providesTags: ['GroupRenewal'] }),
        acceptGroupRenewal: call.mutation('blocLegal/legalPolicy/acceptGroupRenewal', {
          invalidatesTags: ['GroupRenewal'],
        }),
        /** A renewal's payment link (the same one however often Pay is pressed) and its polled status. */
        groupRenewalPayLink: call.mutation('blocLegal/legalPolicy/groupRenewalPayLink'),
        groupRenewalPayStatus: call.query('blocLegal/legalPolicy/groupRenewalPayStatus', {
          silent: true,
          keepUnusedDataFor: 0,
        }),
        setAutoRenew: call.mutation('blocLegal/legalPolicy/setAutoRenew', {
          invalidatesTags: ['Policy', 'GroupRenewal'],
        }),
        /** The company's particulars for the home's member information block (the account area reads them too). */
        getMemberLegalInfo: call.query('blocLegal/account/getLegalInfo'),
      };
    },
  });

export const {
  usePolicyHistoryQuery,
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
  useClaimablePoliciesQuery,
  useReportClaimMutation,
  useSubmitClaimDocumentsMutation,
  useGetMemberLegalInfoQuery,
  usePolicyPayLinkMutation,
  usePolicyPayStatusQuery,
  useGroupRenewalsQuery,
  useGroupRenewalQuery,
  useAcceptGroupRenewalMutation,
  useSetAutoRenewMutation,
} = policyApi;

export { policyApi };
