import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

/** The corporate account. The flows show their own errors (silent), step by step. */
const accountApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: ['LegalInfo', 'CompanyUser', 'Invitation'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = gatewayEndpoints(build);
      return {
        getLegalInfo: call.query('blocLegal/account/getLegalInfo', { providesTags: ['LegalInfo'] }),
        checkLegalChange: call.mutation('blocLegal/account/checkLegalChange', { silent: true }),
        sendAccountCode: call.mutation('blocLegal/account/sendSMSCodeForChangeAccount', { silent: true }),
        checkChangeCode: call.mutation('blocLegal/account/checkSMSCode', { silent: true }),
        changeLegalAccount: call.mutation('blocLegal/account/changeLegalAccount', {
          silent: true,
          invalidatesTags: ['LegalInfo'],
        }),
        judgeCancel: call.mutation('blocLegal/account/judgeCancleLegal', { silent: true }),
        checkPicture: call.mutation('blocLegal/account/checkPicture', { silent: true }),
        checkCancelCode: call.mutation('blocLegal/account/checkCode', { silent: true }),
        cancelAccount: call.mutation('blocLegal/account/cancleAccount', { silent: true }),
        getCompanyUsers: call.query('blocLegal/users/list', { providesTags: ['CompanyUser'] }),
        updateCompanyUser: call.mutation('blocLegal/users/update', { invalidatesTags: ['CompanyUser'] }),
        removeCompanyUser: call.mutation('blocLegal/users/remove', { invalidatesTags: ['CompanyUser'] }),
        getInvitations: call.query('blocLegal/users/invitations', { providesTags: ['Invitation'] }),
        inviteUser: call.mutation('blocLegal/users/invite', { invalidatesTags: ['Invitation'] }),
        resendInvitation: call.mutation('blocLegal/users/resendInvitation', { invalidatesTags: ['Invitation'] }),
        withdrawInvitation: call.mutation('blocLegal/users/withdrawInvitation', { invalidatesTags: ['Invitation'] }),
      };
    },
  });

export const {
  useGetCompanyUsersQuery,
  useUpdateCompanyUserMutation,
  useRemoveCompanyUserMutation,
  useGetInvitationsQuery,
  useInviteUserMutation,
  useWithdrawInvitationMutation,
  useResendInvitationMutation,
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
