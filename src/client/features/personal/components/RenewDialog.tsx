import { Alert, Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatFen } from '@common/money';
import type { PolicyRow } from '@contract/io/policy';
import { formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { policyDetailHref } from '@client/shared/paths';
import { useOrderDetailQuery, useRenewalQuoteQuery, useRenewPolicyMutation } from '../api';
import { personalMessages } from '../messages';
import { succeeded } from './errorText';
import { PaymentWatch, usePayOrder, type OrderPayer } from './OrderPay';

/**
 * Renewing a policy online: the quote (the same insured and cover for the next period at the
 * product's current rates), Confirm makes the renewal order, Pay takes it to the cashier (the order's
 * one payment) and the dialog follows it until the new policy is issued. A policy whose renewal order
 * awaits payment opens on that order.
 */
export function RenewDialog({ policy, onClose }: { policy: PolicyRow | null; onClose: () => void }) {
  const m = useMessages(personalMessages);
  return (
    <Modal
      open={!!policy}
      title={policy ? format(m.renewTitle, { policyNo: policy.policyNo }) : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="renew-dialog"
    >
      {policy && <Renewal policy={policy} onClose={onClose} />}
    </Modal>
  );
}

function Renewal({ policy, onClose }: { policy: PolicyRow; onClose: () => void }) {
  const payer = usePayOrder({ inAddress: false });
  const [ordered, setOrdered] = useState<string | null>(
    policy.renewal?.state === 'ordered' ? policy.renewal.orderNo : null,
  );
  return ordered ? (
    <RenewalOrder orderNo={ordered} payer={payer} onClose={onClose} />
  ) : (
    <RenewalQuote policy={policy} onOrdered={setOrdered} onClose={onClose} />
  );
}

function RenewalQuote({
  policy,
  onOrdered,
  onClose,
}: {
  policy: PolicyRow;
  onOrdered: (orderNo: string) => void;
  onClose: () => void;
}) {
  const m = useMessages(personalMessages);
  const quote = useRenewalQuoteQuery({ policyNo: policy.policyNo });
  const [renew, renewing] = useRenewPolicyMutation();
  const q = quote.data;
  if (quote.isError) return <Alert type="warning" title={m.empty} data-testid="renew-refused" />;
  if (!q) return <Spin />;
  const confirm = async () => {
    let orderNo = '';
    const made = await succeeded(async () => {
      orderNo = (await renew({ policyNo: q.policyNo, amountFen: q.amountFen }).unwrap()).orderNo;
    });
    // refused (renewed or ordered meanwhile, in another tab): the gateway's sentence is shown, the list read again
    if (made) onOrdered(orderNo);
    else onClose();
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="renew-quote">
      <Typography.Text type="secondary">{m.renewSameCover}</Typography.Text>
      {q.lapsed && (
        <Alert
          type="warning"
          showIcon
          title={format(m.renewLapsed, { endDate: policy.endDate, startDate: q.startDate })}
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'product', label: m.product, children: q.productName },
          { key: 'insured', label: m.insured, children: q.insuredName ?? q.holderName },
          {
            key: 'period',
            label: m.renewNewPeriod,
            children: (
              <span className="mc-nowrap" data-testid="renew-period">
                {q.startDate} ~ {q.endDate}
              </span>
            ),
          },
          ...q.coverages.map((c, i) => ({ key: `c${i}`, label: c.name, children: formatFen(c.sumInsuredFen) })),
          { key: 'previous', label: m.renewPreviousPremium, children: formatFen(q.previousPremiumFen) },
          {
            key: 'premium',
            label: m.renewPremium,
            children: (
              <Typography.Text strong data-testid="renew-premium" data-amount-fen={q.amountFen}>
                {formatFen(q.amountFen)}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button onClick={onClose}>{m.cancel}</Button>
        <Button type="primary" loading={renewing.isLoading} onClick={confirm}>
          {m.renewConfirm}
        </Button>
      </Space>
    </Space>
  );
}

function RenewalOrder({ orderNo, payer, onClose }: { orderNo: string; payer: OrderPayer; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const { data } = useOrderDetailQuery({ orderNo });
  if (!data) return <Spin />;
  const paid = payer.paid(orderNo) || !!data.policyNo;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="renew-order">
      <Typography.Paragraph style={{ margin: 0 }}>
        {format(m.renewOrdered, {
          orderNo,
          amount: formatFen(data.amountFen),
          deadline: data.payDeadline ? formatDateTime(data.payDeadline) : '-',
          startDate: data.startDate,
        })}
      </Typography.Paragraph>
      <PaymentWatch orderNo={orderNo} payer={payer} />
      {data.policyNo && (
        <Link to={policyDetailHref(data.policyKind, data.policyNo)} data-testid="renewed-policy">
          {data.policyNo}
        </Link>
      )}
      <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button onClick={onClose}>{m.close}</Button>
        {data.payable && !paid && (
          <Button type="primary" loading={payer.paying(orderNo)} onClick={() => payer.pay(orderNo)}>
            {m.payOrder}
          </Button>
        )}
      </Space>
    </Space>
  );
}
