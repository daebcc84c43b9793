import { Card, Col, Row, Space, Spin, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { AssetAccount } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { useAssetsDetailsQuery } from '../api';
import { formatFen } from '@common/money';
import { paths, policyDetailHref } from '@client/shared/paths';
import { label, personalMessages } from '../messages';

function Details() {
  const m = useMessages(personalMessages);
  const { data, isLoading } = useAssetsDetailsQuery();
  if (isLoading || !data) return <Spin />;
  return (
    <div className="mc-page" data-testid="assets-details">
      <Typography.Title level={3}>{m.assetsTitle}</Typography.Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title={m.totalAssets} value={formatFen(data.totalFen)} />
          </Card>
        </Col>
        {data.byKind.map((k) => (
          <Col xs={24} sm={12} lg={8} key={k.kind}>
            <Card>
              <Statistic title={label(m, 'account', k.kind)} value={formatFen(k.valueFen)} />
            </Card>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title={m.bonusThisYear} value={formatFen(data.bonusThisYearFen)} />
          </Card>
        </Col>
      </Row>
      <Table<AssetAccount>
        rowKey="accountNo"
        dataSource={data.accounts}
        pagination={false}
        locale={{ emptyText: m.empty }}
        columns={[
          { title: m.account, dataIndex: 'name', className: 'mc-wrap' },
          { title: m.kind, dataIndex: 'kind', render: (v: string) => label(m, 'account', v) },
          {
            title: m.policyNo,
            dataIndex: 'policyNo',
            // The policy opens when the account holds it; one sold elsewhere is bound first.
            render: (v: string | null, a) =>
              v === null ? (
                ''
              ) : a.policyKind ? (
                <Link to={policyDetailHref(a.policyKind, v)}>{v}</Link>
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>{v}</span>
                  <Typography.Text type="secondary">
                    {m.policyNotInAccount} <Link to={paths.bindPolicy.href()}>{m.bindPolicy}</Link>
                  </Typography.Text>
                </Space>
              ),
          },
          {
            title: m.rate,
            dataIndex: 'rateBp',
            render: (v: number | null) => (v === null ? '' : `${(v / 100).toFixed(2)}%`),
          },
          { title: m.accountValue, dataIndex: 'valueFen', align: 'right', render: (v: number) => formatFen(v) },
          { title: m.date, dataIndex: 'updatedOn' },
        ]}
      />
    </div>
  );
}

export default function AssetsDetails() {
  return <Details />;
}
