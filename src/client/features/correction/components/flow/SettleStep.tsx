import { Alert, Button, Card, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import type { OrderScenario } from '@contract/io/correction';
import { formatFen } from '@common/money';
import { format, useMessages } from '@client/shared/i18n';
import { PayBar } from '@client/shared/PayBar';
import { correctionMessages } from '@client/features/correction/messages';
import { ChangeSummary } from '../ChangeSummary';
import { Busy, CancelButton, Failure, LaterButton, type StepProps } from './parts';

/**
 * How the money is settled (asked here once: the payment step does not ask again), and the summary of
 * the whole change to confirm before it is sent for approval.
 */
export function SettleStep({ snapshot, send }: StepProps) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  const [scenario, setScenario] = useState<OrderScenario | null>(ctx.scenario);
  const [confirming, setConfirming] = useState(false);
  // ready, and sent by another: an approver, or a second person (the machine knows who from the page)
  const waiting = snapshot.matches({ open: { scenario: 'waiting' } });
  if (snapshot.matches({ open: { scenario: 'loading' } })) return <Busy text={m.checking} />;
  if (snapshot.matches({ open: { scenario: 'failed' } }))
    return (
      <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })}>
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
      </Failure>
    );
  const c = ctx.underwriting?.correction ?? ctx.correction;
  const net = c?.netFen ?? 0;
  const items = ctx.underwriting?.items ?? ctx.draft;
  const chosen = scenario ?? ctx.scenarios[0] ?? null;
  return (
    <div data-testid="settle-step">
      <Card title={m.scenarioTitle} size="small" className="mc-flow-card">
        <Radio.Group
          aria-label={m.scenarioTitle}
          value={chosen}
          onChange={(e) => setScenario(e.target.value)}
          className="mc-scenarios"
        >
          <Space orientation="vertical">
            {ctx.scenarios.map((s) => (
              <Radio key={s} value={s}>
                <Typography.Text strong>{m[`scenario_${s}`]}</Typography.Text>
                <Typography.Text type="secondary"> — {m[`scenarioHint_${s}`]}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Card>
      <PayBar total={format(m.payBarTotal, { amount: formatFen(net) })}>
        <CancelButton snapshot={snapshot} send={send} />
        <LaterButton send={send} />
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
        {!waiting && (
          <Button type="primary" disabled={!chosen} onClick={() => setConfirming(true)}>
            {m.submit}
          </Button>
        )}
      </PayBar>
      {waiting && ctx.sender === 'approver' && (
        <Alert type="info" showIcon data-testid="waits-for-approver" title={m.waitsForApprover} />
      )}
      {waiting && ctx.sender === 'secondPerson' && (
        <Alert type="info" showIcon data-testid="waits-for-second-person" title={m.waitsForSecondPerson} />
      )}
      <Modal
        open={confirming && c !== null}
        title={m.confirmTitle}
        width={1000}
        okText={m.submitConfirm}
        cancelText={m.back}
        onCancel={() => setConfirming(false)}
        onOk={() => {
          setConfirming(false);
          if (chosen) send({ type: 'SUBMIT', scenario: chosen });
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>{m.confirmText}</Typography.Paragraph>
        {c && <ChangeSummary correction={c} items={items.list} total={items.total} />}
      </Modal>
    </div>
  );
}
