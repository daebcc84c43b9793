import { Alert, Button, Descriptions, Drawer, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { AuditTimeline } from '@client/shared/AuditTimeline';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CorrectionSummary } from '@contract/io/correction';
import type { CorrectionState } from '@contract/states';
import { formatFen } from '@common/money';
import { formatDate, formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { correctionHref, paths } from '@client/shared/paths';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { oneOf, useListQuery } from '@client/shared/list/useListQuery';
import { usePageTitle } from '@client/shared/usePageTitle';
import {
  useCorrectDetailQuery,
  useCorrectionHistoryQuery,
  useCorrectRecordListQuery,
  useDelCorrectRecordMutation,
  useDelInsuredCorrectRecordMutation,
  useDownloadEndorsementMutation,
} from '../api';
import { ReturnedNote } from '../components/ReturnedNote';
import { ReturnDialog } from '../components/ReturnDialog';
import { useMay } from '@client/shared/useMay';
import { useSelector } from 'react-redux';
import type { LoginInfo } from '@contract/io/session';
import { DraftItems } from '../components/DraftItems';
import { RefundStatus, RefundTag } from '../components/RefundStatus';
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
const FILTERS = { stage: oneOf(Object.keys(STAGES) as Stage[]) };

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
  const approves = useMay('approve');
  const me = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info?.userId);
  const [returning, setReturning] = useState(false);
  const history = useCorrectionHistoryQuery(
    { subjectKind: 'correction', subject: c?.correctionNo ?? '', pageSize: 50 },
    { skip: !c },
  );
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
          <ReturnedNote correction={c} />
          {approves && c.state === 'underwritten' && c.preparedById !== me && (
            <Button className="mc-drawer-section" onClick={() => setReturning(true)}>
              {m.returnToPreparer}
            </Button>
          )}
          <ReturnDialog correction={c} open={returning} onClose={() => setReturning(false)} />
          {data.refund && <RefundStatus refund={data.refund} />}
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
          <AuditTimeline rows={history.data?.list} />
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
  const list = useListQuery(useCorrectRecordListQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({
      states: filters.stage ? [...STAGES[filters.stage]] : undefined,
      pageNum,
      pageSize,
    }),
  });
  const { data, isFetching } = list;
  const stage = list.state.filters.stage;
  // the open record's details: in the address, over the list's own
  const [params, setParams] = useSearchParams();
  const detailId = Number(params.get('detail')) || null;
  const setDetailId = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('detail', String(id));
      else next.delete('detail');
      return next;
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
  // Columns that fit a desktop's page without scrolling: the kind under the correction's number, the
  // product under the policy's (wrapping between words), the dates and amounts whole.
  const columns: ListColumn<CorrectionSummary>[] = [
    {
      key: 'correctionNo',
      title: m.correctionNo,
      card: 'subtitle',
      render: (c) => (
        <>
          <div className="mc-nowrap">{c.correctionNo}</div>
          <div className="mc-secondary">{kinds[c.kind]}</div>
        </>
      ),
    },
    {
      key: 'policy',
      title: m.policy,
      className: 'mc-wrap mc-wrap-narrow',
      card: 'title',
      render: (c) => (
        <>
          <div className="mc-nowrap">{c.policyNo}</div>
          <div className="mc-secondary">{c.productName}</div>
        </>
      ),
    },
    { key: 'items', title: m.items, align: 'right', render: (c) => c.itemCount },
    {
      key: 'effectiveDate',
      title: m.effectiveDate,
      className: 'mc-nowrap',
      render: (c) => formatDate(c.effectiveDate),
    },
    {
      key: 'net',
      title: m.net,
      align: 'right',
      className: 'mc-nowrap',
      render: (c) => (c.netFen === null ? null : formatFen(c.netFen)),
    },
    {
      key: 'state',
      title: m.state,
      card: 'state',
      render: (c) => (
        <Space size={4} wrap>
          <Tag color={COLOURS[c.state]}>{c.stateText}</Tag>
          {c.refundState && <RefundTag state={c.refundState} />}
        </Space>
      ),
    },
    { key: 'createdAt', title: m.createdAt, className: 'mc-nowrap', render: (c) => formatDateTime(c.createdAt) },
  ];
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
          <ListFilters
            list={list}
            live
            fields={[
              {
                kind: 'select',
                name: 'stage',
                label: m.state,
                placeholder: m.allStates,
                width: 200,
                options: (Object.keys(STAGES) as Stage[]).map((s) => ({ value: s, label: m[`stage_${s}`] })),
              },
            ]}
          />
          <DataList<CorrectionSummary>
            rowKey="correctionId"
            size="small"
            columns={columns}
            control={list}
            rows={data?.list}
            total={data?.total}
            actions={(c) => {
              const [label, confirm] = deleteWords(m, c);
              return (
                <>
                  <ListButton onClick={() => setDetailId(c.correctionId)}>{m.detail}</ListButton>
                  {OPEN.includes(c.state) && (
                    <ListButton
                      primary
                      onClick={() => navigate(correctionHref(c.variant, c.policyNo, { correctionId: c.correctionId }))}
                    >
                      {m.resume}
                    </ListButton>
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
                      <ListButton danger>{label}</ListButton>
                    </Popconfirm>
                  )}
                </>
              );
            }}
          />
        </>
      )}
      <Detail correctionId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
