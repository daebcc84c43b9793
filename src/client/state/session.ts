import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import type { LoginInfo } from '../../contract/io/session';

export interface SessionState {
  /** 'unknown' until the first login-info answer. */
  status: 'unknown' | 'loggedIn' | 'loggedOut';
  info: LoginInfo | null;
  /** Kept in local storage (redux-persist whitelist): shown at once on the next visit. */
  nickName: string;
  showApp: number;
}

const initialState: SessionState = { status: 'unknown', info: null, nickName: '', showApp: 0 };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<LoginInfo>) {
      state.status = 'loggedIn';
      state.info = action.payload;
      state.nickName = action.payload.nickName;
      state.showApp = action.payload.showApp;
    },
    loggedOut(state) {
      state.status = 'loggedOut';
      state.info = null;
      state.nickName = '';
      state.showApp = 0;
    },
  },
});

export const { loggedIn, loggedOut } = sessionSlice.actions;

/** The cookie the identity provider sets for corporate users (SPEC.md §3). */
export const LEGAL_COOKIE = 'islegal';
/** The login (single-sign-on) cookie: the session's public id, readable by the portal. */
export const SSO_COOKIE = 'mc_sso';
/** Where the portal keeps the SSO value it last saw (session storage), to notice a change of login. */
export const SSO_KEPT_KEY = 'mc-sso-seen';

/** A corporate user: the islegal cookie says so, or the login info does (legalFlag 1). */
export const isCorporate = (info: LoginInfo | null) => Cookies.get(LEGAL_COOKIE) === '1' || info?.legalFlag === 1;

/** The SSO cookie's value ('' when there is none): its presence is the analytics login flag. */
export const ssoCookie = () => Cookies.get(SSO_COOKIE) ?? '';
export const isSenior = (info: LoginInfo | null) => info?.userAnk === 1;
