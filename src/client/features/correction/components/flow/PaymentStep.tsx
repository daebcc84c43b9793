import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { formatFen } from '@common/money';
import { cashierUrl } from '@client/shared/cashier';
import { formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { PayBar } from '@client/shared/PayBar';
import { useInsuredAccountInfoQuery } from '@client/features/correction/api';
import { correctionMessages } from '@client/features/correction/messages';
import { Busy, CancelButton, Failure, LaterButton, type StepProps } from './parts';

/**
 * The payment: the cashier opened by the Pay click (its address follows when the link arrives), then
 * the page watches for the payment by itself; a bank transfer shows the account and the number to
 * quote. How to pay was asked once, when the correction was submitted.
 */
export function PaymentStep({ snapshot, send, onPay }: StepProps & { onPay: () => void }) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  const p = ctx.payment;
  const transfer = snapshot.matches({ payment: 'transfer' });
  const { data: accounts } = useInsuredAccountInfoQuery(
    { policyId: ctx.policy?.policyId ?? 0 },
    { skip: !transfer || !ctx.policy },
  );
  if (snapshot.matches({ payment: 'linking' })) return <Busy text={m.linking} />;
  if (snapshot.matches({ payment: 'linkFailed' }))
    return (
      <>
        <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })} />
        <PayBar>
          <CancelButton snapshot={snapshot} send={send} />
          <LaterButton send={send} />
        </PayBar>
      </>
    );
  const polling = snapshot.matches({ payment: 'polling' });
  return (
    <Card title={m.paymentTitle} size="small" data-testid="payment" className="mc-flow-card">
      {p && (
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={m.amount}>
            <strong data-testid="pay-amount">{formatFen(p.amountFen)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={m.paymentNo}>{p.paymentNo}</Descriptions.Item>
        </Descriptions>
      )}
      {polling && (
        <Alert
          type="info"
          showIcon
          data-testid="pay-polling"
          className="mc-flow-alert"
          title={m.polling}
          description={p?.linkExpiresAt ? format(m.linkExpires, { time: formatDateTime(p.linkExpiresAt) }) : undefined}
        />
      )}
      {snapshot.matches({ payment: 'awaitingPay' }) && p?.payUrl && (
        <Alert
          type="warning"
          showIcon
          data-testid="pay-blocked"
          className="mc-flow-alert"
          title={m.windowBlocked}
          action={
            <a
              href={cashierUrl(p.payUrl)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => send({ type: 'OPEN_CASHIER' })}
              className="ant-btn ant-btn-primary"
            >
              {m.openCashier}
            </a>
          }
        />
      )}
      {snapshot.matches({ payment: 'timedOut' }) && (
        <Alert
          type="warning"
          showIcon
          data-testid="pay-timed-out"
          className="mc-flow-alert"
          title={m.payTimedOut}
          action={<Button onClick={() => send({ type: 'CHECK_AGAIN' })}>{m.checkAgain}</Button>}
        />
      )}
      {snapshot.matches({ payment: 'payFailed' }) && (
        <Alert type="error" showIcon data-testid="pay-failed" className="mc-flow-alert" title={m.payFailed} />
      )}
      {transfer && (
        <div data-testid="pay-transfer" className="mc-flow-alert">
          <p>{format(m.transferTo, { amount: formatFen(p?.amountFen ?? 0), paymentNo: p?.paymentNo ?? '' })}</p>
          {accounts && (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={m.accountName}>{accounts.receivingAccount.accountName}</Descriptions.Item>
              <Descriptions.Item label={m.bankName}>{accounts.receivingAccount.bankName}</Descriptions.Item>
              <Descriptions.Item label={m.accountNo}>{accounts.receivingAccount.accountNo}</Descriptions.Item>
            </Descriptions>
          )}
        </div>
      )}
      <PayBar>
        <CancelButton snapshot={snapshot} send={send} />
        <LaterButton send={send} />
        <Space>
          {transfer && <Button onClick={() => send({ type: 'CHECK_AGAIN' })}>{m.checkTransfer}</Button>}
          {(polling || snapshot.matches({ payment: 'timedOut' }) || snapshot.matches({ payment: 'payFailed' })) && (
            <Button type="primary" onClick={onPay}>
              {snapshot.matches({ payment: 'payFailed' }) ? m.payAgain : m.openCashierAgain}
            </Button>
          )}
        </Space>
      </PayBar>
    </Card>
  );
}
