import { Alert, Button, Card, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { PolicySummary } from '@contract/io/correction';
import { OPEN_CORRECTION_STATES } from '@contract/states';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { correctionHref, paths, rosterChanges } from '@client/shared/paths';
import { useCorrectablePoliciesQuery, useCorrectRecordListQuery } from '../api';
import { correctionMessages, kindNames, variantNames } from '../messages';

/**
 * Employee changes (the menu's way in): the company's policies that have people on them, each with
 * the changes it allows and the correction still open on it; a change opens the right flow for the
 * policy's kind (the user never chooses between the correction pages).
 */
export default function EmployeeChanges() {
  const m = useMessages(correctionMessages);
  const kinds = useMessages(kindNames);
  const variants = useMessages(variantNames);
  const navigate = useNavigate();
  const { data: policies = [], isLoading } = useCorrectablePoliciesQuery({}, { refetchOnMountOrArgChange: true });
  const { data: open } = useCorrectRecordListQuery({ states: [...OPEN_CORRECTION_STATES], pageSize: 100 });
  const openOf = (p: PolicySummary) => open?.list.find((c) => c.policyId === p.policyId) ?? null;
  const columns: TableColumnsType<PolicySummary> = [
    {
      title: m.policy,
      key: 'policy',
      width: 200,
      render: (_: unknown, p) => (
        <div>
          <div className="mc-nowrap">{p.policyNo}</div>
          <Typography.Text type="secondary">{p.productName}</Typography.Text>
        </div>
      ),
    },
    {
      title: m.rosterKind,
      dataIndex: 'variant',
      width: 180,
      className: 'mc-wrap',
      render: (v: PolicySummary['variant']) => variants[v],
    },
    { title: m.members, dataIndex: 'memberCount', width: 136, align: 'right' },
    {
      title: m.period,
      key: 'period',
      width: 200,
      className: 'mc-nowrap',
      render: (_: unknown, p) => `${formatDate(p.startDate)} ~ ${formatDate(p.endDate)}`,
    },
    {
      title: m.actions,
      key: 'actions',
      width: 318,
      render: (_: unknown, p) => {
        const c = openOf(p);
        if (c)
          return (
            <Space wrap>
              <Tag color="orange">{format(m.openCorrection, { state: c.stateText })}</Tag>
              <Button
                type="primary"
                size="small"
                onClick={() => navigate(correctionHref(p.variant, p.policyNo, { correctionId: c.correctionId }))}
              >
                {m.resume}
              </Button>
            </Space>
          );
        return (
          <Space wrap>
            {rosterChanges(p.variant).map((k) => (
              <Button
                key={k}
                size="small"
                type={k === 'add' ? 'primary' : 'default'}
                onClick={() => navigate(correctionHref(p.variant, p.policyNo, { kind: k }))}
              >
                {kinds[k]}
              </Button>
            ))}
            <Button size="small" type="link" onClick={() => navigate(paths.employeeView.href(p.policyNo))}>
              {m.toEmployees}
            </Button>
          </Space>
        );
      },
    },
  ];
  return (
    <div className="mc-page" data-testid="employee-changes">
      <Typography.Title level={3}>{m.pageTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.changesIntro}</Typography.Paragraph>
      <Card size="small">
        {!isLoading && !policies.length ? (
          <Empty description={m.noPolicies} />
        ) : (
          <Table<PolicySummary>
            rowKey="policyId"
            size="middle"
            loading={isLoading}
            dataSource={policies}
            columns={columns}
            pagination={false}
            tableLayout="fixed"
            scroll={{ x: 1046 }}
          />
        )}
      </Card>
      <Alert
        type="info"
        showIcon
        className="mc-flow-alert"
        title={m.changesRecordsHint}
        action={
          <Button size="small" onClick={() => navigate(paths.correctRecord.path)}>
            {m.toRecords}
          </Button>
        }
      />
    </div>
  );
}
