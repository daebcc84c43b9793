import { PointOrderState } from '@contract/states';
import { Tag, Typography } from 'antd';
import type { PointOrder } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { oneOf, useListQuery } from '@client/shared/list/useListQuery';
import { useIntegralOrderQuery } from '../api';
import { formatDateTime, formatNumber } from '@client/shared/format';
import { label, personalMessages } from '../messages';

const STATES = Object.values(PointOrderState);
const FILTERS = { state: oneOf(STATES) };

function PointOrders() {
  const m = useMessages(personalMessages);
  const list = useListQuery(useIntegralOrderQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({ pageNum, pageSize, state: filters.state }),
  });
  const columns: ListColumn<PointOrder>[] = [
    { key: 'orderNo', title: m.orderNo, card: 'subtitle', render: (o) => o.orderNo },
    { key: 'giftName', title: m.gift, className: 'mc-wrap', card: 'title', render: (o) => o.giftName },
    { key: 'quantity', title: m.quantity, align: 'right', render: (o) => o.quantity },
    { key: 'points', title: m.points, align: 'right', render: (o) => formatNumber(o.points) },
    { key: 'recipient', title: m.recipient, render: (o) => o.recipient },
    { key: 'trackingNo', title: m.trackingNo, render: (o) => o.trackingNo },
    { key: 'createdAt', title: m.createdAt, className: 'mc-nowrap', render: (o) => formatDateTime(o.createdAt) },
    {
      key: 'state',
      title: m.state,
      card: 'state',
      render: (o) => <Tag>{label(m, 'pointOrderState', o.state)}</Tag>,
    },
  ];
  return (
    <div className="mc-page" data-testid="integral-order">
      <Typography.Title level={3}>{m.integralOrderTitle}</Typography.Title>
      <ListFilters
        list={list}
        live
        fields={[
          {
            kind: 'select',
            name: 'state',
            label: m.state,
            width: 160,
            options: STATES.map((s) => ({ value: s, label: label(m, 'pointOrderState', s) })),
          },
        ]}
      />
      <DataList<PointOrder>
        rowKey="orderNo"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
      />
    </div>
  );
}

export default function IntegralOrder() {
  return <PointOrders />;
}
