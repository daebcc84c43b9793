import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

/** Session, menu and common calls (the shell's own). */
export const sessionApi = gatewayApi.injectEndpoints({
  endpoints: (build) => {
    const call = gatewayEndpoints(build);
    return {
      getLoginInfo: call.query('blocLegal/login/getLoginInfo', { providesTags: ['Session'] }),
      logout: call.mutation('blocLegal/login/logout', { silent: true }),
      /** The password asked again before what takes an account (app/reauth/ReauthDialog.tsx shows its refusals). */
      reauthenticate: call.mutation('blocLegal/login/reauthenticate', { silent: true }),
      closeAuthorisation: call.mutation('blocLegal/login/cancleAuth', { silent: true }),
      getAccountState: call.query('blocLegal/account/state', { providesTags: ['Session'] }),
      getMenus: call.query('blocLegal/menu/getEcenterMenus', { providesTags: ['Menu'] }),
      getHideMenu: call.query('blocLegal/menu/queryHideMyScore', { providesTags: ['Menu'] }),
      /** The complaint entry's indicator; pages that mark replies read invalidate 'Unread'. */
      getUnread: call.query('blocLegal/opinions/searchUserNoReadList', { silent: true, providesTags: ['Unread'] }),
      getAreaInfo: call.query('blocLegal/common/getAreaInfo'),
      getLogonCity: call.query('blocLegal/common/queryLogonCity'),
      collectAnalytics: call.mutation('blocLegal/analytics/collect', { silent: true }),
      getPublicKey: call.query('blocLegal/security/publicKey'),
    };
  },
});

export const {
  useLazyGetLoginInfoQuery,
  useLogoutMutation,
  useCloseAuthorisationMutation,

  useLazyGetMenusQuery,
  useLazyGetHideMenuQuery,
  useLazyGetUnreadQuery,
} = sessionApi;
