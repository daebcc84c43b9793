import { PointOrderState } from '@contract/states';
import { Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { PointOrder } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { useIntegralOrderQuery } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
import { formatDateTime, formatNumber } from '@client/shared/format';
import { label, personalMessages } from '../messages';

function PointOrders() {
  const m = useMessages(personalMessages);
  const [state, setState] = useState<PointOrderState | undefined>();
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useIntegralOrderQuery({ ...paging, state });
  const columns: TableColumnsType<PointOrder> = [
    { title: m.orderNo, dataIndex: 'orderNo' },
    { title: m.gift, dataIndex: 'giftName' },
    { title: m.quantity, dataIndex: 'quantity', align: 'right' },
    { title: m.points, dataIndex: 'points', align: 'right', render: (v: number) => formatNumber(v) },
    { title: m.recipient, dataIndex: 'recipient' },
    { title: m.trackingNo, dataIndex: 'trackingNo' },
    { title: m.createdAt, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { title: m.state, dataIndex: 'state', render: (v: number) => <Tag>{label(m, 'pointOrderState', v)}</Tag> },
  ];
  return (
    <div className="mc-page" data-testid="integral-order">
      <Typography.Title level={3}>{m.integralOrderTitle}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={m.state}
          allowClear
          placeholder={m.state}
          style={{ width: 160 }}
          value={state}
          options={Object.values(PointOrderState).map((s) => ({ value: s, label: label(m, 'pointOrderState', s) }))}
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
    </div>
  );
}

export default function IntegralOrder() {
  return <PointOrders />;
}
