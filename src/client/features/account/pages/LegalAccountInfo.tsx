import { paths } from '@client/shared/paths';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '@client/shared/i18n';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useGetLegalInfoQuery } from '../api';
import { accountMessages } from '../messages';
import { useMay } from '@client/shared/useMay';

/** The corporate account: company, credit code, administrator, masked phone. */
export default function LegalAccountInfo() {
  const m = useMessages(accountMessages);
  usePageTitle(m.infoTitle);
  const navigate = useNavigate();
  const administers = useMay('account');
  const { data } = useGetLegalInfoQuery();
  return (
    <div className="mc-page" data-testid="legal-account-info">
      <Typography.Title level={3}>{m.infoTitle}</Typography.Title>
      <Card loading={!data}>
        {data && (
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label={m.company}>{data.companyName}</Descriptions.Item>
            <Descriptions.Item label={m.creditCode}>
              {data.creditCode} {!data.creditCodeValid && <Tag color="red">{m.creditCodeInvalid}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={m.administrator}>{data.administratorName}</Descriptions.Item>
            <Descriptions.Item label={m.idNumber}>{data.administratorIdNumberMasked}</Descriptions.Item>
            <Descriptions.Item label={m.phone}>{data.administratorPhoneMasked}</Descriptions.Item>
            <Descriptions.Item label={m.email}>{data.email ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={m.userName}>{data.userName}</Descriptions.Item>
            <Descriptions.Item label={m.state}>{data.state === 1 ? m.active : m.cancelled}</Descriptions.Item>
          </Descriptions>
        )}
        {administers && (
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" onClick={() => navigate(paths.legalAccountChange.path)}>
              {m.changeAdministrator}
            </Button>
            <Button danger onClick={() => navigate(paths.legalAccountCancel.path)}>
              {m.cancelAccount}
            </Button>
          </Space>
        )}
      </Card>
    </div>
  );
}
