import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../../shared/i18n';
import { usePageTitle } from '../../shared/usePageTitle';
import { shellMessages } from '../messages';
import { paths } from '../routes';

export default function NotFound() {
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  usePageTitle(m.pageNotFoundTitle);
  return (
    <Result
      status="404"
      title={m.pageNotFoundTitle}
      subTitle={m.pageNotFoundText}
      extra={
        <Button type="primary" onClick={() => navigate(paths.home)}>
          {m.backHome}
        </Button>
      }
    />
  );
}
