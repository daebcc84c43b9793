import type { SelectProps } from 'antd';
import { Suspense, type ComponentType } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { lazyInAntd } from '../shared/AntdBoundary';
import { LANGUAGE_NAMES, LOCALES, useMessages, type Locale } from '../shared/i18n';
import { shellMessages } from './messages';
import type { AppDispatch, RootState } from './store';
import { switchLocale } from './switchLocale';

/**
 * antd's Select (a sixth of the frame's antd code, the pages use it too) arrives in its own chunk
 * right after the first paint; until then the top bar shows the current language in its place.
 */
const Select = lazyInAntd(() =>
  import(/* webpackChunkName: "select" */ 'antd').then((antd) => antd.Select as ComponentType<SelectProps<Locale>>),
);

/** The top bar's language switch. */
export function LanguageSelect() {
  const m = useMessages(shellMessages);
  const dispatch = useDispatch<AppDispatch>();
  const locale = useSelector((s: RootState) => s.ui.locale);
  return (
    <Suspense fallback={<span className="mc-language mc-language-waiting">{LANGUAGE_NAMES[locale]}</span>}>
      <Select
        size="small"
        value={locale}
        aria-label={m.language}
        onChange={(value) => dispatch(switchLocale(value))}
        options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        className="mc-language"
        popupMatchSelectWidth={false}
      />
    </Suspense>
  );
}
