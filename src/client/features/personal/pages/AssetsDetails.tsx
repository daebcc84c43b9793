import { Card, Col, Row, Space, Spin, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { AssetAccount } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
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
      <DataList<AssetAccount>
        rowKey="accountNo"
        rows={data.accounts}
        columns={[
          { key: 'name', title: m.account, className: 'mc-wrap', card: 'title', render: (a) => a.name },
          { key: 'kind', title: m.kind, card: 'subtitle', render: (a) => label(m, 'account', a.kind) },
          {
            key: 'policyNo',
            title: m.policyNo,
            // The policy opens when the account holds it; one sold elsewhere is bound first.
            render: (a) =>
              a.policyNo === null ? null : a.policyKind ? (
                <Link to={policyDetailHref(a.policyKind, a.policyNo)}>{a.policyNo}</Link>
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>{a.policyNo}</span>
                  <Typography.Text type="secondary">
                    {m.policyNotInAccount} <Link to={paths.bindPolicy.href()}>{m.bindPolicy}</Link>
                  </Typography.Text>
                </Space>
              ),
          },
          {
            key: 'rate',
            title: m.rate,
            render: (a) => (a.rateBp === null ? null : `${(a.rateBp / 100).toFixed(2)}%`),
          },
          { key: 'value', title: m.accountValue, align: 'right', render: (a) => formatFen(a.valueFen) },
          { key: 'date', title: m.date, className: 'mc-nowrap', render: (a) => a.updatedOn },
        ]}
      />
    </div>
  );
}

export default function AssetsDetails() {
  return <Details />;
}
