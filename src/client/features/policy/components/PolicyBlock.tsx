import { Button, Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { format, useMessages } from '@client/shared/i18n';
import { useGetLegalPolicyListQuery } from '../api';
import { paths, policyDetailHref } from '@client/shared/paths';
import { STATE_COLORS, stateText } from '../format';
import { policyMessages } from '../messages';

/**
 * Corporate home, insurance policy block: the company's policies by state, those ending within 30
 * days, and quick links to the policy area's pages.
 */
export function PolicyBlock() {
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  const overview = useGetLegalPolicyListQuery({ pageNum: 1, pageSize: 1 });
  const expiring = useGetLegalPolicyListQuery({
    expiringWithinDays: 30,
    sortField: 'endDate',
    sortOrder: 'ascend',
    pageNum: 1,
    pageSize: 5,
  });
  const counts = overview.data?.stateCounts ?? {};
  return (
    <Card title={m.policyBlockTitle} loading={overview.isLoading} data-testid="policy-block">
      <Row gutter={16}>
        {[1, 2, 3].map((s) => (
          <Col key={s} xs={8}>
            {/* each number opens the policies it counts */}
            <Button
              type="text"
              block
              className="mc-stat-tile"
              aria-label={`${stateText(m, s)} ${counts[String(s)] ?? 0}`}
              onClick={() => navigate(paths.myPolicy.href({ tab: 'all', state: s }))}
            >
              <Statistic title={stateText(m, s)} value={counts[String(s)] ?? 0} data-testid={`policy-count-${s}`} />
            </Button>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {m.expiringSoon}
      </Typography.Title>
      {expiring.data && expiring.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.noneExpiring} />
      ) : (
        <ul
          className="mc-plain-list"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-busy={expiring.isLoading}
        >
          {(expiring.data?.list ?? []).map((p) => (
            <li
              key={p.policyNo}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                padding: '6px 0',
                borderBottom: '1px solid #f0f0f0',
              }}
            >
              <Link to={policyDetailHref(p.kind, p.policyNo)}>
                {p.productName} · {p.policyNo}
              </Link>
              <Tag color={STATE_COLORS[p.state]}>{format(m.daysLeft, { days: p.daysToEnd })}</Tag>
            </li>
          ))}
        </ul>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {m.quickLinks}
      </Typography.Title>
      <Space wrap>
        <Button onClick={() => navigate(paths.myPolicy.path)}>{m.linkMyPolicy}</Button>
        <Button onClick={() => navigate(paths.legalClaims.path)}>{m.linkClaims}</Button>
        <Button onClick={() => navigate(paths.insuranceRecord.path)}>{m.linkRecords}</Button>
      </Space>
    </Card>
  );
}
