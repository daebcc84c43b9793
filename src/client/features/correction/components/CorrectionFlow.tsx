import { paths } from '../../../shared/paths';
import { cashierUrl } from '../../../shared/cashier';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Input,
  Popconfirm,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  Steps,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useGatewayDispatch } from '../../../api/dispatch';
import { Link, useSearchParams } from 'react-router-dom';
import type { CorrectionKind, OrderScenario, PayType, PolicySummary } from '../../../../contract/io/correction';
import { format, useMessages } from '../../../shared/i18n';
import { createFlowActors } from '../actors';
import { useCorrectablePoliciesQuery, useDownloadEndorsementMutation } from '../api';
import type { Flow, FlowActors, FlowContext, FlowError, FlowEvent, FlowInput } from '../correctionFlow';
import { employeeCorrectionMachine } from '../employeeCorrection.machine';
import { formatFen } from '../../../../common/money';
import { statePath } from '../format';
import { PayBar } from '../../../shared/PayBar';
import { insuredCorrectionMachine } from '../insuredCorrection.machine';
import { correctionMessages, stateNames } from '../messages';
import { BatchUpload } from './BatchUpload';
import { DraftItems } from './DraftItems';
import { EmployeeList } from './EmployeeList';
import { PersonForm } from './PersonForm';

type Send = (e: FlowEvent) => void;
type M = (typeof correctionMessages)['en-US'];

function Busy({ text }: { text: string }) {
  return (
    <div className="mc-flow-busy" style={{ padding: 32, textAlign: 'center' }}>
      <Spin />
      <div style={{ marginTop: 12 }}>{text}</div>
    </div>
  );
}

function errorText(m: M, error: FlowError | null): string {
  if (!error) return '';
  switch (error.kind) {
    case 'timeout':
      return m.errTimeout;
    case 'network':
      return m.errNetwork;
    case 'login':
      return m.errLogin;
    case 'refused':
      return format(m.errRefused, { message: error.message });
    default:
      return m.errServer;
  }
}

/** A failure: what happened, and the ways forward the state offers. */
function Failure({ error, children }: { error: FlowError | null; children: ReactNode }) {
  const m = useMessages(correctionMessages);
  return (
    <Alert
      data-testid="flow-error"
      data-kind={error?.kind}
      type="error"
      showIcon
      title={m.failedAt}
      description={errorText(m, error)}
      action={<Space orientation="vertical">{children}</Space>}
      style={{ margin: '12px 0' }}
    />
  );
}

function CancelButton({ send }: { send: Send }) {
  const m = useMessages(correctionMessages);
  return (
    <Popconfirm
      title={m.cancelConfirm}
      okText={m.confirm}
      cancelText={m.keep}
      onConfirm={() => send({ type: 'CANCEL' })}
    >
      <Button danger>{m.cancelCorrection}</Button>
    </Popconfirm>
  );
}

function LaterButton({ send }: { send: Send }) {
  const m = useMessages(correctionMessages);
  return <Button onClick={() => send({ type: 'SAVE_LATER' })}>{m.saveLater}</Button>;
}

// ---------------------------------------------------------------- choose

