import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Flex, Form, Modal, Space, Spin, Tabs, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Reconciliation } from '@contract/io/correction';
import type { GatewayError } from '@client/api/errors';
import { formatFen } from '@common/money';
import { reconcilePlan } from '@common/reconcile';
import { format, useMessages } from '@client/shared/i18n';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { notify } from '@client/shared/notify';
import { correctionHref } from '@client/shared/paths';
import { randomKey } from '@client/shared/randomKey';
import { sharedMessages } from '@client/shared/sharedMessages';
import { useCorrectablePoliciesQuery, useReconcileCorrectMutation, useReconcileRosterMutation } from '../api';
import { correctionMessages, fieldNames, reconcileMessages } from '../messages';

/** Spreadsheets the gateway reads (by content; the names are what a file chooser offers first). */
const ACCEPT = '.xlsx,.xls,.xlsm,.ods,.et,.csv,.txt';
const PAGE = 20;

type Joiner = Reconciliation['joiners'][number];
type Leaver = Reconciliation['leavers'][number];
type Changed = Reconciliation['changes'][number];
type BadRow = Reconciliation['errors'][number];

/**
 * /rosterReconcile?policyNo=...: the company's whole current roster compared with the policy's insured
 * list (who joins, who leaves, whose details differ, the premium of each), the people ticked made one
 * correction (its kind by reconcilePlan, said before it is created), then the correction's own page.
 */
export default function RosterReconcile() {
  const m = useMessages(reconcileMessages);
  const cm = useMessages(correctionMessages);
  const [params] = useSearchParams();
  const policyNo = params.get('policyNo');
  const navigate = useNavigate();
  const { data: policies = [], isFetching } = useCorrectablePoliciesQuery(policyNo ? { policyNo } : {}, {
    skip: !policyNo,
  });
  const policy = policies.find((p) => p.policyNo === policyNo) ?? null;
  const [date, setDate] = useState<Dayjs | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [compare, compared] = useReconcileRosterMutation();
  const [create, creating] = useReconcileCorrectMutation();
  const [result, setResult] = useState<Reconciliation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState<Key[]>([]);
  const [leaving, setLeaving] = useState<Key[]>([]);
  const [changing, setChanging] = useState<Key[]>([]);
  const [confirming, setConfirming] = useState(false);
  /** One key per Create: kept across a retry of the same click, new after a change of the ticks. */
  const actionKey = useRef<string | null>(null);

  const say = (e: GatewayError) =>
    e.kind === 'status'
      ? e.statusText
      : e.kind === 'timeout'
        ? cm.errTimeout
        : e.kind === 'network'
          ? cm.errNetwork
          : cm.errServer;

  const send = async (file: File) => {
    if (!policy) return;
    setFileName(file.name);
    setError(null);
    setResult(null);
    const r = await compare({
      policyId: policy.policyId,
      effectiveDate: date ? date.format('YYYY-MM-DD') : undefined,
      file,
    });
    if ('error' in r) {
      setError(say(r.error as GatewayError));
      return;
    }
    const data = r.data;
    setResult(data);
    setJoining(data.joiners.map((j) => j.row));
    setLeaving(data.leavers.map((l) => l.personId));
    setChanging(data.changes.map((c) => c.personId));
    actionKey.current = null;
  };

  const plan = reconcilePlan(joining.length, leaving.length, changing.length);
  const totals = useMemo(() => {
    if (!result) return { premium: 0, refund: 0 };
    let premium = 0;
    let refund = 0;
    const add = (fen: number) => (fen > 0 ? (premium += fen) : (refund -= fen));
    const j = new Set(joining);
    const l = new Set(leaving);
    const c = new Set(changing);
    for (const x of result.joiners) if (j.has(x.row)) add(x.premiumFen);
    for (const x of result.leavers) if (l.has(x.personId)) add(x.premiumFen);
    for (const x of result.changes) if (c.has(x.personId)) add(x.premiumFen);
    return { premium, refund };
  }, [result, joining, leaving, changing]);

  const tick = (setter: (keys: Key[]) => void) => (keys: Key[]) => {
    actionKey.current = null;
    setter(keys);
  };

  const confirm = async () => {
    if (!result) return;
    actionKey.current ??= randomKey('rc_');
    const list = (keys: Key[]) => (keys.length ? keys.map(Number) : undefined);
    const r = await create({
      reconciliationId: result.reconciliationId,
      joinerRows: list(joining),
      leaverIds: list(leaving),
      changeIds: list(changing),
      idempotencyKey: actionKey.current,
    });
    setConfirming(false);
    if ('error' in r) {
      setError(say(r.error as GatewayError));
      return;
    }
    notify.success(format(m.created, { no: r.data.correction.correctionNo }));
    navigate(correctionHref(result.variant, result.policyNo, { correctionId: r.data.correction.correctionId }));
  };

  if (!policyNo) return <Alert type="info" showIcon title={m.noPolicy} />;
  if (isFetching && !policy) return <Spin />;
  if (!policy) return <Alert type="info" showIcon title={m.noPolicy} />;

  const totalsText = format(m.totals, {
    premium: formatFen(totals.premium),
    refund: formatFen(totals.refund),
    net: formatFen(totals.premium - totals.refund),
  });
  const planText =
    plan.kind === null
      ? plan.problem === 'nothing'
        ? m.planNothing
        : plan.problem === 'mixed'
          ? m.planMixed
          : format(m.planUnequal, { joiners: joining.length, leavers: leaving.length })
      : format(
          { add: m.planAdd, subtract: m.planSubtract, exchange: m.planExchange, modify: m.planModify }[plan.kind],
          { count: plan.people },
        );

  return (
    <div className="mc-reconcile" data-testid="reconcile-page">
      <Card
        title={m.title}
        extra={<Link to={correctionHref(policy.variant, policy.policyNo)}>{m.back}</Link>}
        className="mc-reconcile-card"
      >
        <Typography.Paragraph>{format(m.intro, { no: policy.policyNo })}</Typography.Paragraph>
        <Form layout="vertical" className="mc-flow-form">
          <Form.Item label={m.effectiveDate} extra={m.effectiveDateHint}>
            <DatePicker
              aria-label={m.effectiveDate}
              value={date}
              onChange={setDate}
              disabled={compared.isLoading}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs(policy.endDate), 'day')}
            />
          </Form.Item>
        </Form>
        <div data-testid="reconcile-dragger">
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={compared.isLoading}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{m.drop}</p>
            <p className="ant-upload-hint">{m.dropHint}</p>
          </Upload.Dragger>
        </div>
        {compared.isLoading && (
          <div className="mc-flow-busy" data-testid="reconcile-busy">
            <Spin />
            <div>{format(m.comparing, { file: fileName ?? '' })}</div>
          </div>
        )}
        {error && <Alert type="error" showIcon className="mc-flow-alert" data-testid="reconcile-error" title={error} />}
      </Card>
      {result && !compared.isLoading && (
        <Result
          result={result}
          joining={joining}
          leaving={leaving}
          changing={changing}
          onJoining={tick(setJoining)}
          onLeaving={tick(setLeaving)}
          onChanging={tick(setChanging)}
          footer={
            <Flex vertical gap={12} align="flex-start" className="mc-reconcile-foot" data-testid="reconcile-plan">
              <Typography.Text strong data-testid="reconcile-totals">
                {totalsText}
              </Typography.Text>
              <Alert type={plan.kind ? 'info' : 'warning'} showIcon title={planText} style={{ alignSelf: 'stretch' }} />
              <Button
                type="primary"
                disabled={!plan.kind || Boolean(result.openCorrection)}
                onClick={() => setConfirming(true)}
                data-testid="reconcile-create"
              >
                {m.create}
              </Button>
            </Flex>
          }
        />
      )}
      <Modal
        open={confirming}
        title={m.confirmTitle}
        okText={m.confirmOk}
        cancelText={m.cancel}
        confirmLoading={creating.isLoading}
        onOk={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>{planText}</p>
        <p>{totalsText}</p>
      </Modal>
    </div>
  );
}

