import { Alert, Button, Card, DatePicker, Form, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CorrectionKind } from '@contract/states';
import { format, useMessages } from '@client/shared/i18n';
import { paths, rosterChanges } from '@client/shared/paths';
import { useMay } from '@client/shared/useMay';
import { Link } from 'react-router-dom';
import { useCorrectablePoliciesQuery } from '@client/features/correction/api';
import { correctionMessages, kindNames, reconcileMessages } from '@client/features/correction/messages';
import { Busy, Failure, type StepProps } from './parts';

/** The policy and what changes; the gateway checks both before anything is made (checkBeforeCorrect). */
export function ChooseStep({
  snapshot,
  send,
  policyNo,
  kind: preset,
  autoStart,
}: StepProps & {
  policyNo: string | null;
  kind: CorrectionKind | null;
  /** The page was opened for a policy and a change (from the policy's row, detail or employee view): start it. */
  autoStart: boolean;
}) {
  const m = useMessages(correctionMessages);
  const kinds = useMessages(kindNames);
  const rm = useMessages(reconcileMessages);
  const mayPrepare = useMay('prepare');
  const ctx = snapshot.context;
  const insured = ctx.flow === 'insured';
  // Asked again each time the step opens: the policies and their member counts change with every correction.
  // Opened for one policy (its row, detail page or employee view): only that one is asked for.
  const { data: policies = [], isFetching: isLoading } = useCorrectablePoliciesQuery(
    autoStart && policyNo ? { policyNo } : insured ? { variant: 'insured' } : {},
    { refetchOnMountOrArgChange: true },
  );
  const list = policies.filter((p) => (insured ? p.variant === 'insured' : p.variant !== 'insured'));
  const [pickedId, setPolicyId] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState<CorrectionKind>(preset ?? 'add');
  const [date, setDate] = useState<Dayjs | null>(null);
  // Until the user picks one: the policy the page was opened for, else the first.
  const policyId = pickedId ?? (list.find((p) => p.policyNo === policyNo) ?? list[0])?.policyId;
  const policy = list.find((p) => p.policyId === policyId);
  const autoStarted = useRef(false);
  const start = useEffectEvent(() => {
    const id = autoStart && policy?.policyNo === policyNo ? policy.policyId : null;
    if (autoStarted.current || id === null) return;
    autoStarted.current = true;
    send({ type: 'START', policyId: id, kind });
  });
  const idle = snapshot.matches({ choosing: 'idle' });
  const ready = autoStart && policy?.policyNo === policyNo;
  useEffect(() => {
    if (ready && idle) start();
  }, [ready, idle]);
  const checking = snapshot.matches({ choosing: 'checking' });
  // Starting by itself: the form it would fill is not drawn (the next step comes sooner); a failure shows it.
  if (isLoading || (ready && (idle || checking))) return <Busy text={m.checkingPolicy} />;
  if (!list.length) return <Alert type="info" showIcon title={m.noPolicies} />;
  const chosen = list.find((p) => p.policyId === policyId) ?? null;
  return (
    <Card title={m.choosePolicy} data-testid="choose-step">
      <Form layout="vertical" className="mc-flow-form">
        <Form.Item
          label={m.policy}
          extra={chosen ? `${chosen.productName} · ${format(m.draftCount, { count: chosen.memberCount })}` : null}
        >
          <Select
            aria-label={m.policy}
            className="mc-policy-select"
            value={policyId}
            onChange={setPolicyId}
            // the field shows the policy number (whole on a phone); its product and people are below it
            labelRender={({ value }) => list.find((p) => p.policyId === value)?.policyNo ?? ''}
            options={list.map((p) => ({
              value: p.policyId,
              label: format(m.policyOption, { no: p.policyNo, product: p.productName, count: p.memberCount }),
            }))}
          />
        </Form.Item>
        <Form.Item label={m.kind}>
          <Radio.Group
            aria-label={m.kind}
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            optionType="button"
            options={rosterChanges(policy?.variant ?? (insured ? 'insured' : 'employee')).map((k) => ({
              value: k,
              label: kinds[k],
            }))}
          />
        </Form.Item>
        <Form.Item label={m.effectiveDate} extra={m.effectiveDateHint}>
          <DatePicker
            aria-label={m.effectiveDate}
            value={date}
            onChange={setDate}
            disabledDate={(d) =>
              d.isBefore(dayjs().startOf('day')) || Boolean(policy && d.isAfter(dayjs(policy.endDate), 'day'))
            }
            placeholder={m.earliestDate}
          />
        </Form.Item>
      </Form>
      {snapshot.matches({ choosing: 'openExists' }) && ctx.openCorrection && (
        <Alert
          type="warning"
          showIcon
          data-testid="open-exists"
          className="mc-flow-alert"
          title={format(m.openExists, { no: ctx.openCorrection.correctionNo, state: ctx.openCorrection.stateText })}
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
      {snapshot.matches({ choosing: 'failed' }) && (
        <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })}>
          <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
        </Failure>
      )}
      {chosen && mayPrepare && (
        <Alert
          type="info"
          className="mc-flow-alert"
          data-testid="reconcile-link"
          title={rm.openHint}
          action={<Link to={paths.rosterReconcile.href(chosen.policyNo)}>{rm.open}</Link>}
        />
      )}
      <Button
        type="primary"
        loading={checking}
        disabled={!policyId || !snapshot.matches({ choosing: 'idle' })}
        onClick={() =>
          policyId &&
          send({ type: 'START', policyId, kind, effectiveDate: date ? date.format('YYYY-MM-DD') : undefined })
        }
      >
        {m.start}
      </Button>
    </Card>
  );
}
