import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const isCorporate = (info: LoginInfo | null) => info?.legalFlag === 1;
export const isSenior = (info: LoginInfo | null) => info?.userAnk === 1;
