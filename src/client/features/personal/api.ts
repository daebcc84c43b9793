import { gatewayApi } from '../../api/gatewayApi';
import { request } from '../../api/request';
import type { Page } from '../../../contract/envelope';
import type {
  Activity,
  ActivityQuery,
  AddPolicyReq,
  AssetsDetails,
  AssetTransaction,
  BonusQuery,
  BonusRecords,
  BookServiceReq,
  CancelOrderReq,
  ChangePasswordReq,
  ChangePhoneReq,
  Coupon,
  CouponQuery,
  Favourite,
  FavouriteQuery,
  FundPosition,
  GiftList,
  HomeSummary,
  InvestmentManagement,
  MyScore,
  OrderDetail,
  OrderPayment,
  OrderQuery,
  OrderSummary,
  PageQuery,
  PersonalInfo,
  PointOrder,
  PointOrderQuery,
  RealNameReq,
  RealNameResult,
  RedeemGiftReq,
  RenewalState,
  RiskQuestionnaire,
  RiskResult,
  RiskReview,
  ServiceBooking,
  ServicePackage,
  TransactionQuery,
  UpdateProfileReq,
  BoundPolicy,
} from '../../../contract/io/personal';

/**
 * A row of policy/policyList as the personal pages read it (the policy area's contract declares the
 * full row; these are the fields the personal centre shows).
 */
export interface PersonalPolicyRow {
  policyNo: string;
  kind: string;
  productName: string;
  state: number;
  holderName: string;
  insuredName: string | null;
  startDate: string;
  endDate: string;
  premiumFen: number;
  autoRenew: number;
}

export interface PersonalPolicyQuery extends PageQuery {
  kind?: string;
  state?: number;
}

/** A row of claim/queryClaimList as the personal claims page reads it. */
export interface PersonalClaimRow {
  claimNo: string;
  policyNo: string;
  productName: string;
  claimantName: string;
  accidentDate: string;
  reportDate: string;
  state: number;
  cause: string;
  claimedFen: number;
  paidFen: number;
}

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
] as const;

