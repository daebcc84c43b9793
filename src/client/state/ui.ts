import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '../shared/i18n';
import { portalConfig } from '../config';

export interface UiState {
  locale: Locale;
  /** Calls under way that show the loading overlay. */
  pending: number;
}

const initialState: UiState = { locale: portalConfig().defaultLocale, pending: 0 };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    setLocale(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
    requestStarted(state) {
      state.pending += 1;
    },
    requestFinished(state) {
      state.pending = Math.max(0, state.pending - 1);
    },
  },
});

export const { setLocale, requestStarted, requestFinished } = uiSlice.actions;
