import { Button, Card, Descriptions, Typography } from 'antd';
import { daysInclusive } from '@common/correction';
import { formatFen } from '@common/money';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { PayBar } from '@client/shared/PayBar';
import { correctionMessages } from '@client/features/correction/messages';
import { DraftItems } from '../DraftItems';
import { CancelButton, LaterButton, type StepProps } from './parts';

/** Each person's premium or refund and the totals, before anything is submitted. */
export function PreviewStep({ snapshot, send }: StepProps) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  const u = ctx.underwriting;
  const c = u?.correction ?? ctx.correction;
  const net = c?.netFen ?? 0;
  // The days the premiums are counted on: the underwriting's answer, or (a correction reopened at its
  // preview) the same count from the policy's dates, as the gateway counts them.
  const policy = ctx.policy;
  const span =
    u ??
    (c && policy
      ? {
          days: daysInclusive(c.effectiveDate, policy.endDate),
          yearDays: daysInclusive(policy.startDate, policy.endDate),
        }
      : null);
  return (
    <div data-testid="premium-preview">
      <Card title={m.previewTitle} size="small" className="mc-flow-card">
        {span && c && (
          <Typography.Paragraph type="secondary" data-testid="premium-days">
            {format(m.yearDays, { from: formatDate(c.effectiveDate), days: span.days, yearDays: span.yearDays })}
          </Typography.Paragraph>
        )}
        <DraftItems items={u?.items.list ?? ctx.draft.list} total={u?.items.total ?? ctx.draft.total} showPremium />
        <Descriptions size="small" column={3} bordered className="mc-totals">
          <Descriptions.Item label={m.totalPremium}>
            <span data-testid="total-premium">{formatFen(c?.premiumFen ?? 0)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={m.totalRefund}>
            <span data-testid="total-refund">{formatFen(c?.refundFen ?? 0)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={m.net}>
            <strong data-testid="net-amount">{formatFen(net)}</strong>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <PayBar total={format(m.payBarTotal, { amount: formatFen(net) })}>
        <CancelButton snapshot={snapshot} send={send} />
        <LaterButton send={send} />
        <Button onClick={() => send({ type: 'BACK' })}>{m.editAgain}</Button>
        <Button type="primary" onClick={() => send({ type: 'CONFIRM' })}>
          {m.confirmPreview}
        </Button>
      </PayBar>
    </div>
  );
}
