import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLocale } from './i18n';
import { NotifierHost } from './NotifierHost';
import { useMediaQuery } from './useMediaQuery';
import { useWideScreen } from './useWideScreen';
// antd's components' styles as antd publishes them, a stylesheet (written with CSS variables, which the
// theme below sets): no CSS-in-JS work on the main thread when a page first renders its components.
// The build puts it in a chunk of its own, loaded with this scope, before the portal's stylesheet.
import 'antd/dist/antd.css';

/** antd's locales with the product's one wording of an empty list (every table and list says it). */
const antdLocales = {
  'en-US': { ...enUS, Empty: { description: 'No records yet' } },
  'zh-CN': { ...zhCN, Empty: { description: '暂无记录' } },
};

/**
 * The portal's colour and corners. antd generates no styles at run time (`zeroRuntime`, the stylesheet
 * above has them) and its class names carry no hash (the stylesheet's selectors have none); the theme's
 * tokens still become the CSS variables the stylesheet reads.
 */
const PORTAL_THEME: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  token: { colorPrimary: '#0b5ed7', borderRadius: 6 },
};
/** The desktop keeps antd's sizes. */
const DESK_THEME: ThemeConfig = PORTAL_THEME;
/** Below lg the portal is used by touch: controls, pagination and menu items at least 44 px high. */
const TOUCH_THEME: ThemeConfig = {
  ...PORTAL_THEME,
  token: { ...PORTAL_THEME.token, controlHeight: 44, controlHeightSM: 44, controlHeightLG: 48 },
  components: {
    Menu: { itemHeight: 48 },
    Segmented: { controlHeight: 48 },
    Table: { cellPaddingBlock: 4, cellPaddingInline: 12 },
    // a calendar's days 44 px wide (antd's 1.5 x controlHeightSM would make a month 498 px wide)
    DatePicker: { cellWidth: 44, cellHeight: 44 },
  },
};

/** For who asked the system for less motion: antd's opening, closing and sliding without animation. */
const still = (theme: ThemeConfig): ThemeConfig => ({ ...theme, token: { ...theme.token, motion: false } });
const THEMES = {
  desk: DESK_THEME,
  touch: TOUCH_THEME,
  deskStill: still(DESK_THEME),
  touchStill: still(TOUCH_THEME),
} as const;

/**
 * antd's configuration (the portal's theme, touch sizes below lg, no motion for who asked the system for
 * less, the user's language) around what
 * renders antd's components. The frame is plain markup; this scope, and antd's core with it, comes
 * in a chunk of its own with the page (see AntdBoundary), never with the first load. One scope, the
 * app's (`notifier`), also hosts the toasts.
 */
export default function AntdScope({ children, notifier = false }: { children?: ReactNode; notifier?: boolean }) {
  const locale = useLocale();
  const wide = useWideScreen();
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', false);
  return (
    <ConfigProvider
      locale={antdLocales[locale === 'zh-CN' ? 'zh-CN' : 'en-US']}
      theme={THEMES[`${wide ? 'desk' : 'touch'}${reduced ? 'Still' : ''}`]}
    >
      {notifier && <NotifierHost />}
      {children}
    </ConfigProvider>
  );
}
