import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

const TAGS = [
  'PersonalPolicy',
  'PersonalOrder',
  'Points',
  'ServicePackage',
  'Favourite',
  'Activity',
  'Risk',
  'Profile',
  'PersonalHome',
  'PersonalInvoice',
] as const;

/** The personal centre's calls, each named once; requests and answers are typed by the contract. */
export const personalApi = gatewayApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => {
    const call = gatewayEndpoints(build);
    return {
      homeSummary: call.query('blocLegal/personal/homeSummary', { providesTags: ['PersonalHome'] }),
      personalPolicyList: call.query('blocLegal/policy/policyList', {
        providesTags: [{ type: 'PersonalPolicy', id: 'LIST' }],
      }),
      addPolicy: call.mutation('blocLegal/policy/addPolicy', {
        silent: true,
        invalidatesTags: [{ type: 'PersonalPolicy', id: 'LIST' }, 'PersonalHome'],
      }),
      cancelRenew: call.mutation('blocLegal/policy/cancelRenew', {
        invalidatesTags: [{ type: 'PersonalPolicy', id: 'LIST' }, 'PersonalHome'],
      }),
      /** A policy's renewal quote: read anew whenever the dialog opens (rates and dates follow the day). */
      renewalQuote: call.query('blocLegal/personal/renewalQuote', { keepUnusedDataFor: 0 }),
      renewPolicy: call.mutation('blocLegal/personal/renewPolicy', {
        invalidatesTags: [
          { type: 'PersonalPolicy', id: 'LIST' },
          { type: 'PersonalOrder', id: 'LIST' },
          'PersonalHome',
        ],
      }),
      invoiceable: call.query('blocLegal/personal/invoiceable', { providesTags: ['PersonalInvoice'] }),
      invoiceList: call.query('blocLegal/personal/invoiceList', { providesTags: ['PersonalInvoice'] }),
      requestInvoice: call.mutation('blocLegal/personal/requestInvoice', {
        silent: true,
        invalidatesTags: ['PersonalInvoice', 'PersonalOrder'],
      }),
      downloadInvoice: call.download('blocLegal/personal/invoiceDownload'),
      orderList: call.query('blocLegal/personal/orderList', { providesTags: [{ type: 'PersonalOrder', id: 'LIST' }] }),
      orderDetail: call.query('blocLegal/personal/orderDetail', {
        // by its number, so that a payment landing refreshes this order's drawer
        providesTags: (_answer, _error, { orderNo }) => [{ type: 'PersonalOrder', id: orderNo }],
      }),
      cancelOrder: call.mutation('blocLegal/personal/cancelOrder', {
        invalidatesTags: ['PersonalOrder', 'PersonalHome'],
      }),
      orderPayLink: call.mutation('blocLegal/personal/orderPayLink'),
      /** Polled while the member pays at the cashier: no loading overlay, no toast. */
      orderPayStatus: call.query('blocLegal/personal/orderPayStatus', { silent: true, keepUnusedDataFor: 0 }),
      giftList: call.query('blocLegal/personal/giftList', { providesTags: ['Points'] }),
      couponList: call.query('blocLegal/personal/couponList'),
      fundList: call.query('blocLegal/personal/fundList'),
      riskReview: call.query('blocLegal/personal/riskReview', { providesTags: ['Risk'] }),
      myScore: call.query('blocLegal/club/myScore', { providesTags: ['Points'] }),
      integralOrder: call.query('blocLegal/club/integralOrder', { providesTags: ['Points'] }),
      redeemGift: call.mutation('blocLegal/club/redeemGift', { invalidatesTags: ['Points', 'PersonalHome'] }),
      servicePackage: call.query('blocLegal/club/servicePackage', { providesTags: ['ServicePackage'] }),
      serviceCustom: call.query('blocLegal/club/serviceCustom', { providesTags: ['ServicePackage'] }),
      bookService: call.mutation('blocLegal/club/bookService', { invalidatesTags: ['ServicePackage'] }),
      cancelBooking: call.mutation('blocLegal/club/cancelBooking', { invalidatesTags: ['ServicePackage'] }),
      collect: call.query('blocLegal/club/collect', { providesTags: ['Favourite'] }),
      removeCollect: call.mutation('blocLegal/club/removeCollect', { invalidatesTags: ['Favourite'] }),
      activity: call.query('blocLegal/club/activity', { providesTags: ['Activity'] }),
      joinActivity: call.mutation('blocLegal/club/joinActivity', { invalidatesTags: ['Activity'] }),
      quitActivity: call.mutation('blocLegal/club/quitActivity', { invalidatesTags: ['Activity'] }),
      transactionQuery: call.query('blocLegal/assets/transactionQuery'),
      assetsDetails: call.query('blocLegal/assets/assetsDetails'),
      bonusRecord: call.query('blocLegal/assets/bonusRecord'),
      riskQuestionnaire: call.query('blocLegal/assets/riskQuestionnaire', { providesTags: ['Risk'] }),
      riskEvaluating: call.mutation('blocLegal/assets/riskEvaluating', { silent: true, invalidatesTags: ['Risk'] }),
      investmentManagement: call.query('blocLegal/assets/investmentManagement', { providesTags: ['Risk'] }),
      personalInfo: call.query('blocLegal/profile/personalInfo', { providesTags: ['Profile'] }),
      updatePersonalInfo: call.mutation('blocLegal/profile/updatePersonalInfo', {
        invalidatesTags: ['Profile', 'Session'],
      }),
      realNameVerify: call.mutation('blocLegal/profile/realNameVerify', {
        silent: true,
        invalidatesTags: ['Profile', 'Session', 'PersonalHome'],
      }),
      changePassword: call.mutation('blocLegal/profile/changePassword', { silent: true }),
      sendPhoneCode: call.mutation('blocLegal/sendMsg/sendSms', { silent: true }),
      changePhone: call.mutation('blocLegal/profile/changePhone', {
        silent: true,
        invalidatesTags: ['Profile', 'Session'],
      }),
    };
  },
});

export const {
  useHomeSummaryQuery,
  usePersonalPolicyListQuery,
  useAddPolicyMutation,
  useCancelRenewMutation,
  useRenewalQuoteQuery,
  useInvoiceableQuery,
  useInvoiceListQuery,
  useRequestInvoiceMutation,
  useDownloadInvoiceMutation,
  useRenewPolicyMutation,
  useOrderListQuery,
  useOrderDetailQuery,
  useCancelOrderMutation,
  useOrderPayLinkMutation,
  useOrderPayStatusQuery,
  useGiftListQuery,
  useRiskReviewQuery,
  useMyScoreQuery,
  useIntegralOrderQuery,
  useRedeemGiftMutation,
  useServicePackageQuery,
  useServiceCustomQuery,
  useBookServiceMutation,
  useCancelBookingMutation,
  useCollectQuery,
  useRemoveCollectMutation,
  useActivityQuery,
  useJoinActivityMutation,
  useQuitActivityMutation,
  useTransactionQueryQuery,
  useAssetsDetailsQuery,
  useBonusRecordQuery,
  useRiskQuestionnaireQuery,
  useRiskEvaluatingMutation,
  useInvestmentManagementQuery,
  usePersonalInfoQuery,
  useUpdatePersonalInfoMutation,
  useRealNameVerifyMutation,
  useChangePasswordMutation,
  useSendPhoneCodeMutation,
  useChangePhoneMutation,
} = personalApi;
