import { App, Result } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { LoginInfo } from '../../../../contract/io/session';
import { notify } from '../../../shared/notify';
import { useMessages } from '../../../shared/i18n';
import { personalMessages } from '../messages';

export type GatedArea = 'assets' | 'club';

/**
 * SPEC.md §5: a non-senior member (userAnk not 1) gets the area's message as an error toast and the
 * warning dialog ('immediately complete' goes to personal info, 'not now' goes home); the page itself
 * is not rendered. The gateway refuses the calls too.
 */
export function SeniorGate({ area, children }: { area: GatedArea; children: ReactNode }) {
  const info = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info);
  const m = useMessages(personalMessages);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const warned = useRef(false);
  const senior = info?.userAnk === 1;

  useEffect(() => {
    if (!info || senior || warned.current) return;
    warned.current = true;
    notify.error(area === 'assets' ? m.assetsRefused : m.clubRefused);
    modal.confirm({
      title: m.warningTitle,
      content: m.warningText,
      okText: m.completeNow,
      cancelText: m.notNow,
      onOk: () => navigate('/myprofile/personalInfo'),
      onCancel: () => navigate('/index'),
    });
  }, [info, senior, area, m, modal, navigate]);

  if (!info) return null;
  if (!senior) return <Result status="warning" title={area === 'assets' ? m.assetsRefused : m.clubRefused} data-testid="senior-refused" />;
  return <>{children}</>;
}
