import { gatewayApi } from '../../api/gatewayApi';
import { request } from '../../api/request';
import type {
  AccountState,
  AnalyticsEvent,
  Area,
  HideMenuSettings,
  LoginInfo,
  LogonCity,
  MenuEntry,
  PublicKey,
  UnreadState,
} from '../../../contract/io/session';

/** Session, menu and common calls (the shell's own). */
export const sessionApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    getLoginInfo: build.query<LoginInfo, void>({
      query: () => request('blocLegal/login/getLoginInfo'),
      providesTags: ['Session'],
    }),
    logout: build.mutation<null, void>({
      query: () => request('blocLegal/login/logout', {}, { silent: true }),
    }),
    closeAuthorisation: build.mutation<null, void>({
      query: () => request('blocLegal/login/cancleAuth', {}, { silent: true }),
    }),
    getAccountState: build.query<AccountState, void>({
      query: () => request('blocLegal/account/state'),
      providesTags: ['Session'],
    }),
    getMenus: build.query<MenuEntry[], void>({
      query: () => request('blocLegal/menu/getEcenterMenus'),
      providesTags: ['Menu'],
    }),
    getHideMenu: build.query<HideMenuSettings, void>({
      query: () => request('blocLegal/menu/queryHideMyScore'),
      providesTags: ['Menu'],
    }),
    getUnread: build.query<UnreadState, void>({
      query: () => request('blocLegal/opinions/searchUserNoReadList', {}, { silent: true }),
      providesTags: ['Unread'],
    }),
    getAreaInfo: build.query<Area[], { parentCode?: string } | void>({
      query: (args) => request('blocLegal/common/getAreaInfo', args ?? {}),
    }),
    getLogonCity: build.query<LogonCity, void>({
      query: () => request('blocLegal/common/queryLogonCity'),
    }),
    collectAnalytics: build.mutation<{ stored: number }, AnalyticsEvent[]>({
      query: (events) => request('blocLegal/analytics/collect', { events: JSON.stringify(events) }, { silent: true }),
    }),
    getPublicKey: build.query<PublicKey, void>({
      query: () => request('blocLegal/security/publicKey'),
    }),
  }),
});

export const {
  useLazyGetLoginInfoQuery,
  useLogoutMutation,
  useCloseAuthorisationMutation,

  useLazyGetMenusQuery,
  useLazyGetHideMenuQuery,
  useLazyGetUnreadQuery,
} = sessionApi;