function Choose({
  flow,
  ctx,
  path,
  send,
  policyNo,
}: {
  flow: Flow;
  ctx: FlowContext;
  path: string;
  send: Send;
  policyNo: string | null;
}) {
  const m = useMessages(correctionMessages);
  const names = useMessages(stateNames);
  const { data: policies = [], isLoading } = useCorrectablePoliciesQuery(
    flow === 'insured' ? { variant: 'insured' } : {},
  );
  const list = policies.filter((p) => (flow === 'insured' ? p.variant === 'insured' : p.variant !== 'insured'));
  const [pickedId, setPolicyId] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState<CorrectionKind>('add');
  const [date, setDate] = useState('');
  // Until the user picks one: the policy the page was opened for, else the first.
  const policyId = pickedId ?? (list.find((p) => p.policyNo === policyNo) ?? list[0])?.policyId;
  const kinds: Array<[CorrectionKind, string]> = [
    ['add', m.kindAdd],
    ['subtract', m.kindSubtract],
    ['exchange', m.kindExchange],
    ...(flow === 'insured' ? ([['modify', m.kindModify]] as Array<[CorrectionKind, string]>) : []),
  ];
  if (isLoading) return <Busy text={m.checkingPolicy} />;
  if (!list.length) return <Alert type="info" title={m.noPolicies} />;
  return (
    <Card title={m.choosePolicy}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          aria-label={m.policy}
          style={{ width: 480 }}
          value={policyId}
          onChange={setPolicyId}
          options={list.map((p) => ({
            value: p.policyId,
            label: `${p.policyNo} · ${p.productName} (${p.memberCount})`,
          }))}
        />
        <Radio.Group
          aria-label={m.kind}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          optionType="button"
          options={kinds.map(([value, label]) => ({ value, label }))}
        />
        <Space>
          <span>{m.effectiveDate}</span>
          <Input
            type="date"
            aria-label={m.effectiveDate}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            style={{ width: 180 }}
          />
        </Space>
        {path === 'choosing.openExists' && ctx.openCorrection && (
          <Alert
            type="warning"
            showIcon
            data-testid="open-exists"
            title={format(m.openExists, {
              no: ctx.openCorrection.correctionNo,
              state: names[ctx.openCorrection.state],
            })}
            action={
              <Space>
                <Button
                  type="primary"
                  onClick={() => send({ type: 'RESUME', correctionId: ctx.openCorrection!.correctionId })}
                >
                  {m.openResume}
                </Button>
                <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
              </Space>
            }
          />
        )}
        {path === 'choosing.failed' && (
          <Failure error={ctx.error}>
            <Button onClick={() => send({ type: 'RETRY' })}>{m.retry}</Button>
            <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
          </Failure>
        )}
        <Button
          type="primary"
          loading={path === 'choosing.checking'}
          disabled={!policyId || path !== 'choosing.idle'}
          onClick={() => policyId && send({ type: 'START', policyId, kind, effectiveDate: date || undefined })}
        >
          {m.start}
        </Button>
      </Space>
    </Card>
  );
}

// ---------------------------------------------------------------- edit

