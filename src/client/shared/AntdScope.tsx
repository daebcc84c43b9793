import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLocale } from './i18n';
import { NotifierHost } from './NotifierHost';
import { useWideScreen } from './useWideScreen';
// One theme for the portal and the stylesheet the build writes from it (webpack.config.js): the same
// tokens give the same class names, so antd skips generating at run time what the stylesheet holds.
import portalTheme from './theme.json';

/** antd's locales with the product's one wording of an empty list (every table and list says it). */
const antdLocales = {
  'en-US': { ...enUS, Empty: { description: 'No records yet' } },
  'zh-CN': { ...zhCN, Empty: { description: '暂无记录' } },
};

/** The desktop keeps antd's sizes. */
const DESK_THEME: ThemeConfig = portalTheme;
/** Below lg the portal is used by touch: controls, pagination and menu items at least 44 px high. */
const TOUCH_THEME: ThemeConfig = {
  ...portalTheme,
  token: { ...portalTheme.token, controlHeight: 44, controlHeightSM: 44, controlHeightLG: 48 },
  components: {
    Menu: { itemHeight: 48 },
    Segmented: { controlHeight: 48 },
    Table: { cellPaddingBlock: 4, cellPaddingInline: 12 },
  },
};

/**
 * antd's configuration (the portal's theme, touch sizes below lg, the user's language) around what
 * renders antd's components. The frame is plain markup; this scope, and antd's core with it, comes
 * in a chunk of its own with the page (see AntdBoundary), never with the first load. One scope, the
 * app's (`notifier`), also hosts the toasts.
 */
export default function AntdScope({ children, notifier = false }: { children?: ReactNode; notifier?: boolean }) {
  const locale = useLocale();
  const wide = useWideScreen();
  return (
    <ConfigProvider
      locale={antdLocales[locale === 'zh-CN' ? 'zh-CN' : 'en-US']}
      theme={wide ? DESK_THEME : TOUCH_THEME}
    >
      {notifier && <NotifierHost />}
      {children}
    </ConfigProvider>
  );
}
