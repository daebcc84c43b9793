import { paths } from '@client/shared/paths';
import { Button, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { format, useMessages } from '@client/shared/i18n';
import { useHomeSummaryQuery } from '../api';
import { formatFen } from '@common/money';
import { formatDate, formatDateTime } from '@client/shared/format';
import { label, personalMessages } from '../messages';

/**
 * The personal-centre home's blocks. Each reads the one homeSummary call (RTK Query shares it), so
 * they can be placed in any order and any number on the home page.
 */

function GreetingBlock() {
  const m = useMessages(personalMessages);
  const { data } = useHomeSummaryQuery();
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <Card data-testid="personal-greeting">
      <Typography.Title level={4}>{format(m.greeting, { name: data.realName ?? data.nickName })}</Typography.Title>
      {data.userAnk === 1 ? (
        <Tag color="gold">{m.greetingSenior}</Tag>
      ) : (
        <Space>
          <Typography.Text type="secondary">{m.greetingBasic}</Typography.Text>
          <Link to={paths.personalInfo.path}>{m.completeNow}</Link>
        </Space>
      )}
    </Card>
  );
}

function PolicySummaryBlock() {
  const m = useMessages(personalMessages);
  const { data } = useHomeSummaryQuery();
  return (
    <Card
      title={m.policySummary}
      extra={<Link to={paths.personalPolicies.path}>{m.details}</Link>}
      data-testid="personal-policy-summary"
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={16}>
            <Col span={8}>
              <Statistic title={m.policiesTotal} value={data.policies.total} />
            </Col>
            <Col span={8}>
              <Statistic title={m.policiesInForce} value={data.policies.inForce} />
            </Col>
            <Col span={8}>
              <Statistic title={m.policiesAutoRenew} value={data.policies.autoRenew} />
            </Col>
          </Row>
          <Space wrap style={{ marginTop: 12 }}>
            {data.policies.byKind.map((k) => (
              <Tag key={k.kind}>
                {label(m, 'kind', k.kind)} × {k.count}
              </Tag>
            ))}
          </Space>
        </>
      )}
    </Card>
  );
}

function PendingOrdersBlock() {
  const m = useMessages(personalMessages);
  const { data } = useHomeSummaryQuery();
  return (
    <Card
      title={m.pendingOrders}
      extra={<Link to={paths.orders.path}>{m.details}</Link>}
      data-testid="personal-pending-orders"
    >
      {!data ? (
        <Skeleton active />
      ) : data.pendingOrders.length === 0 ? (
        <Empty description={m.noPendingOrders} />
      ) : (
        <List
          size="small"
          dataSource={data.pendingOrders}
          renderItem={(o) => (
            <List.Item extra={formatFen(o.amountFen)}>
              <List.Item.Meta
                title={
                  <Link
                    to={`${o.kind === 'order' ? '/mypolicy/orderList' : '/mypolicy/applicationList'}?orderNo=${encodeURIComponent(o.orderNo)}`}
                  >
                    {o.productName}
                  </Link>
                }
                description={
                  <>
                    {label(m, 'orderState', o.state)} · <span className="mc-nowrap">{formatDateTime(o.createdAt)}</span>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function RecentClaimsBlock() {
  const m = useMessages(personalMessages);
  const { data } = useHomeSummaryQuery();
  return (
    <Card
      title={m.recentClaims}
      extra={<Link to={paths.personalClaims.path}>{m.details}</Link>}
      data-testid="personal-recent-claims"
    >
      {!data ? (
        <Skeleton active />
      ) : data.recentClaims.length === 0 ? (
        <Empty description={m.noClaims} />
      ) : (
        <List
          size="small"
          dataSource={data.recentClaims}
          renderItem={(c) => (
            <List.Item extra={formatFen(c.claimedFen)}>
              <List.Item.Meta
                title={<Link to={paths.claimDetail.href(c.claimNo)}>{c.claimNo}</Link>}
                description={
                  <>
                    {label(m, 'claimState', c.state)} · <span className="mc-nowrap">{formatDate(c.reportDate)}</span>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function PointsBlock() {
  const m = useMessages(personalMessages);
  const { data } = useHomeSummaryQuery();
  return (
    <Card
      title={m.pointsBlock}
      extra={data?.points !== null && <Link to={paths.myScore.path}>{m.details}</Link>}
      data-testid="personal-points"
    >
      {!data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : data.points === null ? (
        <Typography.Text type="secondary">{m.pointsLocked}</Typography.Text>
      ) : (
        <Statistic value={data.points} />
      )}
    </Card>
  );
}

const SHORTCUTS: Array<{
  to: string;
  key:
    | 'bindPolicy'
    | 'reportClaim'
    | 'orderListTitle'
    | 'claimListTitle'
    | 'riskTitle'
    | 'personalInfoTitle'
    | 'accountSecurityTitle';
}> = [
  { to: paths.bindPolicy.href(), key: 'bindPolicy' },
  { to: paths.claimReport.href('nonCar'), key: 'reportClaim' },
  { to: paths.orders.href(), key: 'orderListTitle' },
  { to: paths.personalClaims.href(), key: 'claimListTitle' },
  { to: paths.riskEvaluating.href(), key: 'riskTitle' },
  { to: paths.personalInfo.href(), key: 'personalInfoTitle' },
  { to: paths.accountSecurity.href(), key: 'accountSecurityTitle' },
];

function ShortcutsBlock() {
  const m = useMessages(personalMessages);
  return (
    <Card title={m.shortcuts} data-testid="personal-shortcuts">
      <Space wrap>
        {SHORTCUTS.map((s) => (
          <Link key={s.to} to={s.to}>
            <Button>{m[s.key]}</Button>
          </Link>
        ))}
      </Space>
    </Card>
  );
}

/** All blocks in the default arrangement, for the home page to mount in one line. */
export function PersonalHomeBlocks() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="personal-home-blocks">
      <GreetingBlock />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <PolicySummaryBlock />
        </Col>
        <Col xs={24} lg={12}>
          <PointsBlock />
        </Col>
        <Col xs={24} lg={12}>
          <PendingOrdersBlock />
        </Col>
        <Col xs={24} lg={12}>
          <RecentClaimsBlock />
        </Col>
      </Row>
      <ShortcutsBlock />
    </Space>
  );
}
