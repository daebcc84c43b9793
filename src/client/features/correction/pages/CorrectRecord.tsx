import { paths } from '../../../shared/paths';
import { Button, Descriptions, Drawer, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CorrectionState, CorrectionSummary } from '../../../../contract/io/correction';
import { format, useMessages } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import {
  useCorrectDetailQuery,
  useCorrectRecordListQuery,
  useDelCorrectRecordMutation,
  useDelInsuredCorrectRecordMutation,
  useDownloadEndorsementMutation,
} from '../api';
import { DraftItems } from '../components/DraftItems';
import { formatFen } from '../../../../common/money';
import { correctionMessages, stateNames } from '../messages';

const STATES: CorrectionState[] = [
  'draft',
  'checked',
  'underwritten',
  'approved',
  'rejected',
  'pending',
  'awaiting_payment',
  'in_force',
  'cancelled',
];
const OPEN: CorrectionState[] = [
  'draft',
  'checked',
  'underwritten',
  'approved',
  'rejected',
  'pending',
  'awaiting_payment',
];
const COLOURS: Partial<Record<CorrectionState, string>> = {
  in_force: 'green',
  rejected: 'red',
  cancelled: 'default',
  awaiting_payment: 'orange',
  pending: 'blue',
};

function Detail({ correctionId, onClose }: { correctionId: number | null; onClose: () => void }) {
  const m = useMessages(correctionMessages);
  const names = useMessages(stateNames);
  const { data } = useCorrectDetailQuery(
    { correctionId: correctionId ?? 0, pageSize: 200 },
    { skip: correctionId === null },
  );
  const [download] = useDownloadEndorsementMutation();
  const c = data?.correction;
  return (
    <Drawer open={correctionId !== null} onClose={onClose} title={m.detail} size="large">
      {c && data && (
        <div data-testid="record-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={m.correctionNo}>{c.correctionNo}</Descriptions.Item>
            <Descriptions.Item label={m.state}>{names[c.state]}</Descriptions.Item>
            <Descriptions.Item label={m.policy}>{c.policyNo}</Descriptions.Item>
            <Descriptions.Item label={m.effectiveDate}>{c.effectiveDate}</Descriptions.Item>
            <Descriptions.Item label={m.totalPremium}>{formatFen(c.premiumFen)}</Descriptions.Item>
            <Descriptions.Item label={m.totalRefund}>{formatFen(c.refundFen)}</Descriptions.Item>
            {data.payment && <Descriptions.Item label={m.paymentNo}>{data.payment.paymentNo}</Descriptions.Item>}
            {c.reasons.length > 0 && <Descriptions.Item label={m.reasons}>{c.reasons.join(' ')}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {m.perPerson}
          </Typography.Title>
          <DraftItems items={data.items.list} showPremium={c.netFen !== null} />
          {c.actions.includes('downloadEndorsement') && (
            <Button style={{ marginTop: 12 }} onClick={() => void download({ correctionId: c.correctionId })}>
              {m.downloadEndorsement}
            </Button>
          )}
        </div>
      )}
    </Drawer>
  );
}

/** correctRecord: the customer's corrections, newest first; details, delete a draft or unpaid one, continue an open one. */
export default function CorrectRecord() {
  const m = useMessages(correctionMessages);
  const names = useMessages(stateNames);
  const navigate = useNavigate();
  const [state, setState] = useState<CorrectionState | undefined>(undefined);
  const [pageNum, setPageNum] = useState(1);
  const [detailId, setDetailId] = useState<number | null>(null);
  const { data, isFetching } = useCorrectRecordListQuery({ state, pageNum, pageSize: 10 });
  const [delEmployee] = useDelCorrectRecordMutation();
  const [delInsured] = useDelInsuredCorrectRecordMutation();
  const remove = async (c: CorrectionSummary) => {
    const del = c.variant === 'insured' ? delInsured : delEmployee;
    try {
      await del({ correctionId: c.correctionId }).unwrap();
      notify.success(m.deleted);
    } catch (e) {
      const text = (e as { statusText?: string }).statusText;
      notify.error(text || m.errServer);
    }
  };
  return (
    <div className="mc-page" data-testid="correct-record">
      <Typography.Title level={3}>{m.recordsTitle}</Typography.Title>
      <Space style={{ marginBottom: 12 }}>
        <Select
          aria-label={m.state}
          allowClear
          placeholder={m.allStates}
          value={state}
          onChange={(v) => {
            setState(v);
            setPageNum(1);
          }}
          options={STATES.map((s) => ({ value: s, label: names[s] }))}
          style={{ width: 200 }}
        />
      </Space>
      <Table<CorrectionSummary>
        rowKey="correctionId"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        columns={[
          { title: m.correctionNo, dataIndex: 'correctionNo' },
          { title: m.policy, dataIndex: 'policyNo' },
          {
            title: m.kind,
            dataIndex: 'kind',
            render: (k: string) =>
              ({ add: m.kindAdd, subtract: m.kindSubtract, exchange: m.kindExchange, modify: m.kindModify })[k] ?? k,
          },
          { title: m.items, dataIndex: 'itemCount' },
          { title: m.effectiveDate, dataIndex: 'effectiveDate' },
          { title: m.net, dataIndex: 'netFen', render: (fen: number | null) => (fen === null ? '' : formatFen(fen)) },
          {
            title: m.state,
            dataIndex: 'state',
            render: (s: CorrectionState) => <Tag color={COLOURS[s]}>{names[s]}</Tag>,
          },
          { title: m.createdAt, dataIndex: 'createdAt', render: (t: string) => t.slice(0, 10) },
          {
            title: m.actions,
            key: 'actions',
            render: (_: unknown, c) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => setDetailId(c.correctionId)}>
                  {m.detail}
                </Button>
                {OPEN.includes(c.state) && (
                  <Button
                    size="small"
                    type="link"
                    onClick={() =>
                      navigate(
                        (c.variant === 'insured' ? paths.insuredCorrection : paths.employeeCorrection).href(
                          c.policyNo,
                          c.correctionId,
                        ),
                      )
                    }
                  >
                    {m.resume}
                  </Button>
                )}
                {c.actions.includes('delete') && (
                  <Popconfirm
                    title={format(m.deleteConfirm, { no: c.correctionNo })}
                    okText={m.confirm}
                    cancelText={m.keep}
                    onConfirm={() => remove(c)}
                  >
                    <Button size="small" type="link" danger>
                      {m.delete}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Detail correctionId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
