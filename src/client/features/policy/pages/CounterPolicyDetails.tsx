import { PaymentState } from '@contract/states';
import { Card, Descriptions, Tag } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import type { PolicyPayment } from '@contract/io/policy';
import { useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { useGetLegalPolicyInfoQuery } from '../api';
import { formatFen } from '@common/money';
import { kindText, paymentStateText, STATE_COLORS, stateText } from '../format';
import { DetailFrame, MY_POLICY } from '../components/PolicyDetailView';
import { DocumentButtons } from '../components/DocumentButtons';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

/** Order details (shown without the left menu): what was bought, for how much, and its payments. */
export default function CounterPolicyDetails() {
  const m = useMessages(policyMessages);
  const policyNo = usePolicyNo();
  const { data, isLoading, isError } = useGetLegalPolicyInfoQuery(policyNo ? { policyNo } : skipToken);
  return (
    <DetailFrame title={m.orderTitle} isLoading={isLoading} isError={isError || !policyNo} fallback={MY_POLICY}>
      {data && (
        <Card data-testid="policy-detail">
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'no', label: m.policyNo, children: <span data-testid="policy-no">{data.policyNo}</span> },
              { key: 'product', label: m.product, children: data.productName },
              { key: 'kind', label: m.kind, children: kindText(m, data.kind) },
              {
                key: 'state',
                label: m.state,
                children: <Tag color={STATE_COLORS[data.state]}>{stateText(m, data.state)}</Tag>,
              },
              { key: 'holder', label: m.holder, children: data.holder.name },
              { key: 'period', label: m.period, children: `${data.startDate} ~ ${data.endDate}` },
              { key: 'premium', label: m.premium, children: formatFen(data.premiumFen) },
              {
                key: 'payment',
                label: m.payment,
                children: data.paymentState === PaymentState.paid ? m.paid : m.unpaid,
              },
            ]}
          />
          <DataList<PolicyPayment>
            rowKey="paymentNo"
            size="small"
            rows={data.payments}
            columns={[
              { key: 'paymentNo', title: m.paymentNo, card: 'subtitle', render: (p) => p.paymentNo },
              {
                key: 'description',
                title: m.description,
                className: 'mc-wrap',
                card: 'title',
                render: (p) => p.description,
              },
              { key: 'amount', title: m.amount, align: 'right', render: (p) => formatFen(p.amountFen) },
              { key: 'state', title: m.state, card: 'state', render: (p) => paymentStateText(m, p.state) },
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <DocumentButtons policyNo={data.policyNo} documents={data.documents} />
          </div>
        </Card>
      )}
    </DetailFrame>
  );
}
