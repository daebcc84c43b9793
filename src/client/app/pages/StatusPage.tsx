import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { INSURER } from '@common/insurer';
import { format, useMessages } from '@client/shared/i18n';
import { usePageTitle } from '@client/shared/usePageTitle';
import { shellMessages } from '../messages';
import { paths } from '@client/shared/paths';

type Key = keyof (typeof shellMessages)['en-US'];

/** A full-page notice with a way back home: the hidden 404 page and the restriction notice. */
export function StatusPage({ status, title, text }: { status: '404' | '403'; title: Key; text: Key }) {
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  usePageTitle(m[title]);
  return (
    <Result
      status={status}
      title={m[title]}
      subTitle={format(m[text], { hotline: INSURER.hotline })}
      extra={
        <Button type="primary" onClick={() => navigate(paths.home.path)}>
          {m.backHome}
        </Button>
      }
    />
  );
}
