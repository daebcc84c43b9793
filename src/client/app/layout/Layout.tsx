import { App as AntApp, Button, Layout as AntLayout, Modal, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet, useLocation } from 'react-router-dom';
import { portalConfig } from '../../config';
import { useLogoutMutation } from '../../features/session/api';
import { format, LOCALES, useMessages, type Locale } from '../../shared/i18n';
import { leaveTo } from '../../shared/navigation';
import { notify, useNotifier } from '../../shared/notify';
import { isCorporate } from '../../state/session';
import { setLocale } from '../../state/ui';
import { shellMessages } from '../messages';
import { fixedRoutes } from '../routes';
import type { AppDispatch, RootState } from '../store';
import { Sidebar } from './Sidebar';

const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

export function Layout() {
  const { message } = AntApp.useApp();
  useNotifier(message);
  const m = useMessages(shellMessages);
  const dispatch = useDispatch<AppDispatch>();
  const info = useSelector((s: RootState) => s.session.info);
  const nickName = useSelector((s: RootState) => s.session.nickName);
  const locale = useSelector((s: RootState) => s.ui.locale);
  const location = useLocation();
  const [logout] = useLogoutMutation();
  const config = portalConfig();
  const corporate = isCorporate(info);
  const leftMenu = !fixedRoutes.some((r) => r.path === location.pathname && !r.leftMenu);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const confirmLogout = () =>
    Modal.confirm({
      title: m.logoutConfirmTitle,
      content: m.logoutConfirmText,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        try {
          await logout().unwrap();
          notify.success(m.exitSucceeded);
          leaveTo(`${config.links.identityProvider}${corporate ? '?flag=legal' : ''}`);
        } catch {
          notify.error(m.logoutFailed);
        }
      },
    });

  return (
    <AntLayout className="mc-layout">
      <AntLayout.Header className="mc-topbar">
        <Typography.Text strong className="mc-brand">
          {config.portalName}
        </Typography.Text>
        <Space size="middle">
          <span data-testid="greeting">{format(m.greeting, { name: nickName || info?.nickName || '' })}</span>
          <Select
            size="small"
            value={locale}
            aria-label={m.language}
            onChange={(value: Locale) => dispatch(setLocale(value))}
            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
          <Button type="link" onClick={confirmLogout}>
            {m.logout}
          </Button>
        </Space>
      </AntLayout.Header>
      <AntLayout>
        {leftMenu && (
          <AntLayout.Sider width={220} theme="light" className="mc-sider">
            <Sidebar />
          </AntLayout.Sider>
        )}
        <AntLayout.Content className="mc-content">
          <Outlet />
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
