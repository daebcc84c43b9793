import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '@client/shared/i18n';
import { policyMessages } from '../messages';

/** Back to where the user came from, or to a list page when the page was opened directly. */
export function BackButton({ fallback }: { fallback: string }) {
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  const hasHistory = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;
  return (
    <Button
      icon={<ArrowLeftOutlined />}
      onClick={() => (hasHistory ? navigate(-1) : navigate(fallback))}
      data-testid="back"
    >
      {m.back}
    </Button>
  );
}