function Edit({ ctx, path, send }: { ctx: FlowContext; path: string; send: Send }) {
  const m = useMessages(correctionMessages);
  const policy = ctx.policy as PolicySummary;
  const [selected, setSelected] = useState<number[]>([]);
  const saving = path === 'editing.saving';
  const inDraft = ctx.items.map((i) => i.personId ?? i.replaced?.personId ?? 0).filter(Boolean);
  const upload = (purpose: 'add' | 'subtract' | 'exchange') => (
    <BatchUpload
      policy={policy}
      purpose={purpose}
      result={ctx.importResult}
      disabled={saving}
      onFile={(file) =>
        send({
          type: 'EDIT',
          request: {
            op: purpose === 'add' ? 'addBatch' : purpose === 'subtract' ? 'subtractUpload' : 'exchangeUpload',
            file,
          },
        })
      }
    />
  );
  let tabs: Array<{ key: string; label: string; children: ReactNode }>;
  if (ctx.kind === 'add') {
    tabs = [
      {
        key: 'one',
        label: m.addOne,
        children: (
          <PersonForm
            policy={policy}
            submitText={m.addPerson}
            disabled={saving}
            onSubmit={(person) => send({ type: 'EDIT', request: { op: 'addSingle', person } })}
          />
        ),
      },
      { key: 'file', label: m.addBatch, children: upload('add') },
    ];
  } else if (ctx.kind === 'subtract') {
    tabs = [
      {
        key: 'list',
        label: m.fromList,
        children: (
          <>
            <EmployeeList
              policy={policy}
              selection="multiple"
              selectedIds={selected}
              onSelect={(ids) => setSelected(ids)}
              disabledIds={inDraft}
            />
            <Button
              type="primary"
              disabled={!selected.length || saving}
              onClick={() => {
                send({ type: 'EDIT', request: { op: 'subtract', personIds: selected } });
                setSelected([]);
              }}
            >
              {format(m.subtractSelected, { count: selected.length })}
            </Button>
          </>
        ),
      },
      { key: 'file', label: m.addBatch, children: upload('subtract') },
    ];
  } else {
    const exchange = ctx.kind === 'exchange';
    tabs = [
      {
        key: 'list',
        label: m.fromList,
        children: (
          <>
            <Typography.Text strong>{m.exchangeSelected}</Typography.Text>
            <EmployeeList
              policy={policy}
              selection="single"
              selectedIds={selected}
              onSelect={(ids) => setSelected(ids)}
              disabledIds={inDraft}
            />
            <Typography.Text strong>{exchange ? m.exchangeJoiner : m.kindModify}</Typography.Text>
            {!selected.length && <div>{m.chooseOneLeaving}</div>}
            <PersonForm
              policy={policy}
              submitText={exchange ? m.exchangeSubmit : m.kindModify}
              disabled={!selected.length || saving}
              onSubmit={(person) => {
                send(
                  exchange
                    ? { type: 'EDIT', request: { op: 'exchange', personId: selected[0], person } }
                    : {
                        type: 'EDIT',
                        request: {
                          op: 'modify',
                          personId: selected[0],
                          changes: {
                            name: person.name,
                            phone: person.phone,
                            employeeNo: person.employeeNo,
                            department: person.department,
                            occupationCode: person.occupationCode,
                          },
                        },
                      },
                );
                setSelected([]);
              }}
            />
          </>
        ),
      },
      ...(exchange ? [{ key: 'file', label: m.addBatch, children: upload('exchange') }] : []),
    ];
  }
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <span>{m.effectiveDate}</span>
          <Input
            type="date"
            aria-label={m.effectiveDate}
            value={ctx.effectiveDate ?? ''}
            disabled={path !== 'editing.idle'}
            onChange={(e) => e.target.value && send({ type: 'SET_DATE', effectiveDate: e.target.value })}
            style={{ width: 180 }}
          />
        </Space>
        <Tabs items={tabs} />
      </Card>
      {saving && (
        <Busy
          text={
            ctx.edit?.op === 'addBatch' || ctx.edit?.op === 'subtractUpload' || ctx.edit?.op === 'exchangeUpload'
              ? m.uploading
              : m.saving
          }
        />
      )}
      {path === 'editing.importRejected' && (
        <Button data-testid="dismiss-import" onClick={() => send({ type: 'DISMISS' })}>
          {m.dismiss}
        </Button>
      )}
      {path === 'editing.failed' && (
        <Failure error={ctx.error}>
          <Button onClick={() => send({ type: 'RETRY' })}>{m.retry}</Button>
          <Button onClick={() => send({ type: 'DISMISS' })}>{m.dismiss}</Button>
        </Failure>
      )}
      <Card size="small" title={`${m.draft}${ctx.correction ? ` ${ctx.correction.correctionNo}` : ''}`}>
        <DraftItems
          items={ctx.items}
          onRemove={
            path === 'editing.idle'
              ? (itemId) => send({ type: 'EDIT', request: { op: 'removeItems', itemIds: [itemId] } })
              : undefined
          }
        />
      </Card>
      <PayBar>
        <CancelButton send={send} />
        <LaterButton send={send} />
        <Button
          type="primary"
          disabled={path !== 'editing.idle' || !(ctx.correction?.itemCount ?? ctx.items.length)}
          onClick={() => send({ type: 'CHECK' })}
        >
          {m.toCheck}
        </Button>
      </PayBar>
    </>
  );
}

// ---------------------------------------------------------------- preview and decision

