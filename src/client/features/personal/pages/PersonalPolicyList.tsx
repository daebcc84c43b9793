import { Button, Modal, Space, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import type { PolicyKind, PolicyRow } from '@contract/io/policy';
import { PolicyState } from '@contract/states';
import { insurerToday } from '@common/correction';
import { useCancelRenewMutation, usePersonalPolicyListQuery } from '../api';
import { BindPolicyDialog } from '../components/BindPolicyDialog';
import { RenewDialog } from '../components/RenewDialog';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { oneOf, useListQuery } from '@client/shared/list/useListQuery';
import { formatFen } from '@common/money';
import { policyDetailHref } from '@client/shared/paths';
import { label, personalMessages } from '../messages';

const KINDS: PolicyKind[] = ['life', 'health', 'motor', 'property'];
const STATES = Object.values(PolicyState);
const FILTERS = { kind: oneOf(KINDS), state: oneOf(STATES) };

/**
 * My policies: filters by kind and state, bind a policy bought elsewhere, stop automatic renewal, renew
 * a policy online (?renew=<policyNo>: a policy's details send the member here with its dialog open).
 */
export default function PersonalPolicyList() {
  const m = useMessages(personalMessages);
  const [modal, modalHolder] = Modal.useModal();
  // The home page's "Bind a policy" shortcut arrives with ?bind=1: the dialog is open at once.
  const [params, setParams] = useSearchParams();
  const binding = params.get('bind') === '1';
  const renewing = params.get('renew');
  const setRenewing = (policyNo: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (policyNo) next.set('renew', policyNo);
        else next.delete('renew');
        return next;
      },
      { replace: true },
    );
  const setBinding = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('bind', '1');
        else next.delete('bind');
        return next;
      },
      { replace: true },
    );
  const list = useListQuery(usePersonalPolicyListQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({
      pageNum,
      pageSize,
      kind: filters.kind ? [filters.kind] : undefined,
      state: filters.state,
    }),
  });
  const [cancelRenew] = useCancelRenewMutation();

  const stopRenewal = (p: PolicyRow) =>
    modal.confirm({
      title: m.stopRenewalTitle,
      content: format(m.stopRenewalText, { policyNo: p.policyNo, endDate: p.endDate }),
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        if (await succeeded(() => cancelRenew({ policyNo: p.policyNo }).unwrap())) notify.success(m.renewalStopped);
      },
    });

  // On a wide screen seven columns: the kind under the policy number (which opens the details), the
  // period as two whole dates, stopping the renewal next to the renewal it stops.
  const columns: ListColumn<PolicyRow>[] = [
    {
      key: 'policyNo',
      title: m.policyNoAndKind,
      card: 'subtitle',
      render: (p) => (
        <>
          <Link to={policyDetailHref(p.kind, p.policyNo)}>{p.policyNo}</Link>
          <div className="mc-secondary">{label(m, 'kind', p.kind)}</div>
        </>
      ),
    },
    { key: 'productName', title: m.product, className: 'mc-wrap', card: 'title', render: (p) => p.productName },
    { key: 'insuredName', title: m.insured, render: (p) => p.insuredName },
    {
      key: 'period',
      title: m.period,
      // the two dates one under the other, each whole
      render: (p) => (
        <>
          <div className="mc-nowrap">{p.startDate}</div>
          <div className="mc-nowrap">~ {p.endDate}</div>
        </>
      ),
    },
    { key: 'premium', title: m.premium, align: 'right', render: (p) => formatFen(p.premiumFen) },
    {
      key: 'state',
      title: m.state,
      card: 'state',
      // A policy in force whose period has not begun (bought or paid for a later start) says so.
      render: (p) =>
        p.state === PolicyState.inForce && p.startDate > insurerToday() ? (
          <Tag color="blue">{m.notYetInForce}</Tag>
        ) : (
          <Tag color={p.state === PolicyState.inForce ? 'green' : undefined}>{label(m, 'policyState', p.state)}</Tag>
        ),
    },
    {
      key: 'autoRenew',
      title: m.autoRenew,
      render: (p) =>
        p.autoRenew === 1 && p.state === 1 ? (
          <Space size={8} wrap>
            {m.renewOn}
            <ListButton onClick={() => stopRenewal(p)}>{m.stopRenewal}</ListButton>
          </Space>
        ) : p.autoRenew === 1 ? (
          m.renewOn
        ) : (
          m.renewOff
        ),
    },
    {
      key: 'renewal',
      title: m.renewal,
      render: (p) => <RenewalCell policy={p} onRenew={() => setRenewing(p.policyNo)} />,
    },
  ];
  // the dialog's policy: the row of this page, or (a policy's details sent the member) one of another page
  // The policy a renewal link names, from the page shown or, on another page, asked for by its number.
  const onPage = list.data?.list.find((p: PolicyRow) => p.policyNo === renewing);
  const elsewhere = usePersonalPolicyListQuery(
    { pageNum: 1, pageSize: 1, policyNo: renewing ?? undefined },
    { skip: !renewing || !list.data || onPage !== undefined },
  );
  const renewed = onPage ?? elsewhere.data?.list[0] ?? null;

  return (
    <div className="mc-page" data-testid="personal-policy-list">
      {modalHolder}
      <Typography.Title level={3}>{m.policyListTitle}</Typography.Title>
      <ListFilters
        list={list}
        live
        fields={[
          {
            kind: 'select',
            name: 'kind',
            label: m.kind,
            width: 160,
            options: KINDS.map((k) => ({ value: k, label: label(m, 'kind', k) })),
          },
          {
            kind: 'select',
            name: 'state',
            label: m.state,
            width: 160,
            options: STATES.map((s) => ({ value: s, label: label(m, 'policyState', s) })),
          },
        ]}
        extra={
          <Button type="primary" onClick={() => setBinding(true)}>
            {m.bindPolicy}
          </Button>
        }
      />
      <DataList<PolicyRow>
        rowKey="policyNo"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
      />
      <BindPolicyDialog open={binding} onClose={() => setBinding(false)} />
      <RenewDialog policy={renewed?.renewal ? renewed : null} onClose={() => setRenewing(null)} />
    </div>
  );
}

/** Where a policy stands for its online renewal: Renew (until when), Pay renewal, or the policy that renewed it. */
function RenewalCell({ policy, onRenew }: { policy: PolicyRow; onRenew: () => void }) {
  const m = useMessages(personalMessages);
  const r = policy.renewal;
  if (!r) return <span className="mc-secondary">-</span>;
  if (r.state === 'renewed')
    return (
      <span className="mc-nowrap">
        {format(m.renewedAs, { policyNo: '' })}
        <Link to={policyDetailHref(policy.kind, r.policyNo ?? '')}>{r.policyNo}</Link>
      </span>
    );
  return (
    <Space size={8} wrap>
      <ListButton primary onClick={onRenew} aria-label={format(m.renewLabel, { policyNo: policy.policyNo })}>
        {r.state === 'ordered' ? m.payRenewal : m.renew}
      </ListButton>
      {r.until && <span className="mc-secondary mc-nowrap">{format(m.renewBy, { date: r.until })}</span>}
    </Space>
  );
}
