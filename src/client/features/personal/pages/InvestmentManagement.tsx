import { Alert, Card, Descriptions, Space, Spin, Table, Typography } from 'antd';
import type { FundPosition } from '@contract/io/personal';
import { formatNumber } from '@client/shared/format';
import { useMessages } from '@client/shared/i18n';
import { useInvestmentManagementQuery } from '../api';
import { formatFen } from '@common/money';
import { label, personalMessages } from '../messages';

function Investments() {
  const m = useMessages(personalMessages);
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
          <Card key={a.accountNo} title={`${a.name} (${a.accountNo})`} extra={formatFen(a.valueFen)}>
            <Table<FundPosition>
              rowKey="fundCode"
              size="small"
              pagination={false}
              dataSource={a.funds}
              locale={{ emptyText: m.empty }}
              columns={[
                { title: m.fund, dataIndex: 'fundName' },
                { title: m.riskLevel, dataIndex: 'riskLevel', render: (v: number) => label(m, 'level', v) },
                { title: m.units, dataIndex: 'units', align: 'right', render: (v: number) => formatNumber(v, 2) },
                { title: m.nav, dataIndex: 'navE4', align: 'right', render: (v: number) => formatNumber(v / 10000, 4) },
                { title: m.value, dataIndex: 'valueFen', align: 'right', render: (v: number) => formatFen(v) },
                { title: m.gain, dataIndex: 'gainFen', align: 'right', render: (v: number) => formatFen(v) },
                { title: m.allocation, dataIndex: 'allocationPct', align: 'right', render: (v: number) => `${v}%` },
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
