import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { LOCALES, pickLocaleOf } from '@common/i18n';
import { LOCALE_COOKIE } from '@contract/locale';
import type { Locale } from '../shared/i18n';
import { portalConfig } from '../config';

/**
 * The language a visit starts in: the one last chosen or shown, in the portal or on the gateway's own
 * pages (login, registration, reset, cashier), which all keep it in one cookie; else the browser's
 * (navigator.languages, the first Chinese or English one); else the install's default.
 */
export function startingLocale(): Locale {
  const chosen = Cookies.get(LOCALE_COOKIE);
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLocaleOf(browser, portalConfig().defaultLocale);
}

interface UiState {
  locale: Locale;
  /** Calls under way that show the loading overlay. */
  pending: number;
  /** A non-senior member was refused: the warning dialog is open (docs/SPEC.md §5). */
  seniorWarning: boolean;
  /** The promotional overlay of the club menu is open. */
  promoOpen: boolean;
}

/** Read when a store is made (not when this module loads), so that the cookie of that moment counts. */
const initialState = (): UiState => ({
  locale: startingLocale(),
  pending: 0,
  seniorWarning: false,
  promoOpen: false,
});

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
