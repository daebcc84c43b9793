import { Tag, Typography } from 'antd';
import { useState } from 'react';
import type { InvoiceableItem } from '@contract/io/invoice';
import { formatFen } from '@common/money';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { useListQuery } from '@client/shared/list/useListQuery';
import { useInvoiceableQuery } from '../api';
import { InvoiceDialog, useSaveInvoice, type InvoicedPremium } from '../components/InvoiceDialog';
import { personalMessages } from '../messages';

/** My e-invoices: every paid premium of the member, each invoiced once (Request e-invoice) and downloaded. */
export default function PersonalInvoiceList() {
  const m = useMessages(personalMessages);
  const list = useListQuery(useInvoiceableQuery, {
    args: ({ pageNum, pageSize }) => ({ invoiceStatus: 0 as const, pageNum, pageSize }),
  });
  const [asking, setAsking] = useState<InvoicedPremium | null>(null);
  const { save, saving } = useSaveInvoice();

  const columns: ListColumn<InvoiceableItem>[] = [
    { key: 'paymentNo', title: m.paymentNo, card: 'subtitle', render: (i) => i.paymentNo },
    { key: 'productName', title: m.product, className: 'mc-wrap', card: 'title', render: (i) => i.productName },
    { key: 'policyNo', title: m.policyNo, render: (i) => i.policyNo },
    { key: 'amount', title: m.amount, align: 'right', render: (i) => formatFen(i.amountFen) },
    { key: 'paidAt', title: m.paidAt, className: 'mc-nowrap', render: (i) => (i.paidAt ? formatDate(i.paidAt) : '-') },
    {
      key: 'invoice',
      title: m.invoice,
      card: 'state',
      render: (i) =>
        i.invoiceNo ? (
          <span className="mc-nowrap" data-testid="invoice-no">
            {i.invoiceNo}
          </span>
        ) : (
          <Tag>{m.notInvoiced}</Tag>
        ),
    },
  ];

  return (
    <div className="mc-page" data-testid="personal-invoice-list">
      <Typography.Title level={3}>{m.invoiceListTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.invoiceListHint}</Typography.Paragraph>
      <DataList<InvoiceableItem>
        rowKey="paymentId"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
        actionsWidth={200}
        actions={(i) =>
          i.invoiceNo ? (
            <ListButton
              loading={saving(i.invoiceNo)}
              onClick={() => save(i.invoiceNo as string)}
              aria-label={format(m.downloadInvoiceLabel, { invoiceNo: i.invoiceNo })}
            >
              {m.downloadInvoice}
            </ListButton>
          ) : (
            <ListButton
              primary
              onClick={() => setAsking({ paymentId: i.paymentId, paymentNo: i.paymentNo })}
              aria-label={format(m.requestInvoiceLabel, { paymentNo: i.paymentNo })}
            >
              {m.requestInvoice}
            </ListButton>
          )
        }
      />
      <InvoiceDialog premium={asking} onClose={() => setAsking(null)} />
    </div>
  );
}
