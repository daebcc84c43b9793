import { Alert, Button, Card, Descriptions, Popconfirm, Space, Typography, Upload } from 'antd';
import { formatFen } from '@common/money';
import type { PaymentInfo } from '@contract/io/correction';
import { cashierUrl } from '@client/shared/cashier';
import { formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { PayBar } from '@client/shared/PayBar';
import { useDownloadPaymentNoticeMutation, useUploadTransferReceiptMutation } from '@client/features/correction/api';
import { flowError, type FlowError } from '@client/features/correction/correction.machine';
import { paymentOf, type PaymentEvent, type PaymentSnapshot } from '@client/shared/payment/payment.machine';
import { correctionMessages } from '@client/features/correction/messages';
import { Busy, CancelButton, Failure, LaterButton, errorText, type StepProps } from './parts';

/** The largest transfer receipt the gateway takes (it checks again, and the file's real type). */
const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The payment (the shared payment machine, a child of the flow): the cashier opened by the Pay click
 * (its address follows when the link arrives), then the page watches for the payment by itself; a
 * declined attempt is still watched (the payer may pay again in the same cashier tab); a bank transfer
 * shows, for as long as it is awaited, the payee, the reference to write on it and its deadline, with
 * the payment notice, the transfer receipt and the way to pay online instead. How to pay was asked
 * once, when the correction was submitted.
 */
export function PaymentStep({
  snapshot,
  send,
  payment,
  onPay,
  onPayOnline,
}: StepProps & { payment: PaymentSnapshot | undefined; onPay: () => void; onPayOnline: () => void }) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  const child = snapshot.children.payment;
  const tell = (event: PaymentEvent) => child?.send(event);
  if (!payment || payment.matches('linking') || payment.matches({ transfer: 'switching' }))
    return <Busy text={m.linking} />;
  const p = paymentOf<PaymentInfo>(payment) ?? ctx.payment;
  const error = payment.context.error;
  if (payment.matches('linkFailed'))
    return (
      <>
        <Failure error={flowError('payLink', error?.cause)} onRetry={() => tell({ type: 'RETRY' })} />
        <PayBar>
          <CancelButton snapshot={snapshot} send={send} />
          <LaterButton send={send} />
        </PayBar>
      </>
    );
  const transfer = payment.matches('transfer');
  const watching = payment.matches('watching');
  // a declined attempt stays on the page while the payment is asked again
  const declined = watching && payment.context.answer?.status === 'declined';
  const timedOut = payment.matches('timedOut');
  const expired = payment.matches('expired');
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
      {watching && !declined && (
        <Alert
          type="info"
          showIcon
          data-testid="pay-polling"
          className="mc-flow-alert"
          title={m.polling}
          description={p?.linkExpiresAt ? format(m.linkExpires, { time: formatDateTime(p.linkExpiresAt) }) : undefined}
        />
      )}
      {payment.matches('awaitingPay') && p?.payUrl && (
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
              onClick={() => tell({ type: 'OPEN_CASHIER' })}
              className="ant-btn ant-btn-primary"
            >
              {m.openCashier}
            </a>
          }
        />
      )}
      {timedOut && (
        <Alert
          type="warning"
          showIcon
          data-testid="pay-timed-out"
          className="mc-flow-alert"
          title={m.payTimedOut}
          action={<Button onClick={() => tell({ type: 'CHECK' })}>{m.checkAgain}</Button>}
        />
      )}
      {declined && (
        <Alert type="error" showIcon data-testid="pay-failed" className="mc-flow-alert" title={m.payFailed} />
      )}
      {expired && (
        <Alert type="warning" showIcon data-testid="pay-expired" className="mc-flow-alert" title={m.payExpired} />
      )}
      {transfer && p && (
        <TransferDetails
          snapshot={snapshot}
          send={send}
          payment={p}
          refused={error?.step === 'switch' ? flowError('payOnline', error.cause) : null}
          tell={tell}
        />
      )}
      <PayBar>
        <CancelButton snapshot={snapshot} send={send} />
        <LaterButton send={send} />
        <Space wrap>
          {transfer && <Button onClick={() => tell({ type: 'CHECK' })}>{m.checkTransfer}</Button>}
          {transfer && (
            <Popconfirm
              title={m.payOnlineConfirm}
              description={<div className="mc-confirm-text">{m.payOnlineConfirmText}</div>}
              okText={m.payOnlineOk}
              cancelText={m.keepTransfer}
              onConfirm={onPayOnline}
            >
              <Button type="primary" data-testid="pay-online-instead">
                {m.payOnlineInstead}
              </Button>
            </Popconfirm>
          )}
          {(watching || timedOut || expired) && (
            <Button type="primary" onClick={onPay}>
              {declined || expired ? m.payAgain : m.openCashierAgain}
            </Button>
          )}
        </Space>
      </PayBar>
    </Card>
  );
}

