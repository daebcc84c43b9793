import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../../shared/i18n';
import { usePageTitle } from '../../shared/usePageTitle';
import { shellMessages } from '../messages';
import { paths } from '../routes';

/** The restriction notice (ERR_0002 sends the user here). */
export default function Restricted() {
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  usePageTitle(m.restrictedTitle);
  return (
    <Result
      status="403"
      title={m.restrictedTitle}
      subTitle={m.restrictedText}
      extra={
        <Button type="primary" onClick={() => navigate(paths.home)}>
          {m.backHome}
        </Button>
      }
    />
  );
}
