import { Alert, Descriptions, Tag, Typography } from 'antd';
import type { RefundInfo, RefundState } from '@contract/io/correction';
import { INSURER } from '@common/insurer';
import { formatFen } from '@common/money';
import { formatDate, formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { correctionMessages } from '../messages';

export const REFUND_COLOURS: Record<RefundState, string> = {
  processing: 'processing',
  refunded: 'success',
  failed: 'error',
};

/** A refund's state as a tag, in the reader's words. */
export function RefundTag({ state }: { state: RefundState }) {
  const m = useMessages(correctionMessages);
  return (
    <Tag color={REFUND_COLOURS[state]} data-testid="refund-state">
      {m[`refundState_${state}`]}
    </Tag>
  );
}

/**
 * Where a correction's refund stands, as the HR user follows it: its state, when it was requested and
 * settled, the amount and the account it goes to (the policyholder's own, masked), or why it failed.
 */
export function RefundStatus({ refund }: { refund: RefundInfo }) {
  const m = useMessages(correctionMessages);
  return (
    <section className="mc-drawer-section" data-testid="refund-status">
      <Typography.Title level={5}>{m.refund}</Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={m.state}>
          <RefundTag state={refund.state} />
        </Descriptions.Item>
        <Descriptions.Item label={m.refundAmount}>
          <span className="mc-nowrap">{formatFen(refund.amountFen)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={m.refundRequestedAt}>
          <span className="mc-nowrap">{formatDateTime(refund.requestedAt)}</span>
        </Descriptions.Item>
        {refund.state !== 'processing' && refund.settledAt && (
          <Descriptions.Item label={m[`refundSettledAt_${refund.state}`]}>
            <span className="mc-nowrap" data-testid="refund-settled">
              {formatDate(refund.settledAt)}
            </span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={m.refundTo}>
          {refund.account ? (
            <span data-testid="refund-account">
              {refund.account.accountName} · {refund.account.bankName} · {refund.account.accountNo}
            </span>
          ) : (
            m.noRefundAccount
          )}
        </Descriptions.Item>
        <Descriptions.Item label={m.refundNo}>{refund.refundNo}</Descriptions.Item>
      </Descriptions>
      {refund.state === 'processing' && (
        <Typography.Paragraph type="secondary">{m.refundProcessingHint}</Typography.Paragraph>
      )}
      {refund.state === 'failed' && refund.failure && (
        <Alert
          type="error"
          showIcon
          data-testid="refund-failure"
          title={format(m[`refundFailure_${refund.failure}`], { hotline: INSURER.hotline })}
        />
      )}
    </section>
  );
}