/** The personal centre's calls. */
export const personalApi = gatewayApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    homeSummary: build.query<HomeSummary, void>({
      query: () => request('blocLegal/personal/homeSummary'),
      providesTags: ['PersonalHome'],
    }),
    personalPolicyList: build.query<Page<PersonalPolicyRow>, PersonalPolicyQuery>({
      query: (args) => request('blocLegal/policy/policyList', { ...args } as Record<string, unknown>),
      providesTags: [{ type: 'PersonalPolicy', id: 'LIST' }],
    }),
    addPolicy: build.mutation<BoundPolicy, AddPolicyReq>({
      query: (args) => request('blocLegal/policy/addPolicy', args, { silent: true }),
      invalidatesTags: [{ type: 'PersonalPolicy', id: 'LIST' }, 'PersonalHome'],
    }),
    cancelRenew: build.mutation<RenewalState, { policyNo: string }>({
      query: (args) => request('blocLegal/policy/cancelRenew', args),
      invalidatesTags: [{ type: 'PersonalPolicy', id: 'LIST' }, 'PersonalHome'],
    }),
    personalClaimList: build.query<Page<PersonalClaimRow>, PageQuery & { state?: number }>({
      query: (args) => request('blocLegal/claim/queryClaimList', { ...args } as Record<string, unknown>),
    }),
    orderList: build.query<Page<OrderSummary>, OrderQuery>({
      query: (args) => request('blocLegal/personal/orderList', args),
      providesTags: [{ type: 'PersonalOrder', id: 'LIST' }],
    }),
    orderDetail: build.query<OrderDetail, { orderNo: string }>({
      query: (args) => request('blocLegal/personal/orderDetail', args),
      providesTags: (_r, _e, args) => [{ type: 'PersonalOrder', id: args.orderNo }],
    }),
    cancelOrder: build.mutation<OrderSummary, CancelOrderReq>({
      query: (args) => request('blocLegal/personal/cancelOrder', args),
      invalidatesTags: (_r, _e, args) => [
        { type: 'PersonalOrder', id: 'LIST' },
        { type: 'PersonalOrder', id: args.orderNo },
        'PersonalHome',
      ],
    }),
    orderPayLink: build.mutation<OrderPayment, { orderNo: string }>({
      query: (args) => request('blocLegal/personal/orderPayLink', args),
    }),
    /** Polled while the member pays at the cashier: no loading overlay, no toast. */
    orderPayStatus: build.query<OrderPayment, { orderNo: string }>({
      query: (args) => request('blocLegal/personal/orderPayStatus', args, { silent: true }),
      keepUnusedDataFor: 0,
    }),
    giftList: build.query<GiftList, void>({
      query: () => request('blocLegal/personal/giftList'),
      providesTags: ['Points'],
    }),
    couponList: build.query<Page<Coupon>, CouponQuery>({
      query: (args) => request('blocLegal/personal/couponList', args),
    }),
    fundList: build.query<Page<FundPosition>, PageQuery>({
      query: (args) => request('blocLegal/personal/fundList', args),
    }),
    riskReview: build.query<RiskReview, void>({
      query: () => request('blocLegal/personal/riskReview'),
      providesTags: ['Risk'],
    }),
    myScore: build.query<MyScore, PageQuery>({
      query: (args) => request('blocLegal/club/myScore', args),
      providesTags: ['Points'],
    }),
    integralOrder: build.query<Page<PointOrder>, PointOrderQuery>({
      query: (args) => request('blocLegal/club/integralOrder', args),
      providesTags: ['Points'],
    }),
    redeemGift: build.mutation<PointOrder, RedeemGiftReq>({
      query: (args) => request('blocLegal/club/redeemGift', args),
      invalidatesTags: ['Points', 'PersonalHome'],
    }),
    servicePackage: build.query<ServicePackage[], void>({
      query: () => request('blocLegal/club/servicePackage'),
      providesTags: ['ServicePackage'],
    }),
    serviceCustom: build.query<Page<ServiceBooking>, PageQuery>({
      query: (args) => request('blocLegal/club/serviceCustom', args),
      providesTags: ['ServicePackage'],
    }),
    bookService: build.mutation<ServiceBooking, BookServiceReq>({
      query: (args) => request('blocLegal/club/bookService', args),
      invalidatesTags: ['ServicePackage'],
    }),
    cancelBooking: build.mutation<ServiceBooking, { bookingNo: string }>({
      query: (args) => request('blocLegal/club/cancelBooking', args),
      invalidatesTags: ['ServicePackage'],
    }),
    collect: build.query<Page<Favourite>, FavouriteQuery>({
      query: (args) => request('blocLegal/club/collect', args),
      providesTags: ['Favourite'],
    }),
    removeCollect: build.mutation<null, { id: number }>({
      query: (args) => request('blocLegal/club/removeCollect', args),
      invalidatesTags: ['Favourite'],
    }),
    activity: build.query<Page<Activity>, ActivityQuery>({
      query: (args) => request('blocLegal/club/activity', args),
      providesTags: ['Activity'],
    }),
    joinActivity: build.mutation<Activity, { code: string }>({
      query: (args) => request('blocLegal/club/joinActivity', args),
      invalidatesTags: ['Activity'],
    }),
    quitActivity: build.mutation<Activity, { code: string }>({
      query: (args) => request('blocLegal/club/quitActivity', args),
      invalidatesTags: ['Activity'],
    }),
    transactionQuery: build.query<Page<AssetTransaction>, TransactionQuery>({
      query: (args) => request('blocLegal/assets/transactionQuery', args),
    }),
    assetsDetails: build.query<AssetsDetails, void>({
      query: () => request('blocLegal/assets/assetsDetails'),
    }),
    bonusRecord: build.query<BonusRecords, BonusQuery>({
      query: (args) => request('blocLegal/assets/bonusRecord', args),
    }),
    riskQuestionnaire: build.query<RiskQuestionnaire, void>({
      query: () => request('blocLegal/assets/riskQuestionnaire'),
      providesTags: ['Risk'],
    }),
    riskEvaluating: build.mutation<RiskResult, { answers: Record<string, string> }>({
      query: ({ answers }) =>
        request('blocLegal/assets/riskEvaluating', { answers: JSON.stringify(answers) }, { silent: true }),
      invalidatesTags: ['Risk'],
    }),
    investmentManagement: build.query<InvestmentManagement, void>({
      query: () => request('blocLegal/assets/investmentManagement'),
      providesTags: ['Risk'],
    }),
    personalInfo: build.query<PersonalInfo, void>({
      query: () => request('blocLegal/profile/personalInfo'),
      providesTags: ['Profile'],
    }),
    updatePersonalInfo: build.mutation<PersonalInfo, UpdateProfileReq>({
      query: (args) => request('blocLegal/profile/updatePersonalInfo', args),
      invalidatesTags: ['Profile', 'Session'],
    }),
    realNameVerify: build.mutation<RealNameResult, RealNameReq>({
      query: (args) => request('blocLegal/profile/realNameVerify', args, { silent: true }),
      invalidatesTags: ['Profile', 'Session', 'PersonalHome'],
    }),
    changePassword: build.mutation<null, ChangePasswordReq>({
      query: (args) => request('blocLegal/profile/changePassword', args, { silent: true }),
    }),
    sendPhoneCode: build.mutation<unknown, { phone: string }>({
      query: ({ phone }) => request('blocLegal/sendMsg/sendSms', { purpose: 'bind-phone', phone }, { silent: true }),
    }),
    changePhone: build.mutation<PersonalInfo, ChangePhoneReq>({
      query: (args) => request('blocLegal/profile/changePhone', args, { silent: true }),
      invalidatesTags: ['Profile', 'Session'],
    }),
  }),
});

export const {
  useHomeSummaryQuery,
  usePersonalPolicyListQuery,
  useAddPolicyMutation,
  useCancelRenewMutation,
  usePersonalClaimListQuery,
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
