import { OrderState } from '@contract/states';
import { Button, Modal, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { OrderKind, OrderSummary } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from './errorText';
import { useCancelOrderMutation, useOrderListQuery } from '../api';
import { formatFen } from '@common/money';
import { formatDateTime } from '@client/shared/format';
import { label, personalMessages } from '../messages';
import { OrderDetailsDrawer } from './OrderDetails';
import { usePayOrder } from './OrderPay';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { oneOf, useListQuery } from '@client/shared/list/useListQuery';

const STATES = Object.values(OrderState);
const FILTERS = { state: oneOf(STATES) };
const STATE_COLOURS: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'default', 4: 'blue', 5: 'red' };

/** Orders or insurance applications of the member, filtered by state; pay or cancel where the state allows. */
export function OrderTable({ kind }: { kind: OrderKind }) {
  const m = useMessages(personalMessages);
  const [modal, modalHolder] = Modal.useModal();
  const list = useListQuery(useOrderListQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({ kind, state: filters.state, pageNum, pageSize }),
  });
  const [cancelOrder] = useCancelOrderMutation();
  const payer = usePayOrder();
  const { pay, paying } = payer;
  const [params, setParams] = useSearchParams();
  const open = params.get('orderNo');
  // the open order's details: the list's filters and page stay in the address under the drawer
  const show = (orderNo: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (orderNo) next.set('orderNo', orderNo);
      else next.delete('orderNo');
      return next;
    });

  const cancel = (o: OrderSummary) =>
    modal.confirm({
      title: format(m.cancelOrderTitle, { orderNo: o.orderNo }),
      content: m.cancelOrderText,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        if (await succeeded(() => cancelOrder({ orderNo: o.orderNo }).unwrap())) notify.success(m.orderCancelled);
      },
    });

  const columns: ListColumn<OrderSummary>[] = [
    {
      key: 'orderNo',
      title: kind === 'order' ? m.orderNo : m.applicationNo,
      card: 'subtitle',
      render: (o) => (
        <Button type="link" size="small" className="mc-list-link" onClick={() => show(o.orderNo)}>
          {o.orderNo}
        </Button>
      ),
    },
    { key: 'productName', title: m.product, className: 'mc-wrap', card: 'title', render: (o) => o.productName },
    { key: 'insuredName', title: m.insured, render: (o) => o.insuredName },
    { key: 'amount', title: m.amount, align: 'right', render: (o) => formatFen(o.amountFen) },
    { key: 'createdAt', title: m.createdAt, className: 'mc-nowrap', render: (o) => formatDateTime(o.createdAt) },
    {
      key: 'state',
      title: m.state,
      card: 'state',
      render: (o) => <Tag color={STATE_COLOURS[o.state]}>{label(m, 'orderState', o.state)}</Tag>,
    },
  ];

  return (
    <div className="mc-page" data-testid={`${kind}-list`}>
      {modalHolder}
      <Typography.Title level={3}>{kind === 'order' ? m.orderListTitle : m.applicationListTitle}</Typography.Title>
      <ListFilters
        list={list}
        live
        fields={[
          {
            kind: 'select',
            name: 'state',
            label: m.state,
            options: STATES.map((s) => ({ value: s, label: label(m, 'orderState', s) })),
          },
        ]}
      />
      <DataList<OrderSummary>
        rowKey="orderNo"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
        actionsWidth={180}
        actions={(o) => (
          <>
            <ListButton onClick={() => show(o.orderNo)}>{m.details}</ListButton>
            {o.payable && !payer.paid(o.orderNo) && (
              <ListButton primary loading={paying(o.orderNo)} onClick={() => pay(o.orderNo)}>
                {m.payOrder}
              </ListButton>
            )}
            {o.cancellable && !payer.paid(o.orderNo) && (
              <ListButton danger onClick={() => cancel(o)}>
                {m.cancelOrder}
              </ListButton>
            )}
          </>
        )}
      />
      <OrderDetailsDrawer orderNo={open} onClose={() => show(null)} payer={payer} />
    </div>
  );
}
