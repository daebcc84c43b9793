import { Button, Descriptions, Drawer, Empty, Modal, Space, Spin, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { format, useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { notify } from '@client/shared/notify';
import { succeeded } from './errorText';
import { useCancelOrderMutation, useOrderDetailQuery } from '../api';
import { formatFen } from '@common/money';
import { policyDetailHref } from '@client/shared/paths';
import { formatDateTime } from '@client/shared/format';
import { label, personalMessages } from '../messages';
import { PaymentWatch, type OrderPayer } from './OrderPay';
import { InvoiceDialog, useSaveInvoice, type InvoicedPremium } from './InvoiceDialog';
import { useState } from 'react';

/** An order's or an application's details, in a drawer over the list (the order number in ?orderNo=). */
export function OrderDetailsDrawer({
  orderNo,
  onClose,
  payer,
}: {
  orderNo: string | null;
  onClose: () => void;
  /** The list's payments: Pay in the drawer and on the list is one payment, shown in the drawer. */
  payer: OrderPayer;
}) {
  return (
    <Drawer open={!!orderNo} onClose={onClose} size="large" title={orderNo ?? ''} destroyOnHidden>
      {orderNo && <OrderDetails orderNo={orderNo} payer={payer} />}
    </Drawer>
  );
}

function OrderDetails({ orderNo, payer }: { orderNo: string; payer: OrderPayer }) {
  const m = useMessages(personalMessages);
  const [modal, modalHolder] = Modal.useModal();
  const { data, isLoading, isError } = useOrderDetailQuery({ orderNo });
  const [cancelOrder] = useCancelOrderMutation();
  const { pay, paying } = payer;
  const [params] = useSearchParams();
  const watching = params.get('pay') === '1';
  const [asking, setAsking] = useState<InvoicedPremium | null>(null);
  const { save, saving } = useSaveInvoice();

  if (isError) return <Empty description={m.empty} data-testid="order-details-empty" />;
  if (isLoading || !data) return <Spin />;

  const cancel = () =>
    modal.confirm({
      title: format(m.cancelOrderTitle, { orderNo }),
      content: m.cancelOrderText,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        if (await succeeded(() => cancelOrder({ orderNo }).unwrap())) notify.success(m.orderCancelled);
      },
    });

  return (
    <div data-testid="order-details">
      {modalHolder}
      {watching && <PaymentWatch orderNo={orderNo} payer={payer} />}
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label={m.product}>{data.productName}</Descriptions.Item>
        <Descriptions.Item label={m.state}>
          <Tag data-testid="order-state">{label(m, 'orderState', data.state)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={m.holder}>{data.holderName}</Descriptions.Item>
        <Descriptions.Item label={m.insured}>{data.insuredName}</Descriptions.Item>
        <Descriptions.Item label={m.period}>
          {data.startDate} ~ {data.endDate}
        </Descriptions.Item>
        <Descriptions.Item label={m.amount}>{formatFen(data.amountFen)}</Descriptions.Item>
        <Descriptions.Item label={m.createdAt}>{formatDateTime(data.createdAt)}</Descriptions.Item>
        {data.payDeadline && <Descriptions.Item label={m.payBy}>{formatDateTime(data.payDeadline)}</Descriptions.Item>}
        {data.policyNo && (
          <Descriptions.Item label={m.policyNo}>
            <Link to={policyDetailHref(data.policyKind, data.policyNo)}>{data.policyNo}</Link>
          </Descriptions.Item>
        )}
        {data.renewsPolicyNo && (
          <Descriptions.Item label={m.renewsPolicy}>
            <Link to={policyDetailHref(data.policyKind, data.renewsPolicyNo)}>{data.renewsPolicyNo}</Link>
          </Descriptions.Item>
        )}
        {data.cancelReason && <Descriptions.Item label={m.reason}>{data.cancelReason}</Descriptions.Item>}
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <DataList<(typeof data.coverages)[number]>
          size="small"
          rowKey="name"
          rows={data.coverages}
          columns={[
            { key: 'name', title: m.product, className: 'mc-wrap', card: 'title', render: (c) => c.name },
            { key: 'sumInsured', title: m.amount, align: 'right', render: (c) => formatFen(c.sumInsuredFen) },
          ]}
        />
      </div>
      {data.premium && (
        <Space style={{ marginTop: 16 }} wrap data-testid="order-invoice">
          {data.premium.invoiceNo ? (
            <Button
              loading={saving(data.premium.invoiceNo)}
              onClick={() => save(data.premium?.invoiceNo as string)}
              aria-label={format(m.downloadInvoiceLabel, { invoiceNo: data.premium.invoiceNo })}
            >
              {m.downloadInvoice}
            </Button>
          ) : (
            <Button onClick={() => setAsking({ paymentId: data.premium!.paymentId, paymentNo: orderNo })}>
              {m.requestInvoice}
            </Button>
          )}
        </Space>
      )}
      <InvoiceDialog premium={asking} onClose={() => setAsking(null)} />
      {(data.cancellable || data.payable) && !payer.paid(orderNo) && (
        <Space style={{ marginTop: 16 }}>
          {data.payable && !payer.paid(orderNo) && (
            <Button type="primary" loading={paying(orderNo)} onClick={() => pay(orderNo)}>
              {m.payOrder}
            </Button>
          )}
          {data.cancellable && !payer.paid(orderNo) && (
            <Button danger onClick={cancel}>
              {m.cancelOrder}
            </Button>
          )}
        </Space>
      )}
    </div>
  );
}
