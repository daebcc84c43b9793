import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '../shared/i18n';
import { portalConfig } from '../config';

interface UiState {
  locale: Locale;
  /** Calls under way that show the loading overlay. */
  pending: number;
  /** A non-senior member was refused: the warning dialog is open (docs/SPEC.md §5). */
  seniorWarning: boolean;
  /** The promotional overlay of the club menu is open. */
  promoOpen: boolean;
}

const initialState: UiState = {
  locale: portalConfig().defaultLocale,
  pending: 0,
  seniorWarning: false,
  promoOpen: false,
};

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
    seniorWarningShown(state, action: PayloadAction<boolean>) {
      state.seniorWarning = action.payload;
    },
    promoShown(state, action: PayloadAction<boolean>) {
      state.promoOpen = action.payload;
    },
  },
});

export const { setLocale, requestStarted, requestFinished, seniorWarningShown, promoShown } = uiSlice.actions;
