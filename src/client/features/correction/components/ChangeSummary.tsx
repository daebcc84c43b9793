import { Descriptions, Typography } from 'antd';
import type { CorrectionItem, CorrectionSummary } from '@contract/io/correction';
import { formatFen } from '@common/money';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { useInsuredAccountInfoQuery } from '../api';
import { correctionMessages } from '../messages';
import { DraftItems } from './DraftItems';

/**
 * What a correction will do, before it is sent: who joins and who leaves, from when, the premium
 * and refund of each person and in total, and where a refund goes (the account on file, masked).
 */
export function ChangeSummary({
  correction,
  items,
  total,
}: {
  correction: CorrectionSummary;
  items: CorrectionItem[];
  total: number;
}) {
  const m = useMessages(correctionMessages);
  const { data: accounts } = useInsuredAccountInfoQuery({ policyId: correction.policyId });
  const names = (pick: (i: CorrectionItem) => boolean, name: (i: CorrectionItem) => string) => {
    const list = items.filter(pick).map(name);
    return list.length ? list.join(m.listSeparator) : m.nobody;
  };
  const joining = names(
    (i) => i.action === 'add' || i.action === 'exchange',
    (i) => i.name,
  );
  const leaving = names(
    (i) => i.action === 'subtract' || i.action === 'exchange',
    (i) => (i.action === 'exchange' ? (i.replaced?.name ?? '') : i.name),
  );
  const net = correction.netFen ?? 0;
  const refund = accounts?.refundAccount;
  return (
    <div data-testid="change-summary" className="mc-change-summary">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={m.policy}>
          {correction.policyNo} · {correction.productName}
        </Descriptions.Item>
        <Descriptions.Item label={m.effectiveDate}>
          <span className="mc-nowrap">{formatDate(correction.effectiveDate)}</span>
        </Descriptions.Item>
        {correction.kind === 'modify' ? (
          <Descriptions.Item label={m.changedPeople}>
            {names(
              () => true,
              (i) => i.name,
            )}
          </Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label={m.joiningPeople}>
              <span data-testid="summary-joining">{joining}</span>
            </Descriptions.Item>
            <Descriptions.Item label={m.leavingPeople}>
              <span data-testid="summary-leaving">{leaving}</span>
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={m.totalPremium}>{formatFen(correction.premiumFen)}</Descriptions.Item>
        <Descriptions.Item label={m.totalRefund}>{formatFen(correction.refundFen)}</Descriptions.Item>
        <Descriptions.Item label={m.net}>
          <strong data-testid="summary-net">{formatFen(net)}</strong>
        </Descriptions.Item>
        {net < 0 && (
          <Descriptions.Item label={m.refundTo}>
            {refund ? (
              <span data-testid="refund-account">
                {refund.accountName} · {refund.bankName} · {refund.accountNo}
              </span>
            ) : (
              m.noRefundAccount
            )}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} className="mc-summary-people">
        {format(m.perPersonCount, { count: total })}
      </Typography.Title>
      <DraftItems items={items} total={total} showPremium />
    </div>
  );
}
