import { Modal } from 'antd';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '@client/shared/i18n';
import { paths } from '@client/shared/paths';
import { seniorWarningShown } from '@client/state/ui';
import { shellMessages } from '@client/app/messages';
import type { AppDispatch } from '@client/app/store';

/** The warning dialog: 'Complete now' -> personal info, 'Not now' -> home. */
export default function SeniorWarningDialog() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const m = useMessages(shellMessages);
  const go = (to: string) => {
    dispatch(seniorWarningShown(false));
    navigate(to);
  };
  return (
    <Modal
      open
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