function Preview({ ctx, send }: { ctx: FlowContext; send: Send }) {
  const m = useMessages(correctionMessages);
  const u = ctx.underwriting;
  const c = u?.correction ?? ctx.correction;
  return (
    <div data-testid="premium-preview">
      <Card title={m.previewTitle} size="small">
        {u && <p>{format(m.yearDays, { from: c?.effectiveDate ?? '', days: u.days, yearDays: u.yearDays })}</p>}
        <Typography.Title level={5}>{m.perPerson}</Typography.Title>
        <DraftItems items={u?.items.list ?? ctx.items} showPremium />
        <Descriptions size="small" column={3} bordered style={{ marginTop: 12 }}>
          <Descriptions.Item label={m.totalPremium}>{formatFen(c?.premiumFen ?? 0)}</Descriptions.Item>
          <Descriptions.Item label={m.totalRefund}>{formatFen(c?.refundFen ?? 0)}</Descriptions.Item>
          <Descriptions.Item label={m.net}>
            <span data-testid="net-amount">{formatFen(c?.netFen ?? 0)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <PayBar total={format(m.payBarTotal, { amount: formatFen(c?.netFen ?? 0) })}>
        <CancelButton send={send} />
        <LaterButton send={send} />
        <Button onClick={() => send({ type: 'BACK' })}>{m.editAgain}</Button>
        <Button type="primary" onClick={() => send({ type: 'CONFIRM' })}>
          {m.confirmPreview}
        </Button>
      </PayBar>
    </div>
  );
}

function Scenario({ ctx, send }: { ctx: FlowContext; send: Send }) {
  const m = useMessages(correctionMessages) as M & Record<string, string>;
  const [scenario, setScenario] = useState<OrderScenario | null>(ctx.scenario);
  return (
    <Card title={m.scenarioTitle} size="small">
      <Radio.Group
        aria-label={m.scenarioTitle}
        value={scenario}
        onChange={(e) => setScenario(e.target.value)}
        options={ctx.scenarios.map((s) => ({ value: s, label: m[`scenario_${s}`] }))}
      />
      <PayBar total={format(m.payBarTotal, { amount: formatFen(ctx.correction?.netFen ?? 0) })}>
        <CancelButton send={send} />
        <LaterButton send={send} />
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
        <Button type="primary" disabled={!scenario} onClick={() => scenario && send({ type: 'SUBMIT', scenario })}>
          {m.submit}
        </Button>
      </PayBar>
    </Card>
  );
}

// ---------------------------------------------------------------- payment

function PayTypeChoice({ ctx, send, disabled }: { ctx: FlowContext; send: Send; disabled?: boolean }) {
  const m = useMessages(correctionMessages) as M & Record<string, string>;
  return (
    <Space>
      <span>{m.payType}</span>
      <Radio.Group
        aria-label={m.payType}
        disabled={disabled}
        value={ctx.payType ?? 'online'}
        onChange={(e) => send({ type: 'CHANGE_PAY_TYPE', payType: e.target.value as PayType })}
        options={(['online', 'transfer'] as PayType[]).map((t) => ({ value: t, label: m[`payType_${t}`] }))}
      />
    </Space>
  );
}

function Payment({ ctx, path, send }: { ctx: FlowContext; path: string; send: Send }) {
  const m = useMessages(correctionMessages);
  const p = ctx.payment;
  const open = () => {
    if (p?.payUrl) window.open(cashierUrl(p.payUrl), '_blank', 'noopener');
    send({ type: 'OPEN_CASHIER' });
  };
  if (path === 'payment.linking' || path === 'payment.changingPayType') return <Busy text={m.linking} />;
  if (path === 'payment.linkFailed' || path === 'payment.payTypeFailed')
    return (
      <Failure error={ctx.error}>
        <Button onClick={() => send({ type: 'RETRY' })}>{m.retry}</Button>
        {path === 'payment.payTypeFailed' && <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>}
        <LaterButton send={send} />
      </Failure>
    );
  return (
    <Card title={m.paymentTitle} size="small" data-testid="payment">
      {p && (
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={m.amount}>
            <span data-testid="pay-amount">{formatFen(p.amountFen)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={m.paymentNo}>{p.paymentNo}</Descriptions.Item>
        </Descriptions>
      )}
      {p?.linkExpiresAt && <p>{format(m.linkExpires, { time: new Date(p.linkExpiresAt).toLocaleString() })}</p>}
      {path.startsWith('payment.polling') && (
        <Alert type="info" showIcon data-testid="pay-polling" title={m.polling} style={{ margin: '12px 0' }} />
      )}
      {path === 'payment.timedOut' && (
        <Alert
          type="warning"
          showIcon
          data-testid="pay-timed-out"
          title={m.payTimedOut}
          action={<Button onClick={() => send({ type: 'CHECK_AGAIN' })}>{m.checkAgain}</Button>}
          style={{ margin: '12px 0' }}
        />
      )}
      {path === 'payment.payFailed' && (
        <Alert
          type="error"
          showIcon
          data-testid="pay-failed"
          title={m.payFailed}
          action={<Button onClick={() => send({ type: 'RETRY' })}>{m.newLink}</Button>}
          style={{ margin: '12px 0' }}
        />
      )}
      {path === 'payment.transfer' && ctx.payTo && (
        <div data-testid="pay-transfer" style={{ margin: '12px 0' }}>
          <p>
            {format(m.transferTo, {
              amount: formatFen(p?.amountFen ?? ctx.correction?.netFen ?? 0),
              paymentNo: p?.paymentNo ?? '',
            })}
          </p>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={m.accountName}>{ctx.payTo.accountName}</Descriptions.Item>
            <Descriptions.Item label={m.bankName}>{ctx.payTo.bankName}</Descriptions.Item>
            <Descriptions.Item label={m.accountNo}>{ctx.payTo.accountNo}</Descriptions.Item>
          </Descriptions>
          <Button style={{ marginTop: 8 }} onClick={() => send({ type: 'CHECK_AGAIN' })}>
            {m.checkAgain}
          </Button>
        </div>
      )}
      <PayBar>
        <PayTypeChoice ctx={ctx} send={send} disabled={path === 'payment.payFailed'} />
        <CancelButton send={send} />
        <LaterButton send={send} />
        {(path.startsWith('payment.polling') || path === 'payment.timedOut') && !p?.payUrl && (
          <Button onClick={() => send({ type: 'PAY' })}>{m.newLink}</Button>
        )}
        {path !== 'payment.transfer' && path !== 'payment.payFailed' && p?.payUrl && (
          <Button type="primary" onClick={open}>
            {path === 'payment.awaitingPay' ? m.openCashier : m.openCashierAgain}
          </Button>
        )}
      </PayBar>
    </Card>
  );
}

function Done({ ctx }: { ctx: FlowContext }) {
  const m = useMessages(correctionMessages);
  const [download, downloading] = useDownloadEndorsementMutation();
  const c = ctx.correction;
  const refund = (c?.netFen ?? 0) < 0;
  return (
    <Result
      status="success"
      data-testid="flow-done"
      title={m.doneTitle}
      subTitle={
        <>
          <div>{format(m.doneText, { no: c?.correctionNo ?? '', date: c?.effectiveDate ?? '' })}</div>
          {refund && <div>{format(m.doneRefund, { amount: formatFen(-(c?.netFen ?? 0)) })}</div>}
        </>
      }
      extra={[
        <Button
          key="pdf"
          type="primary"
          loading={downloading.isLoading}
          onClick={() => c && void download({ correctionId: c.correctionId })}
        >
          {m.downloadEndorsement}
        </Button>,
        <Link key="records" to={paths.correctRecord.path}>
          {m.toRecords}
        </Link>,
      ]}
    />
  );
}

// ---------------------------------------------------------------- the flow

const STEP_OF: Array<[RegExp, number]> = [
  [/^(choosing|restoring)/, 0],
  [/^editing/, 1],
  [/^(checking|underwriting|preview)/, 2],
  [/^(scenario|submitting|rejected|pending|approved)/, 3],
  [/^payment/, 4],
  [/^(done|saved|cancel)/, 5],
];

export interface CorrectionFlowProps {
  flow: Flow;
  /** Tests provide actors of their own; the page uses the real ones. */
  actors?: Partial<FlowActors>;
  input?: Partial<FlowInput>;
  /** Tests observe the running machine. */
  onActor?: (actor: unknown) => void;
}

/** The correction flow of one page: the machine decides, this renders its state and sends events. */
export function CorrectionFlow({ flow, actors, input, onActor }: CorrectionFlowProps) {
  const m = useMessages(correctionMessages);
  const dispatch = useGatewayDispatch();
  const [params, setParams] = useSearchParams();
  // The machine is made once per page.
  const [machine] = useState(() =>
    (flow === 'insured' ? insuredCorrectionMachine : employeeCorrectionMachine).provide({
      actors: { ...createFlowActors(dispatch, flow), ...actors },
    }),
  );
  const [snapshot, send, actorRef] = useMachine(machine, { input: { flow, ...input } });
  useEffect(() => {
    onActor?.(actorRef);
  }, [actorRef, onActor]);
  const ctx = snapshot.context;
  const path = statePath(snapshot.value);

  // Once, on opening the page: the correction the address names.
  const resume = useEffectEvent(() => {
    const id = Number(params.get('correctionId'));
    if (id > 0) send({ type: 'RESUME', correctionId: id });
  });
  useEffect(() => resume(), []);
  // A reload or a second browser finds the correction again from the address.
  useEffect(() => {
    const id = ctx.correctionId;
    if (id && params.get('correctionId') !== String(id)) {
      const next = new URLSearchParams(params);
      next.set('correctionId', String(id));
      if (ctx.policy) next.set('policyNo', ctx.policy.policyNo);
      setParams(next, { replace: true });
    }
  }, [ctx.correctionId, ctx.policy, params, setParams]);

  const isCar = /car|motor/i.test(ctx.policy?.kind ?? '');
  const title =
    flow === 'insured'
      ? isCar
        ? m.carTitle
        : m.insuredTitle
      : ctx.policy?.variant === 'employeeNew'
        ? m.groupTitle
        : m.employeeTitle;
  const step = STEP_OF.find(([re]) => re.test(path))?.[1] ?? 0;

  let body: ReactNode;
  if (path.startsWith('choosing'))
    body = <Choose flow={flow} ctx={ctx} path={path} send={send} policyNo={params.get('policyNo')} />;
  else if (path === 'restoring.loading') body = <Busy text={m.restoring} />;
  else if (path === 'restoring.failed')
    body = (
      <Failure error={ctx.error}>
        <Button onClick={() => send({ type: 'RETRY' })}>{m.retry}</Button>
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
      </Failure>
    );
  else if (path.startsWith('editing')) body = <Edit ctx={ctx} path={path} send={send} />;
  else if (path === 'checking.running') body = <Busy text={m.checking} />;
  else if (path === 'checking.problems')
    body = (
      <div data-testid="check-problems">
        <Alert type="error" showIcon title={m.problemsTitle} style={{ marginBottom: 12 }} />
        <Table
          size="small"
          rowKey="itemId"
          pagination={false}
          dataSource={ctx.problems}
          columns={[
            { title: m.name, dataIndex: 'name' },
            { title: m.idNumber, dataIndex: 'idNumber' },
            { title: m.reasons, dataIndex: 'reasons', render: (r: string[]) => r.join(' ') },
          ]}
        />
        <PayBar>
          <CancelButton send={send} />
          <LaterButton send={send} />
          <Button type="primary" onClick={() => send({ type: 'BACK' })}>
            {m.editAgain}
          </Button>
        </PayBar>
      </div>
    );
  else if (path === 'underwriting.running') body = <Busy text={m.underwriting} />;
  else if (
    path === 'checking.failed' ||
    path === 'underwriting.failed' ||
    path === 'scenario.failed' ||
    path === 'submitting.failed'
  )
    body = (
      <Failure error={ctx.error}>
        <Button type="primary" onClick={() => send({ type: 'RETRY' })}>
          {m.retry}
        </Button>
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
        <LaterButton send={send} />
        <CancelButton send={send} />
      </Failure>
    );
  else if (path === 'preview') body = <Preview ctx={ctx} send={send} />;
  else if (path === 'scenario.loading') body = <Busy text={m.checking} />;
  else if (path === 'scenario.choosing') body = <Scenario ctx={ctx} send={send} />;
  else if (path === 'submitting.running') body = <Busy text={m.submitting} />;
  else if (path === 'approved')
    body = (
      <Result
        status="success"
        data-testid="flow-approved"
        title={m.approvedTitle}
        subTitle={format(m.approvedPay, { amount: formatFen(ctx.correction?.netFen ?? 0) })}
        extra={[
          <Button key="pay" type="primary" onClick={() => send({ type: 'PAY' })}>
            {m.pay}
          </Button>,
          <LaterButton key="later" send={send} />,
          <CancelButton key="cancel" send={send} />,
        ]}
      />
    );
  else if (path === 'rejected')
    body = (
      <Result
        status="error"
        data-testid="flow-rejected"
        title={m.rejectedTitle}
        subTitle={m.rejectedText}
        extra={[
          <Button key="edit" type="primary" onClick={() => send({ type: 'BACK' })}>
            {m.editAgain}
          </Button>,
          <LaterButton key="later" send={send} />,
          <CancelButton key="cancel" send={send} />,
        ]}
      >
        <ul data-testid="reject-reasons">
          {(ctx.approval?.reasons ?? ctx.correction?.reasons ?? []).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Result>
    );
  else if (path.startsWith('pending'))
    body = (
      <Result
        status="info"
        data-testid="flow-pending"
        title={m.pendingTitle}
        subTitle={format(m.pendingText, {
          due: ctx.correction?.reviewDueAt ? new Date(ctx.correction.reviewDueAt).toLocaleString() : '',
        })}
        extra={[
          <Button key="refresh" onClick={() => send({ type: 'REFRESH' })} loading={path === 'pending.checking'}>
            {m.refresh}
          </Button>,
          <LaterButton key="later" send={send} />,
          <CancelButton key="cancel" send={send} />,
        ]}
      />
    );
  else if (path.startsWith('payment')) body = <Payment ctx={ctx} path={path} send={send} />;
  else if (path === 'done') body = <Done ctx={ctx} />;
  else if (path === 'saved')
    body = (
      <Result
        status="info"
        data-testid="flow-saved"
        title={m.savedTitle}
        subTitle={m.savedText}
        extra={<Link to={paths.correctRecord.path}>{m.toRecords}</Link>}
      />
    );
  else if (path === 'cancelling') body = <Busy text={m.cancelling} />;
  else if (path === 'cancelFailed')
    body = (
      <Failure error={ctx.error}>
        <Button onClick={() => send({ type: 'RETRY' })}>{m.retry}</Button>
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
      </Failure>
    );
  else
    body = (
      <Result
        status="warning"
        data-testid="flow-cancelled"
        title={m.cancelledTitle}
        subTitle={m.cancelledText}
        extra={<Link to={paths.correctRecord.path}>{m.toRecords}</Link>}
      />
    );

  return (
    <div className="mc-page" data-testid="correction-flow" data-state={path}>
      <Typography.Title level={3}>{title}</Typography.Title>
      {ctx.policy && (
        <Typography.Paragraph type="secondary" data-testid="flow-policy">
          {ctx.policy.policyNo} · {ctx.policy.productName}
          {ctx.correction && ` · ${ctx.correction.correctionNo}`}
        </Typography.Paragraph>
      )}
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[
          { title: m.choosePolicy },
          { title: m.draft },
          { title: m.previewTitle },
          { title: m.submit },
          { title: m.paymentTitle },
          { title: m.doneTitle },
        ]}
      />
      {body}
    </div>
  );
}
