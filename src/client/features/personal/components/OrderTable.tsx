import { OrderState } from '@contract/states';
import { Button, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
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
import { PagedTable, type Paging } from './PagedTable';

const STATES = Object.values(OrderState);
const STATE_COLOURS: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'default', 4: 'blue', 5: 'red' };

/** Orders or insurance applications of the member, filtered by state; pay or cancel where the state allows. */
export function OrderTable({ kind }: { kind: OrderKind }) {
  const m = useMessages(personalMessages);
  const [modal, modalHolder] = Modal.useModal();
  const [state, setState] = useState<OrderState | undefined>();
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useOrderListQuery({ ...paging, kind, state });
  const [cancelOrder] = useCancelOrderMutation();
  const { pay, paying } = usePayOrder();
  const [params, setParams] = useSearchParams();
  const open = params.get('orderNo');
  const show = (orderNo: string | null) => setParams(orderNo ? { orderNo } : {});

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

  const columns: TableColumnsType<OrderSummary> = [
    {
      title: kind === 'order' ? m.orderNo : m.applicationNo,
      dataIndex: 'orderNo',
      render: (v: string) => (
        <Button type="link" size="small" onClick={() => show(v)}>
          {v}
        </Button>
      ),
    },
    { title: m.product, dataIndex: 'productName', className: 'mc-wrap' },
    { title: m.insured, dataIndex: 'insuredName' },
    { title: m.amount, dataIndex: 'amountFen', align: 'right', render: (v: number) => formatFen(v) },
    { title: m.createdAt, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      title: m.state,
      dataIndex: 'state',
      render: (v: number) => <Tag color={STATE_COLOURS[v]}>{label(m, 'orderState', v)}</Tag>,
    },
    {
      title: m.actions,
      key: 'actions',
      // The actions wrap under one another rather than widen the table past its card.
      width: 180,
      render: (_v, o) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => show(o.orderNo)}>
            {m.details}
          </Button>
          {o.payable && (
            <Button size="small" type="primary" loading={paying(o.orderNo)} onClick={() => pay(o.orderNo)}>
              {m.payOrder}
            </Button>
          )}
          {o.cancellable && (
            <Button size="small" danger onClick={() => cancel(o)}>
              {m.cancelOrder}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="mc-page" data-testid={`${kind}-list`}>
      {modalHolder}
      <Typography.Title level={3}>{kind === 'order' ? m.orderListTitle : m.applicationListTitle}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={m.state}
          allowClear
          placeholder={m.state}
          style={{ width: 180 }}
          value={state}
          options={STATES.map((s) => ({ value: s, label: label(m, 'orderState', s) }))}
          onChange={(v) => {
            setState(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      <PagedTable
        data={data}
        loading={isFetching}
        columns={columns}
        rowKey="orderNo"
        paging={paging}
        onPage={setPaging}
      />
      <OrderDetailsDrawer orderNo={open} onClose={() => show(null)} />
    </div>
  );
}
