import { Modal } from 'antd';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../../shared/i18n';
import { notify } from '../../shared/notify';
import { seniorWarningShown } from '../../state/ui';
import { shellMessages } from '../messages';
import { paths } from '../../shared/paths';
import type { AppDispatch, RootState } from '../store';

/**
 * Refuses a non-senior member (docs/SPEC.md §5): the exact message as an error toast, then the warning
 * dialog. 'assets' is the assets submenu; 'club' any of the eleven club and asset routes.
 */
export function useRefuseNonSenior() {
  const dispatch = useDispatch<AppDispatch>();
  const m = useMessages(shellMessages);
  return (kind: 'assets' | 'club') => {
    notify.error(kind === 'assets' ? m.notSeniorAssets : m.notSenior);
    dispatch(seniorWarningShown(true));
  };
}

/** The warning dialog: 'immediately complete' -> personal info, 'not now' -> home. */
export function SeniorWarning() {
  const open = useSelector((s: RootState) => s.ui.seniorWarning);
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const m = useMessages(shellMessages);
  const go = (to: string) => {
    dispatch(seniorWarningShown(false));
    navigate(to);
  };
  return (
    <Modal
      open={open}
      title={m.warningTitle}
      okText={m.completeNow}
      cancelText={m.notNow}
      onOk={() => go(paths.personalInfo.path)}
      onCancel={() => go(paths.home.path)}
      closable={false}
      mask={{ closable: false }}
      data-testid="senior-warning"
    >
      <p>{m.warningText}</p>
    </Modal>
  );
}
