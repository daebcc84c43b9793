import { Alert, Button, Popconfirm, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { format, useMessages } from '@client/shared/i18n';
import type { CorrectionSnapshot, FlowError, FlowEvent } from '@client/features/correction/correction.machine';
import { correctionMessages } from '@client/features/correction/messages';

export type Send = (event: FlowEvent) => void;
export interface StepProps {
  snapshot: CorrectionSnapshot;
  send: Send;
}
type M = (typeof correctionMessages)['en-US'];

export function Busy({ text }: { text: string }) {
  return (
    <div className="mc-flow-busy" data-testid="flow-busy">
      <Spin />
      <div>{text}</div>
    </div>
  );
}

/** What went wrong, in the user's words: the gateway's own sentence for a refusal. */
export function errorText(m: M, error: FlowError | null): string {
  if (!error) return '';
  switch (error.kind) {
    case 'timeout':
      return m.errTimeout;
    case 'network':
      return m.errNetwork;
    case 'login':
      return m.errLogin;
    case 'refused':
      return error.message;
    default:
      return m.errServer;
  }
}

/** Sending the same again can succeed only when nothing was refused (time-outs, lost answers, hiccups). */
export const canRetry = (error: FlowError | null) =>
  error !== null && (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'server');

/** A failure: one message, and the ways forward the state offers ("Try again" only where it can help). */
export function Failure({
  error,
  onRetry,
  children,
}: {
  error: FlowError | null;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const m = useMessages(correctionMessages);
  return (
    <Alert
      data-testid="flow-error"
      data-kind={error?.kind}
      type="error"
      showIcon
      title={errorText(m, error)}
      action={
        <Space>
          {onRetry && canRetry(error) && (
            <Button type="primary" onClick={onRetry}>
              {m.retry}
            </Button>
          )}
          {children}
        </Space>
      }
      className="mc-flow-alert"
    />
  );
}

/**
 * Cancelling says exactly what happens: before the first change nothing is kept; a draft is deleted;
 * an approved correction is cancelled (its payment link stops working); none changes the policy.
 */
export function CancelButton({ snapshot, send }: StepProps) {
  const m = useMessages(correctionMessages);
  const c = snapshot.context.correction;
  const no = c?.correctionNo ?? '';
  const [label, confirm] =
    snapshot.context.correctionId === null
      ? [m.leave, m.leaveConfirm]
      : snapshot.matches({ open: 'approved' }) || snapshot.matches({ open: 'payment' })
        ? [m.cancelApproved, format(m.cancelApprovedConfirm, { no })]
        : snapshot.matches({ open: 'pending' })
          ? [m.withdraw, format(m.withdrawConfirm, { no })]
          : [m.deleteDraft, format(m.deleteDraftConfirm, { no })];
  return (
    <Popconfirm
      title={label}
      description={<div className="mc-confirm-text">{confirm}</div>}
      okText={m.confirm}
      cancelText={m.keep}
      okButtonProps={{ danger: true }}
      onConfirm={() => send({ type: 'CANCEL' })}
    >
      <Button danger>{label}</Button>
    </Popconfirm>
  );
}

export function LaterButton({ send }: { send: Send }) {
  const m = useMessages(correctionMessages);
  return <Button onClick={() => send({ type: 'SAVE_LATER' })}>{m.saveLater}</Button>;
}
