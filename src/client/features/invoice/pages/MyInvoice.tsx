import { Alert, Button, Card, Descriptions, Modal, Result, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { formatFen } from '@common/money';
import { formatDate } from '@client/shared/format';
import { randomKey } from '@client/shared/randomKey';
import type { InvoiceIssued, InvoiceSummary, InvoiceableItem } from '@contract/io/invoice';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { usePageTitle } from '@client/shared/usePageTitle';
import {
  useDownloadInvoiceMutation,
  useGetInvoiceableQuery,
  useGetInvoicesQuery,
  useIssueInvoiceMutation,
} from '../api';
import { invoiceMessages } from '../messages';

/** My invoice: choose paid premiums, issue one e-invoice for them, list and download invoices. */
export default function MyInvoice() {
  const m = useMessages(invoiceMessages);
  usePageTitle(m.title);
  const company = useSelector(
    (s: { session: { info: { customerName: string } | null } }) => s.session.info?.customerName ?? '',
  );
  const [itemsPage, setItemsPage] = useState({ pageNum: 1, pageSize: 10 });
  const [listPage, setListPage] = useState({ pageNum: 1, pageSize: 10 });
  const items = useGetInvoiceableQuery({ invoiceStatus: 1, ...itemsPage });
  const invoices = useGetInvoicesQuery(listPage);
  const [selected, setSelected] = useState<InvoiceableItem[]>([]);
  // One key per dialog: a double click or a retry issues the same invoice.
  const [dialogKey, setDialogKey] = useState<string | null>(null);
  const [issue, issuing] = useIssueInvoiceMutation();
  const [issueError, setIssueError] = useState<string | null>(null);
  const [result, setResult] = useState<InvoiceIssued | null>(null);
  const [download, downloading] = useDownloadInvoiceMutation();
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

  return (
    <div className="mc-page" data-testid="my-invoice">
      <Typography.Title level={3}>{m.title}</Typography.Title>
      <Card title={m.uninvoiced} style={{ marginBottom: 16 }}>
        <Table<InvoiceableItem>
          rowKey="paymentId"
          size="middle"
          loading={items.isFetching}
          dataSource={items.data?.list ?? []}
          locale={{ emptyText: m.nothing }}
          rowSelection={{
            selectedRowKeys: selected.map((i) => i.paymentId),
            onChange: (_keys, rows) => setSelected(rows),
            preserveSelectedRowKeys: true,
          }}
          pagination={{
            current: itemsPage.pageNum,
            pageSize: itemsPage.pageSize,
            total: items.data?.total ?? 0,
            onChange: (pageNum, pageSize) => setItemsPage({ pageNum, pageSize }),
          }}
          columns={[
            { title: m.paymentNo, dataIndex: 'paymentNo' },
            { title: m.policyNo, dataIndex: 'policyNo' },
            { title: m.product, dataIndex: 'productName' },
            { title: m.description, dataIndex: 'description', className: 'mc-wrap' },
            { title: m.amount, dataIndex: 'amountFen', align: 'right', render: (v: number) => formatFen(v) },
            { title: m.paidAt, dataIndex: 'paidAt', render: (v: string | null) => (v ? formatDate(v) : '-') },
          ]}
        />
        <Space style={{ marginTop: 12 }}>
          <Button
            type="primary"
            disabled={selected.length === 0}
            onClick={() => (setIssueError(null), setDialogKey(randomKey('inv-')))}
          >
            {m.issue}
          </Button>
          {selected.length > 0 && (
            <span data-testid="selection">
              {format(m.selected, { count: selected.length, total: formatFen(total) })}
            </span>
          )}
        </Space>
      </Card>

      <Card title={m.invoices}>
        <Table<InvoiceSummary>
          rowKey="invoiceNo"
          size="middle"
          loading={invoices.isFetching}
          dataSource={invoices.data?.list ?? []}
          pagination={{
            current: listPage.pageNum,
            pageSize: listPage.pageSize,
            total: invoices.data?.total ?? 0,
            onChange: (pageNum, pageSize) => setListPage({ pageNum, pageSize }),
          }}
          columns={[
            { title: m.invoiceNo, dataIndex: 'invoiceNo' },
            { title: m.issueDate, dataIndex: 'issueDate' },
            { title: m.buyer, dataIndex: 'buyerName' },
            { title: m.items, dataIndex: 'itemCount', align: 'right' },
            { title: m.total, dataIndex: 'totalFen', align: 'right', render: (v: number) => formatFen(v) },
            { title: m.state, key: 'state', render: (_v, row) => stateTag(row) },
            {
              title: '',
              key: 'download',
              render: (_v, row) => (
                <Button
                  size="small"
                  loading={downloading.isLoading && downloading.originalArgs?.invoiceNo === row.invoiceNo}
                  onClick={() => save(row.invoiceNo)}
                >
                  {m.download}
                </Button>
              ),
            },
          ]}
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
        <Table<InvoiceableItem>
          rowKey="paymentId"
          size="small"
          pagination={false}
          dataSource={selected}
          columns={[
            { title: m.policyNo, dataIndex: 'policyNo' },
            { title: m.description, dataIndex: 'description' },
            { title: m.amount, dataIndex: 'amountFen', align: 'right', render: (v: number) => formatFen(v) },
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
                  <Descriptions.Item label={m.buyer}>{`${result.buyerName} (${result.buyerTaxNo})`}</Descriptions.Item>
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
