import { Alert, Button, Card, Descriptions, Modal, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { formatFen } from '@common/money';
import { formatDate } from '@client/shared/format';
import { randomKey } from '@client/shared/randomKey';
import type { InvoiceIssued, InvoiceSummary, InvoiceableItem } from '@contract/io/invoice';
import { format, useMessages, useAside } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { useListQuery } from '@client/shared/list/useListQuery';
import { notify } from '@client/shared/notify';
import { usePageTitle } from '@client/shared/usePageTitle';
import {
  useDownloadInvoiceMutation,
  useGetInvoiceableQuery,
  useGetInvoicesQuery,
  useIssueInvoiceMutation,
} from '../api';
import { invoiceMessages } from '../messages';
import { useMay } from '@client/shared/useMay';

/** My invoice: choose paid premiums, issue one e-invoice for them, list and download invoices. */
export default function MyInvoice() {
  const m = useMessages(invoiceMessages);
  const aside = useAside();
  usePageTitle(m.title);
  const company = useSelector(
    (s: { session: { info: { customerName: string } | null } }) => s.session.info?.customerName ?? '',
  );
  // two lists, each its page in the address: the premiums not invoiced yet (`due-page`) and the invoices
  const items = useListQuery(useGetInvoiceableQuery, {
    prefix: 'due-',
    args: ({ pageNum, pageSize }) => ({ invoiceStatus: 1 as const, pageNum, pageSize }),
  });
  const invoices = useListQuery(useGetInvoicesQuery, { args: ({ pageNum, pageSize }) => ({ pageNum, pageSize }) });
  const [selected, setSelected] = useState<InvoiceableItem[]>([]);
  // One key per dialog: a double click or a retry issues the same invoice.
  const [dialogKey, setDialogKey] = useState<string | null>(null);
  const [issue, issuing] = useIssueInvoiceMutation();
  const [issueError, setIssueError] = useState<string | null>(null);
  const [result, setResult] = useState<InvoiceIssued | null>(null);
  const [download, downloading] = useDownloadInvoiceMutation();
  const asks = useMay('invoice');
  const total = selected.reduce((sum, i) => sum + i.amountFen, 0);

  const submit = async () => {
    if (!dialogKey) return;
    setIssueError(null);
    try {
      const issued = await issue({ paymentIds: selected.map((i) => i.paymentId), idempotencyKey: dialogKey }).unwrap();
      setDialogKey(null);
      setSelected([]);
      setResult(issued);
    } catch (error) {
      const e = error as { kind?: string; statusText?: string };
      setIssueError(e.kind === 'status' && e.statusText ? e.statusText : m.failed);
    }
  };
  const save = async (invoiceNo: string) => {
    const done = await download({ invoiceNo })
      .unwrap()
      .catch(() => null);
    if (done) notify.success(format(m.downloaded, { name: done.filename }));
  };
  const stateTag = (s: InvoiceSummary) => (
    <Tag color={s.state === 1 ? 'green' : 'default'}>{s.state === 1 ? m.stateIssued : m.stateVoided}</Tag>
  );

  const itemColumns: ListColumn<InvoiceableItem>[] = [
    { key: 'paymentNo', title: m.paymentNo, card: 'subtitle', render: (i) => i.paymentNo },
    { key: 'policyNo', title: m.policyNo, render: (i) => i.policyNo },
    {
      key: 'product',
      title: m.product,
      className: 'mc-wrap mc-wrap-narrow',
      card: 'title',
      render: (i) => i.productName,
    },
    { key: 'description', title: m.description, className: 'mc-wrap', render: (i) => i.description },
    { key: 'amount', title: m.amount, align: 'right', render: (i) => formatFen(i.amountFen) },
    { key: 'paidAt', title: m.paidAt, className: 'mc-nowrap', render: (i) => (i.paidAt ? formatDate(i.paidAt) : '-') },
  ];
  const invoiceColumns: ListColumn<InvoiceSummary>[] = [
    { key: 'invoiceNo', title: m.invoiceNo, card: 'title', render: (i) => i.invoiceNo },
    { key: 'issueDate', title: m.issueDate, className: 'mc-nowrap', card: 'subtitle', render: (i) => i.issueDate },
    { key: 'buyer', title: m.buyer, className: 'mc-wrap mc-wrap-narrow', render: (i) => i.buyerName },
    { key: 'items', title: m.items, align: 'right', render: (i) => i.itemCount },
    { key: 'total', title: m.total, align: 'right', render: (i) => formatFen(i.totalFen) },
    { key: 'state', title: m.state, card: 'state', render: stateTag },
  ];

  return (
    <div className="mc-page" data-testid="my-invoice">
      <Typography.Title level={3}>{m.title}</Typography.Title>
      <Card title={m.uninvoiced} style={{ marginBottom: 16 }}>
        <DataList<InvoiceableItem>
          rowKey="paymentId"
          control={items}
          rows={items.data?.list}
          total={items.data?.total}
          empty={m.nothing}
          columns={itemColumns}
          selection={{
            selectedKeys: selected.map((i) => i.paymentId),
            onChange: (_keys, rows) => setSelected(rows),
            label: (i) => i.paymentNo,
          }}
        />
        <Space style={{ marginTop: 12 }}>
          {asks && (
            <Button
              type="primary"
              disabled={selected.length === 0}
              onClick={() => (setIssueError(null), setDialogKey(randomKey('inv-')))}
            >
              {m.issue}
            </Button>
          )}
          {selected.length > 0 && (
            <span data-testid="selection">
              {format(m.selected, { count: selected.length, total: formatFen(total) })}
            </span>
          )}
        </Space>
      </Card>

      <Card title={m.invoices}>
        <DataList<InvoiceSummary>
          rowKey="invoiceNo"
          control={invoices}
          rows={invoices.data?.list}
          total={invoices.data?.total}
          columns={invoiceColumns}
          actions={(row) => (
            <ListButton
              loading={downloading.isLoading && downloading.originalArgs?.invoiceNo === row.invoiceNo}
              onClick={() => save(row.invoiceNo)}
            >
              {m.download}
            </ListButton>
          )}
        />
      </Card>

      <Modal
        destroyOnHidden

        open={dialogKey !== null}
        title={m.dialogTitle}
        onCancel={() => setDialogKey(null)}
        footer={[
          <Button key="cancel" onClick={() => setDialogKey(null)}>
            {m.cancel}
          </Button>,
          <Button key="issue" type="primary" loading={issuing.isLoading} onClick={submit}>
            {m.confirmIssue}
          </Button>,
        ]}
      >
        {issueError && <Alert type="error" showIcon title={issueError} role="alert" style={{ marginBottom: 12 }} />}
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={m.buyer}>{company}</Descriptions.Item>
          <Descriptions.Item label={m.total}>{formatFen(total)}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {m.buyerNote}
        </Typography.Paragraph>
        <DataList<InvoiceableItem>
          rowKey="paymentId"
          size="small"
          rows={selected}
          columns={[
            { key: 'policyNo', title: m.policyNo, className: 'mc-nowrap', card: 'title', render: (i) => i.policyNo },
            { key: 'description', title: m.description, className: 'mc-wrap', render: (i) => i.description },
            { key: 'amount', title: m.amount, align: 'right', card: 'state', render: (i) => formatFen(i.amountFen) },
          ]}
        />
      </Modal>

      <Modal
        destroyOnHidden

        open={result !== null}
        title={m.resultTitle}
        onCancel={() => setResult(null)}
        footer={null}
      >
        {result && (
          <Result
            status="success"
            title={m.resultTitle}
            subTitle={result.repeated ? m.resultRepeated : undefined}
            extra={
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Descriptions column={1} size="small" bordered data-testid="invoice-result">
                  <Descriptions.Item label={m.invoiceNo}>{result.invoiceNo}</Descriptions.Item>
                  <Descriptions.Item label={m.issueDate}>{result.issueDate}</Descriptions.Item>
                  <Descriptions.Item label={m.buyer}>{aside(result.buyerName, result.buyerTaxNo)}</Descriptions.Item>
                  <Descriptions.Item label={m.netAmount}>{formatFen(result.amountFen)}</Descriptions.Item>
                  <Descriptions.Item label={m.taxRate}>{`${result.taxRate}%`}</Descriptions.Item>
                  <Descriptions.Item label={m.tax}>{formatFen(result.taxFen)}</Descriptions.Item>
                  <Descriptions.Item label={m.total}>{formatFen(result.totalFen)}</Descriptions.Item>
                </Descriptions>
                <Space>
                  <Button type="primary" onClick={() => save(result.invoiceNo)}>
                    {m.download}
                  </Button>
                  <Button onClick={() => setResult(null)}>{m.close}</Button>
                </Space>
              </Space>
            }
          />
        )}
      </Modal>
    </div>
  );
}
