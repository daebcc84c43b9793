import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Table } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import type { PremiumReceipt } from '@contract/io/policy';
import { PaymentState } from '@contract/states';
import { format, useMessages } from '@client/shared/i18n';
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
                    children: `${b.name} (${Math.round(b.share * 100)}%)`,
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
            <Table<PremiumReceipt>
              rowKey="paymentNo"
              size="small"
              loading={receipts.isFetching}
              dataSource={receipts.data ?? []}
              pagination={false}
              locale={{ emptyText: m.empty }}
              columns={[
                { title: m.paymentNo, dataIndex: 'paymentNo' },
                { title: m.description, dataIndex: 'description' },
                { title: m.amount, dataIndex: 'amountFen', align: 'right', render: (v: number) => formatFen(v) },
                { title: m.paidAt, dataIndex: 'paidAt', render: (v: string) => v.slice(0, 10) },
                {
                  title: m.actions,
                  key: 'download',
                  render: (_: unknown, r) => (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() => run(() => downloadReceipt({ policyNo: data.policyNo, paymentNo: r.paymentNo }))}
                    >
                      {m.receipt}
                    </Button>
                  ),
                },
              ]}
            />
            {dialog}
          </Card>
        </PolicyDetailView>
      )}
    </DetailFrame>
  );
}
