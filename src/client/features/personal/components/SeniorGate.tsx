import { App, Result } from 'antd';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { LoginInfo } from '../../../../contract/io/session';
import { notify } from '../../../shared/notify';
import { useMessages } from '../../../shared/i18n';
import { personalMessages } from '../messages';

/** The menu names of the eleven routes SPEC.md §5 closes to non-senior members. */
export const SENIOR_ROUTES = [
  'myScore',
  'integralOrder',
  'serviceCustom',
  'servicePackage',
  'collect',
  'activity',
  'transactionQuery',
  'assetsDetails',
  'bonusRecord',
  'riskEvaluating',
  'investmentManagement',
] as const;

/** The menu name of the assets submenu, which non-senior members cannot open. */
export const ASSETS_SUBMENU = 'assets';

export const isSeniorMember = (info: LoginInfo | null) => info?.userAnk === 1;

/**
 * SPEC.md §5's refusal: the message as an error toast, then the warning dialog whose 'immediately
 * complete' goes to the personal info page and 'not now' goes home. 'assets' is the assets submenu's
 * message, 'route' the eleven routes' one. The layout may use it for the sidebar's assets submenu.
 */
export function useSeniorRefusal() {
  const m = useMessages(personalMessages);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return useCallback(
    (what: 'assets' | 'route') => {
      notify.error(what === 'assets' ? m.assetsRefused : m.clubRefused);
      modal.confirm({
        title: m.warningTitle,
        content: m.warningText,
        okText: m.completeNow,
        cancelText: m.notNow,
        onOk: () => navigate('/myprofile/personalInfo'),
        onCancel: () => navigate('/index'),
      });
    },
    [m, modal, navigate],
  );
}

/**
 * Wraps the pages of the eleven routes: a non-senior member gets the refusal (SPEC.md §5 words it
 * 'Your information is incomplete; you cannot take part in club activities!' for all eleven) and the
 * page is not rendered. The gateway refuses the calls too.
 */
export function SeniorGate({ children }: { children: ReactNode }) {
  const info = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info);
  const m = useMessages(personalMessages);
  const refuse = useSeniorRefusal();
  const warned = useRef(false);
  const senior = isSeniorMember(info);

  useEffect(() => {
    if (!info || senior || warned.current) return;
    warned.current = true;
    refuse('route');
  }, [info, senior, refuse]);

  if (!info) return null;
  if (!senior) return <Result status="warning" title={m.clubRefused} data-testid="senior-refused" />;
  return <>{children}</>;
}
