import { DownloadOutlined } from '@ant-design/icons';
import { Card, Descriptions } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import type { PremiumReceipt } from '@contract/io/policy';
import { PaymentState } from '@contract/states';
import { format, useMessages, useAside } from '@client/shared/i18n';
import { DataList, ListButton } from '@client/shared/list/DataList';
import { useDownloadLifeInvoiceMutation, useGetNoCarPolicyQuery, useQueryInvoiceQuery } from '../api';
import { formatFen } from '@common/money';
import { DetailFrame, MY_POLICY, PolicyDetailView } from '../components/PolicyDetailView';
import { useDocumentResult } from '../components/ResultDialog';
import { RosterSummary } from '../components/RosterSummary';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

/** Life policy details: the insured and beneficiaries, the payment term and the premium receipts. */
export default function LifePolicyDetail() {
  const m = useMessages(policyMessages);
  const aside = useAside();
  const policyNo = usePolicyNo();
  const { data, isLoading, isError } = useGetNoCarPolicyQuery(policyNo ? { policyNo } : skipToken);
  const receipts = useQueryInvoiceQuery(data && data.paymentState === PaymentState.paid ? { policyNo } : skipToken);
  const [downloadReceipt] = useDownloadLifeInvoiceMutation();
  const { run, dialog } = useDocumentResult();
  const d = (data?.details ?? {}) as {
    beneficiaries?: Array<{ name: string; relation: string; share: number }>;
    paymentTermYears?: number;
    insuredIdNumber?: string;
  };
  return (
    <DetailFrame
      title={m.detailTitle}
      isLoading={isLoading}
      isError={isError || !policyNo}
      fallback={`${MY_POLICY}?tab=life`}
    >
      {data && (
        <PolicyDetailView detail={data}>
          {data.roster ? (
            <RosterSummary policyNo={data.policyNo} />
          ) : (
            <Card title={m.beneficiaries}>
              <Descriptions
                column={1}
                items={[
                  {
                    key: 'insured',
                    label: m.insured,
                    children: `${data.insuredName ?? ''} ${d.insuredIdNumber ?? ''}`,
                  },
                  ...(d.beneficiaries ?? []).map((b) => ({
                    key: b.name,
                    label: b.relation,
                    children: aside(b.name, `${Math.round(b.share * 100)}%`),
                  })),
                  ...(d.paymentTermYears
                    ? [
                        {
                          key: 'term',
                          label: m.paymentTerm,
                          children: format(m.paymentTermYears, { years: d.paymentTermYears }),
                        },
                      ]
                    : []),
                ]}
              />
            </Card>
          )}
          <Card title={m.receipts} data-testid="receipts">
            <DataList<PremiumReceipt>
              rowKey="paymentNo"
              size="small"
              loading={receipts.isFetching}
              rows={receipts.data}
              columns={[
                { key: 'paymentNo', title: m.paymentNo, card: 'subtitle', render: (r) => r.paymentNo },
                {
                  key: 'description',
                  title: m.description,
                  className: 'mc-wrap',
                  card: 'title',
                  render: (r) => r.description,
                },
                { key: 'amount', title: m.amount, align: 'right', render: (r) => formatFen(r.amountFen) },
                { key: 'paidAt', title: m.paidAt, className: 'mc-nowrap', render: (r) => r.paidAt.slice(0, 10) },
              ]}
              actions={(r) => (
                <ListButton
                  icon={<DownloadOutlined />}
                  onClick={() => run(() => downloadReceipt({ policyNo: data.policyNo, paymentNo: r.paymentNo }))}
                >
                  {m.receipt}
                </ListButton>
              )}
            />
            {dialog}
          </Card>
        </PolicyDetailView>
      )}
    </DetailFrame>
  );
}