/** An awaited transfer: what to transfer where, with which reference, by when; the notice and the receipt. */
function TransferDetails({
  snapshot,
  payment: p,
  refused,
  tell,
}: StepProps & { payment: PaymentInfo; refused: FlowError | null; tell: (event: PaymentEvent) => void }) {
  const m = useMessages(correctionMessages);
  const [download, downloading] = useDownloadPaymentNoticeMutation();
  const [upload, uploading] = useUploadTransferReceiptMutation();
  const ctx = snapshot.context;
  const t = p.transfer;
  const correctionId = ctx.correctionId ?? 0;
  const sendReceipt = async (file: File) => {
    if (file.size > RECEIPT_MAX_BYTES) {
      notify.error(m.receiptTooLarge);
      return;
    }
    const r = await upload({ correctionId, file });
    if ('data' in r && r.data) {
      tell({ type: 'PAYMENT', payment: r.data });
      notify.success(format(m.receiptSaved, { file: r.data.transfer?.receipt?.fileName ?? file.name }));
    } else if ('error' in r) notify.error(errorText(m, flowError('payOnline', r.error)));
  };
  return (
    <div data-testid="pay-transfer" className="mc-flow-alert">
      <Typography.Title level={5}>{m.transferAwaited}</Typography.Title>
      <Typography.Paragraph>{format(m.transferHow, { amount: formatFen(p.amountFen) })}</Typography.Paragraph>
      {refused && <Failure error={refused} />}
      {t && (
        <Descriptions size="small" column={1} bordered data-testid="transfer-details">
          <Descriptions.Item label={m.accountName}>{t.payee.accountName}</Descriptions.Item>
          <Descriptions.Item label={m.bankName}>{t.payee.bankName}</Descriptions.Item>
          <Descriptions.Item label={m.accountNo}>
            <Typography.Text copyable data-testid="transfer-account">
              {t.payee.accountNo}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={m.amount}>
            <strong>{formatFen(p.amountFen)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={m.transferReference}>
            <Typography.Text copyable strong data-testid="transfer-reference">
              {t.reference}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={m.transferDeadline}>
            <span data-testid="transfer-deadline">
              {format(m.transferDeadlineAt, { time: formatDateTime(t.deadline) })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={m.receipt}>
            <span data-testid="transfer-receipt">
              {t.receipt
                ? format(m.receiptUploaded, { file: t.receipt.fileName, time: formatDateTime(t.receipt.uploadedAt) })
                : m.receiptNone}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary">{m.transferLapse}</Typography.Paragraph>
      <Space wrap>
        <Button
          data-testid="download-notice"
          loading={downloading.isLoading}
          onClick={async () => {
            const r = await download({ correctionId });
            if ('data' in r && r.data) notify.success(format(m.downloaded, { file: r.data.filename }));
          }}
        >
          {m.downloadNotice}
        </Button>
        <Upload
          accept="image/jpeg,image/png,image/webp,application/pdf"
          showUploadList={false}
          beforeUpload={(file) => {
            void sendReceipt(file);
            return false;
          }}
        >
          <Button loading={uploading.isLoading} data-testid="upload-receipt">
            {m.uploadReceipt}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{m.uploadReceiptHint}</Typography.Text>
      </Space>
    </div>
  );
}
