import { gatewayApi } from '../../api/gatewayApi';
import { request } from '../../api/request';
import type {
  CancelJudgement,
  ChangeLegalAccountRequest,
  LegalChangeCheck,
  LegalInfo,
  SmsSent,
  VerificationPassed,
} from '../../../contract/io/account';

/** The corporate account. The flows show their own errors (silent), step by step. */
const accountApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['LegalInfo'] }).injectEndpoints({
  endpoints: (build) => ({
    getLegalInfo: build.query<LegalInfo, void>({
      query: () => request('blocLegal/account/getLegalInfo'),
      providesTags: ['LegalInfo'],
    }),
    checkLegalChange: build.mutation<LegalChangeCheck, void>({
      query: () => request('blocLegal/account/checkLegalChange', {}, { silent: true }),
    }),
    sendAccountCode: build.mutation<SmsSent, { purpose: 'change' | 'cancel' }>({
      query: (args) => request('blocLegal/account/sendSMSCodeForChangeAccount', args, { silent: true }),
    }),
    checkChangeCode: build.mutation<VerificationPassed, { code: string }>({
      query: (args) => request('blocLegal/account/checkSMSCode', args, { silent: true }),
    }),
    changeLegalAccount: build.mutation<LegalInfo, ChangeLegalAccountRequest>({
      query: (args) => request('blocLegal/account/changeLegalAccount', args, { silent: true }),
      invalidatesTags: ['LegalInfo'],
    }),
    judgeCancel: build.mutation<CancelJudgement, void>({
      query: () => request('blocLegal/account/judgeCancleLegal', {}, { silent: true }),
    }),
    checkPicture: build.mutation<VerificationPassed, { randName: string; code: string }>({
      query: (args) => request('blocLegal/account/checkPicture', args, { silent: true }),
    }),
    checkCancelCode: build.mutation<VerificationPassed, { code: string }>({
      query: (args) => request('blocLegal/account/checkCode', args, { silent: true }),
    }),
    cancelAccount: build.mutation<null, void>({
      query: () => request('blocLegal/account/cancleAccount', {}, { silent: true }),
    }),
  }),
});

export const {
  useGetLegalInfoQuery,
  useCheckLegalChangeMutation,
  useSendAccountCodeMutation,
  useCheckChangeCodeMutation,
  useChangeLegalAccountMutation,
  useJudgeCancelMutation,
  useCheckPictureMutation,
  useCheckCancelCodeMutation,
  useCancelAccountMutation,
} = accountApi;
