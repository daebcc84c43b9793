import { Alert, Button, Card, Empty, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { PolicySummary } from '@contract/io/correction';
import { OPEN_CORRECTION_STATES } from '@contract/states';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { correctionHref, paths, rosterChanges } from '@client/shared/paths';
import { useCorrectablePoliciesQuery, useCorrectRecordListQuery } from '../api';
import { correctionMessages, kindNames, variantNames, reconcileMessages } from '../messages';

/**
 * Employee changes (the menu's way in): the company's policies that have people on them, each with
 * the changes it allows and the correction still open on it; a change opens the right flow for the
 * policy's kind (the user never chooses between the correction pages).
 */
export default function EmployeeChanges() {
  const m = useMessages(correctionMessages);
  const kinds = useMessages(kindNames);
  const rm = useMessages(reconcileMessages);
  const variants = useMessages(variantNames);
  const navigate = useNavigate();
  const { data: policies = [], isLoading } = useCorrectablePoliciesQuery({}, { refetchOnMountOrArgChange: true });
  const { data: open } = useCorrectRecordListQuery({ states: [...OPEN_CORRECTION_STATES], pageSize: 100 });
  const openOf = (p: PolicySummary) => open?.list.find((c) => c.policyId === p.policyId) ?? null;
  const columns: ListColumn<PolicySummary>[] = [
    {
      key: 'policy',
      title: m.policy,
      className: 'mc-wrap mc-wrap-narrow',
      only: 'table',
      render: (p) => (
        <>
          <div className="mc-nowrap">{p.policyNo}</div>
          <Typography.Text type="secondary">{p.productName}</Typography.Text>
        </>
      ),
    },
    { key: 'product', title: m.policy, card: 'title', only: 'card', render: (p) => p.productName },
    { key: 'policyNo', title: m.policy, card: 'subtitle', only: 'card', render: (p) => p.policyNo },
    { key: 'variant', title: m.rosterKind, className: 'mc-wrap mc-wrap-narrow', render: (p) => variants[p.variant] },
    { key: 'members', title: m.members, align: 'right', render: (p) => p.memberCount },
    {
      key: 'period',
      title: m.period,
      render: (p) => (
        <>
          <div className="mc-nowrap">{formatDate(p.startDate)}</div>
          <div className="mc-nowrap">~ {formatDate(p.endDate)}</div>
        </>
      ),
    },
    {
      key: 'open',
      title: m.state,
      card: 'state',
      render: (p) => {
        const c = openOf(p);
        return c ? <Tag color="orange">{format(m.openCorrection, { state: c.stateText })}</Tag> : null;
      },
    },
  ];
  const actions = (p: PolicySummary) => {
    const c = openOf(p);
    if (c)
      return (
        <>
          <ListButton
            primary
            onClick={() => navigate(correctionHref(p.variant, p.policyNo, { correctionId: c.correctionId }))}
          >
            {m.resume}
          </ListButton>
        </>
      );
    return (
      <>
        {rosterChanges(p.variant).map((k) => (
          <ListButton
            key={k}
            primary={k === 'add'}
            onClick={() => navigate(correctionHref(p.variant, p.policyNo, { kind: k }))}
          >
            {kinds[k]}
          </ListButton>
        ))}
        <ListButton onClick={() => navigate(paths.rosterReconcile.href(p.policyNo))}>{rm.open}</ListButton>
        <ListButton onClick={() => navigate(paths.employeeView.href(p.policyNo))}>{m.toEmployees}</ListButton>
      </>
    );
  };
  return (
    <div className="mc-page" data-testid="employee-changes">
      <Typography.Title level={3}>{m.pageTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.changesIntro}</Typography.Paragraph>
      <Card size="small">
        {!isLoading && !policies.length ? (
          <Empty description={m.noPolicies} />
        ) : (
          <DataList<PolicySummary>
            rowKey="policyId"
            loading={isLoading}
            rows={policies}
            columns={columns}
            actions={actions}
            actionsWidth={300}
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
