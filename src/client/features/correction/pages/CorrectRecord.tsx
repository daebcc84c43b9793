import { Alert, Button, Descriptions, Drawer, Empty, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CorrectionSummary } from '@contract/io/correction';
import type { CorrectionState } from '@contract/states';
import { formatFen } from '@common/money';
import { formatDate, formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { correctionHref, paths } from '@client/shared/paths';
import { usePageTitle } from '@client/shared/usePageTitle';
import {
  useCorrectDetailQuery,
  useCorrectRecordListQuery,
  useDelCorrectRecordMutation,
  useDelInsuredCorrectRecordMutation,
  useDownloadEndorsementMutation,
} from '../api';
import { DraftItems } from '../components/DraftItems';
import { correctionMessages, kindNames } from '../messages';

/** The states as people name them: the filter's groups. */
const STAGES = {
  inProgress: ['draft', 'checked', 'underwritten', 'rejected'],
  review: ['pending'],
  payment: ['approved', 'awaiting_payment'],
  inForce: ['in_force'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly CorrectionState[]>;
type Stage = keyof typeof STAGES;

const COLOURS: Partial<Record<CorrectionState, string>> = {
  in_force: 'green',
  rejected: 'red',
  cancelled: 'default',
  approved: 'orange',
  awaiting_payment: 'orange',
  pending: 'blue',
};
const OPEN: readonly CorrectionState[] = [...STAGES.inProgress, ...STAGES.review, ...STAGES.payment];

function Detail({ correctionId, onClose }: { correctionId: number | null; onClose: () => void }) {
  const m = useMessages(correctionMessages);
  const { data, isError } = useCorrectDetailQuery(
    { correctionId: correctionId ?? 0, pageSize: 200 },
    { skip: correctionId === null },
  );
  const [download] = useDownloadEndorsementMutation();
  const c = data?.correction;
  return (
    <Drawer open={correctionId !== null} onClose={onClose} title={m.detail} size="large">
      {isError && <Alert type="error" showIcon title={m.errServer} />}
      {c && data && (
        <div data-testid="record-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={m.correctionNo}>{c.correctionNo}</Descriptions.Item>
            <Descriptions.Item label={m.state}>{c.stateText}</Descriptions.Item>
            <Descriptions.Item label={m.policy}>{c.policyNo}</Descriptions.Item>
            <Descriptions.Item label={m.effectiveDate}>
              <span className="mc-nowrap">{formatDate(c.effectiveDate)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={m.totalPremium}>{formatFen(c.premiumFen)}</Descriptions.Item>
            <Descriptions.Item label={m.totalRefund}>{formatFen(c.refundFen)}</Descriptions.Item>
            {data.payment && <Descriptions.Item label={m.paymentNo}>{data.payment.paymentNo}</Descriptions.Item>}
            {c.reasons.length > 0 && <Descriptions.Item label={m.reasons}>{c.reasons.join(' ')}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} className="mc-summary-people">
            {m.perPerson}
          </Typography.Title>
          <DraftItems items={data.items.list} total={data.items.total} showPremium={c.netFen !== null} />
          {c.actions.includes('downloadEndorsement') && (
            <Button
              className="mc-drawer-section"
              onClick={async () => {
                const r = await download({ correctionId: c.correctionId });
                if ('data' in r && r.data) notify.success(format(m.downloaded, { file: r.data.filename }));
              }}
            >
              {m.downloadEndorsement}
            </Button>
          )}
        </div>
      )}
    </Drawer>
  );
}

/** What deleting does, exactly: a draft is deleted; an approved correction is cancelled; never the policy. */
function deleteWords(m: (typeof correctionMessages)['en-US'], c: CorrectionSummary): [string, string] {
  if (c.state === 'approved' || c.state === 'awaiting_payment')
    return [m.cancelApproved, format(m.cancelApprovedConfirm, { no: c.correctionNo })];
  if (c.state === 'pending') return [m.withdraw, format(m.withdrawConfirm, { no: c.correctionNo })];
  return [m.deleteDraft, format(m.deleteDraftConfirm, { no: c.correctionNo })];
}

/** Correction records: the company's corrections, newest first; details, continue an open one, delete or cancel. */
export default function CorrectRecord() {
  const m = useMessages(correctionMessages);
  const kinds = useMessages(kindNames);
  const navigate = useNavigate();
  usePageTitle(m.recordsTitle);
  const [stage, setStage] = useState<Stage | undefined>(undefined);
  const [pageNum, setPageNum] = useState(1);
  const [detailId, setDetailId] = useState<number | null>(null);
  const { data, isFetching } = useCorrectRecordListQuery({
    states: stage ? [...STAGES[stage]] : undefined,
    pageNum,
    pageSize: 10,
  });
  const [delEmployee] = useDelCorrectRecordMutation();
  const [delInsured] = useDelInsuredCorrectRecordMutation();
  const remove = async (c: CorrectionSummary) => {
    const r = await (c.variant === 'insured' ? delInsured : delEmployee)({ correctionId: c.correctionId });
    if ('error' in r) {
      const text = (r.error as { statusText?: string }).statusText;
      notify.error(text || m.errServer);
    } else notify.success(c.state === 'approved' || c.state === 'awaiting_payment' ? m.cancelledNote : m.deleted);
  };
  const empty = !isFetching && data?.total === 0 && !stage;
  return (
    <div className="mc-page" data-testid="correct-record">
      <Space className="mc-page-head" align="center" wrap>
        <Typography.Title level={3} className="mc-page-title">
          {m.recordsTitle}
        </Typography.Title>
        <Button type="primary" onClick={() => navigate(paths.employeeChanges.path)}>
          {m.newChange}
        </Button>
      </Space>
      {empty ? (
        <Empty data-testid="records-empty" description={m.recordsEmpty}>
          <Button type="primary" onClick={() => navigate(paths.employeeChanges.path)}>
            {m.startChange}
          </Button>
        </Empty>
      ) : (
        <>
          <Space className="mc-list-filters">
            <Select
              aria-label={m.state}
              allowClear
              placeholder={m.allStates}
              value={stage}
              onChange={(v) => {
                setStage(v);
                setPageNum(1);
              }}
              options={(Object.keys(STAGES) as Stage[]).map((s) => ({ value: s, label: m[`stage_${s}`] }))}
              className="mc-select-stage"
            />
          </Space>
          <Table<CorrectionSummary>
            rowKey="correctionId"
            size="small"
            tableLayout="fixed"
            scroll={{ x: 1410 }}
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
              { title: m.correctionNo, dataIndex: 'correctionNo', width: 170, className: 'mc-nowrap' },
              {
                title: m.policy,
                key: 'policy',
                width: 200,
                render: (_: unknown, c) => (
                  <Typography.Text ellipsis={{ tooltip: `${c.policyNo} · ${c.productName}` }}>
                    {c.policyNo} · {c.productName}
                  </Typography.Text>
                ),
              },
              { title: m.kind, dataIndex: 'kind', width: 140, render: (k: CorrectionSummary['kind']) => kinds[k] },
              { title: m.items, dataIndex: 'itemCount', width: 80, align: 'right' },
              {
                title: m.effectiveDate,
                dataIndex: 'effectiveDate',
                width: 120,
                className: 'mc-nowrap',
                render: (d: string) => formatDate(d),
              },
              {
                title: m.net,
                dataIndex: 'netFen',
                width: 130,
                align: 'right',
                className: 'mc-nowrap',
                render: (fen: number | null) => (fen === null ? '' : formatFen(fen)),
              },
              {
                title: m.state,
                dataIndex: 'state',
                width: 170,
                render: (s: CorrectionState, c) => <Tag color={COLOURS[s]}>{c.stateText}</Tag>,
              },
              {
                title: m.createdAt,
                dataIndex: 'createdAt',
                width: 150,
                className: 'mc-nowrap',
                render: (t: string) => formatDateTime(t),
              },
              {
                title: m.actions,
                key: 'actions',
                width: 250,
                render: (_: unknown, c) => {
                  const [label, confirm] = deleteWords(m, c);
                  return (
                    <Space size="small">
                      <Button size="small" type="link" onClick={() => setDetailId(c.correctionId)}>
                        {m.detail}
                      </Button>
                      {OPEN.includes(c.state) && (
                        <Button
                          size="small"
                          type="link"
                          onClick={() =>
                            navigate(correctionHref(c.variant, c.policyNo, { correctionId: c.correctionId }))
                          }
                        >
                          {m.resume}
                        </Button>
                      )}
                      {c.actions.includes('delete') && (
                        <Popconfirm
                          title={label}
                          description={<div className="mc-confirm-text">{confirm}</div>}
                          okText={m.confirm}
                          okButtonProps={{ danger: true }}
                          cancelText={m.keep}
                          onConfirm={() => remove(c)}
                        >
                          <Button size="small" type="link" danger>
                            {label}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  );
                },
              },
            ]}
          />
        </>
      )}
      <Detail correctionId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
