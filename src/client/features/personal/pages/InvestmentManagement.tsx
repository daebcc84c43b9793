import { Alert, Card, Descriptions, Space, Spin, Typography } from 'antd';
import type { FundPosition } from '@contract/io/personal';
import { formatNumber } from '@client/shared/format';
import { useMessages, useAside } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { useInvestmentManagementQuery } from '../api';
import { formatFen } from '@common/money';
import { label, personalMessages } from '../messages';

function Investments() {
  const m = useMessages(personalMessages);
  const aside = useAside();
  const { data, isLoading } = useInvestmentManagementQuery();
  if (isLoading || !data) return <Spin />;
  return (
    <div className="mc-page" data-testid="investment-management">
      <Typography.Title level={3}>{m.investmentTitle}</Typography.Title>
      {data.riskLevel === null && <Alert type="warning" showIcon title={m.riskNone} style={{ marginBottom: 16 }} />}
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={m.riskLevel}>
          {data.riskLevel ? label(m, 'level', data.riskLevel) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={m.accountValue}>{formatFen(data.totalValueFen)}</Descriptions.Item>
        <Descriptions.Item label={m.gain}>{formatFen(data.totalGainFen)}</Descriptions.Item>
      </Descriptions>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {data.accounts.map((a) => (
          <Card key={a.accountNo} title={aside(a.name, a.accountNo)} extra={formatFen(a.valueFen)}>
            <DataList<FundPosition>
              rowKey="fundCode"
              size="small"
              rows={a.funds}
              columns={[
                { key: 'fund', title: m.fund, className: 'mc-wrap', card: 'title', render: (f) => f.fundName },
                { key: 'risk', title: m.riskLevel, card: 'state', render: (f) => label(m, 'level', f.riskLevel) },
                { key: 'units', title: m.units, align: 'right', render: (f) => formatNumber(f.units, 2) },
                { key: 'nav', title: m.nav, align: 'right', render: (f) => formatNumber(f.navE4 / 10000, 4) },
                { key: 'value', title: m.value, align: 'right', render: (f) => formatFen(f.valueFen) },
                { key: 'gain', title: m.gain, align: 'right', render: (f) => formatFen(f.gainFen) },
                { key: 'allocation', title: m.allocation, align: 'right', render: (f) => `${f.allocationPct}%` },
              ]}
            />
          </Card>
        ))}
      </Space>
    </div>
  );
}

export default function InvestmentManagement() {
  return <Investments />;
}
