import { Button, Result } from 'antd';
import { formatFen } from '@common/money';
import { formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { correctionMessages } from '@client/features/correction/messages';
import { CancelButton, LaterButton, type StepProps } from './parts';

/** The business approval's decision: approved (pay), rejected (its reasons) or waiting for the underwriters. */
export function DecisionStep({ snapshot, send, onPay }: StepProps & { onPay: () => void }) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  const transfer = ctx.scenario === 'transfer' || ctx.correction?.payType === 'transfer';
  if (snapshot.matches({ open: 'approved' }))
    return (
      <Result
        status="success"
        data-testid="flow-approved"
        title={m.approvedTitle}
        subTitle={format(transfer ? m.approvedTransfer : m.approvedPay, {
          amount: formatFen(ctx.correction?.netFen ?? 0),
        })}
        extra={[
          <Button key="pay" type="primary" size="large" onClick={onPay}>
            {transfer ? m.transferDetails : format(m.payAmount, { amount: formatFen(ctx.correction?.netFen ?? 0) })}
          </Button>,
          <LaterButton key="later" send={send} />,
          <CancelButton key="cancel" snapshot={snapshot} send={send} />,
        ]}
      />
    );
  if (snapshot.matches({ open: 'rejected' }))
    return (
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
          <CancelButton key="cancel" snapshot={snapshot} send={send} />,
        ]}
      >
        <ul data-testid="reject-reasons" className="mc-reasons">
          {(ctx.approval?.reasons ?? ctx.correction?.reasons ?? []).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Result>
    );
  return (
    <Result
      status="info"
      data-testid="flow-pending"
      title={m.pendingTitle}
      subTitle={format(m.pendingText, { due: formatDateTime(ctx.correction?.reviewDueAt ?? null) })}
      extra={[
        <Button
          key="refresh"
          onClick={() => send({ type: 'REFRESH' })}
          loading={snapshot.matches({ open: { pending: 'checking' } })}
        >
          {m.refresh}
        </Button>,
        <LaterButton key="later" send={send} />,
        <CancelButton key="cancel" snapshot={snapshot} send={send} />,
      ]}
    >
      {(ctx.approval?.reasons ?? ctx.correction?.reasons ?? []).length > 0 && (
        <ul className="mc-reasons">
          {(ctx.approval?.reasons ?? ctx.correction?.reasons ?? []).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </Result>
  );
}