function Result({
  result,
  joining,
  leaving,
  changing,
  onJoining,
  onLeaving,
  onChanging,
  footer,
}: {
  result: Reconciliation;
  joining: Key[];
  leaving: Key[];
  changing: Key[];
  onJoining: (keys: Key[]) => void;
  onLeaving: (keys: Key[]) => void;
  onChanging: (keys: Key[]) => void;
  footer: ReactNode;
}) {
  const m = useMessages(reconcileMessages);
  const fields = useMessages(fieldNames);
  const shared = useMessages(sharedMessages);
  const open = result.openCorrection;

  const person = <T extends Joiner | Leaver | Changed>(): Array<ListColumn<T>> => [
    { key: 'name', title: m.name, card: 'title', className: 'mc-nowrap', render: (p) => p.name },
    {
      key: 'idNumber',
      title: m.idNumber,
      card: 'subtitle',
      className: 'mc-nowrap',
      render: (p) =>
        p.idType === 'residentId'
          ? p.idNumber
          : `${shared[`idType_${p.idType}` as keyof typeof shared] ?? p.idType} ${p.idNumber}`,
    },
    { key: 'department', title: m.department, render: (p) => p.department ?? '' },
    { key: 'occupation', title: m.occupation, render: (p) => p.occupation ?? '' },
  ];
  const money = (title: string) => ({
    key: 'premium',
    title,
    align: 'right' as const,
    className: 'mc-nowrap',
    render: (p: { premiumFen: number }) => formatFen(p.premiumFen),
  });

  const section = <T extends object>(o: {
    rows: T[];
    keyOf: keyof T & string;
    keys: Key[];
    onChange: (keys: Key[]) => void;
    columns: Array<ListColumn<T>>;
    empty: string;
    testId: string;
    label: (row: T) => string;
  }) => (
    <div data-testid={o.testId}>
      {o.rows.length > 0 && (
        <Space wrap className="mc-reconcile-ticks">
          <Button size="small" onClick={() => o.onChange(o.rows.map((r) => r[o.keyOf] as unknown as Key))}>
            {m.tickAll}
          </Button>
          <Button size="small" onClick={() => o.onChange([])}>
            {m.untickAll}
          </Button>
          <Typography.Text type="secondary">
            {format(m.ticked, { count: o.keys.length, total: o.rows.length })}
          </Typography.Text>
        </Space>
      )}
      <DataList<T>
        size="small"
        rowKey={o.keyOf}
        rows={o.rows}
        localPageSize={PAGE}
        columns={o.columns}
        empty={o.empty}
        selection={{ selectedKeys: o.keys, onChange: (keys) => o.onChange(keys), label: o.label }}
      />
    </div>
  );

  return (
    <Card className="mc-reconcile-card" data-testid="reconcile-result">
      <Typography.Paragraph>
        {format(m.compared, {
          file: result.fileName,
          rows: result.totalRows,
          no: result.policyNo,
          date: result.effectiveDate,
        })}{' '}
        {format(m.unchanged, { count: result.unchanged })}
      </Typography.Paragraph>
      {open && (
        <Alert
          type="warning"
          showIcon
          className="mc-flow-alert"
          data-testid="reconcile-open"
          title={format(m.openCorrection, {
            no: result.policyNo,
            correction: open.correctionNo,
            state: open.stateText,
          })}
          action={
            <Link to={correctionHref(result.variant, result.policyNo, { correctionId: open.correctionId })}>
              {m.openIt}
            </Link>
          }
        />
      )}
      <Tabs
        items={[
          {
            key: 'joining',
            label: format(m.joining, { count: result.joiners.length }),
            children: section<Joiner>({
              rows: result.joiners,
              keyOf: 'row',
              keys: joining,
              onChange: onJoining,
              empty: m.noneJoining,
              testId: 'reconcile-joining',
              label: (p) => p.name,
              columns: [
                { key: 'row', title: m.row, card: 'state', render: (p) => p.row },
                ...person<Joiner>(),
                money(m.premium),
              ],
            }),
          },
          {
            key: 'leaving',
            label: format(m.leaving, { count: result.leavers.length }),
            children: section<Leaver>({
              rows: result.leavers,
              keyOf: 'personId',
              keys: leaving,
              onChange: onLeaving,
              empty: m.noneLeaving,
              testId: 'reconcile-leaving',
              label: (p) => p.name,
              columns: [
                ...person<Leaver>(),
                {
                  key: 'refund',
                  title: m.refund,
                  align: 'right',
                  className: 'mc-nowrap',
                  render: (p) => (p.refundWithheld ? m.refundWithheld : formatFen(-p.premiumFen)),
                },
              ],
            }),
          },
          {
            key: 'changed',
            label: format(m.changed, { count: result.changes.length }),
            children: section<Changed>({
              rows: result.changes,
              keyOf: 'personId',
              keys: changing,
              onChange: onChanging,
              empty: m.noneChanged,
              testId: 'reconcile-changed',
              label: (p) => p.name,
              columns: [
                { key: 'row', title: m.row, card: 'state', render: (p) => p.row },
                ...person<Changed>().slice(0, 2),
                {
                  key: 'fields',
                  title: m.fields,
                  className: 'mc-wrap',
                  render: (p) =>
                    p.fields.map((f) => (
                      <div key={f.field}>
                        {format(m.change, {
                          field: fields[f.field as keyof typeof fields] ?? f.field,
                          before: f.before || m.empty,
                          after: f.after || m.empty,
                        })}
                      </div>
                    )),
                },
                money(m.premium),
              ],
            }),
          },
          {
            key: 'errors',
            label: format(m.errors, { count: result.errors.length }),
            children: (
              <div data-testid="reconcile-errors">
                <DataList<BadRow>
                  size="small"
                  rowKey="row"
                  rows={result.errors}
                  localPageSize={PAGE}
                  empty={m.noErrors}
                  columns={[
                    { key: 'row', title: m.row, card: 'state', render: (e) => e.row },
                    { key: 'name', title: m.name, card: 'title', className: 'mc-nowrap', render: (e) => e.name },
                    {
                      key: 'idNumber',
                      title: m.idNumber,
                      card: 'subtitle',
                      className: 'mc-nowrap',
                      render: (e) => e.idNumber,
                    },
                    { key: 'reasons', title: m.reasons, className: 'mc-wrap', render: (e) => e.reasons.join(' ') },
                  ]}
                />
              </div>
            ),
          },
        ]}
      />
      {footer}
    </Card>
  );
}
