import { Button, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import type { PolicyKind, PolicyRow } from '@contract/io/policy';
import { PolicyState } from '@contract/states';
import { insurerToday } from '@common/correction';
import { useCancelRenewMutation, usePersonalPolicyListQuery } from '../api';
import { BindPolicyDialog } from '../components/BindPolicyDialog';
import { PagedTable, type Paging } from '../components/PagedTable';
import { formatFen } from '@common/money';
import { policyDetailHref } from '@client/shared/paths';
import { label, personalMessages } from '../messages';

const KINDS: PolicyKind[] = ['life', 'health', 'motor', 'property'];
const STATES = Object.values(PolicyState);

/** My policies: filters by kind and state, bind a policy bought elsewhere, stop automatic renewal. */
export default function PersonalPolicyList() {
  const m = useMessages(personalMessages);
  const [modal, modalHolder] = Modal.useModal();
  const [kind, setKind] = useState<PolicyKind | undefined>();
  const [state, setState] = useState<PolicyState | undefined>();
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  // The home page's "Bind a policy" shortcut arrives with ?bind=1: the dialog is open at once.
  const [params, setParams] = useSearchParams();
  const binding = params.get('bind') === '1';
  const setBinding = (open: boolean) => setParams(open ? { bind: '1' } : {}, { replace: true });
  const { data, isFetching } = usePersonalPolicyListQuery({ ...paging, kind: kind ? [kind] : undefined, state });
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

  // Seven columns that fit a desktop's card: the kind under the policy number (which opens the
  // details), the period as two whole dates, stopping the renewal next to the renewal it stops.
  const columns: TableColumnsType<PolicyRow> = [
    {
      title: m.policyNoAndKind,
      dataIndex: 'policyNo',
      render: (v: string, p) => (
        <>
          <Link to={policyDetailHref(p.kind, v)}>{v}</Link>
          <div className="mc-secondary">{label(m, 'kind', p.kind)}</div>
        </>
      ),
    },
    { title: m.product, dataIndex: 'productName', className: 'mc-wrap' },
    { title: m.insured, dataIndex: 'insuredName' },
    {
      title: m.period,
      key: 'period',
      // the two dates one under the other, each whole
      render: (_v, p) => (
        <>
          <div>{p.startDate}</div>
          <div>~ {p.endDate}</div>
        </>
      ),
    },
    { title: m.premium, dataIndex: 'premiumFen', align: 'right', render: (v: number) => formatFen(v) },
    {
      title: m.state,
      dataIndex: 'state',
      // A policy in force whose period has not begun (bought or paid for a later start) says so.
      render: (v: number, p) =>
        v === PolicyState.inForce && p.startDate > insurerToday() ? (
          <Tag color="blue">{m.notYetInForce}</Tag>
        ) : (
          <Tag color={v === PolicyState.inForce ? 'green' : undefined}>{label(m, 'policyState', v)}</Tag>
        ),
    },
    {
      title: m.autoRenew,
      dataIndex: 'autoRenew',
      render: (v: number, p) =>
        v === 1 && p.state === 1 ? (
          <Space size={8}>
            {m.renewOn}
            <Button size="small" onClick={() => stopRenewal(p)}>
              {m.stopRenewal}
            </Button>
          </Space>
        ) : v === 1 ? (
          m.renewOn
        ) : (
          m.renewOff
        ),
    },
  ];

  return (
    <div className="mc-page" data-testid="personal-policy-list">
      {modalHolder}
      <Typography.Title level={3}>{m.policyListTitle}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={m.kind}
          allowClear
          placeholder={m.kind}
          style={{ width: 160 }}
          value={kind}
          options={KINDS.map((k) => ({ value: k, label: label(m, 'kind', k) }))}
          onChange={(v) => {
            setKind(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <Select
          aria-label={m.state}
          allowClear
          placeholder={m.state}
          style={{ width: 160 }}
          value={state}
          options={STATES.map((s) => ({ value: s, label: label(m, 'policyState', s) }))}
          onChange={(v) => {
            setState(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <Button type="primary" onClick={() => setBinding(true)}>
          {m.bindPolicy}
        </Button>
      </Space>
      <PagedTable
        data={data}
        loading={isFetching}
        columns={columns}
        rowKey="policyNo"
        size="middle"
        paging={paging}
        onPage={setPaging}
      />
      <BindPolicyDialog open={binding} onClose={() => setBinding(false)} />
    </div>
  );
}
