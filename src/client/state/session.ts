import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { LEGAL_COOKIE } from '@contract/cookies';
import type { LoginInfo } from '@contract/io/session';

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
    /** The company's administrator changed: the frame names the new one at once (the change's answer). */
    administratorChanged(state, action: PayloadAction<string>) {
      state.nickName = action.payload;
      if (state.info) state.info = { ...state.info, nickName: action.payload };
    },
    loggedOut(state) {
      state.status = 'loggedOut';
      state.info = null;
      state.nickName = '';
      state.showApp = 0;
    },
  },
});

export const { loggedIn, loggedOut, administratorChanged } = sessionSlice.actions;

/** A corporate user: the islegal cookie says so, or the login info does (legalFlag 1). */
export const isCorporate = (info: LoginInfo | null) => Cookies.get(LEGAL_COOKIE) === '1' || info?.legalFlag === 1;

export const isSenior = (info: LoginInfo | null) => info?.userAnk === 1;
