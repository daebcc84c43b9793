import { Button, Modal, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ServiceBooking } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import { useCancelBookingMutation, useServiceCustomQuery } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
import { label, personalMessages } from '../messages';

function Bookings() {
  const m = useMessages(personalMessages);
  const [modal, modalHolder] = Modal.useModal();
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useServiceCustomQuery(paging);
  const [cancelBooking] = useCancelBookingMutation();
  const columns: TableColumnsType<ServiceBooking> = [
    { title: m.bookingNo, dataIndex: 'bookingNo' },
    { title: m.service, dataIndex: 'serviceName', className: 'mc-wrap' },
    { title: m.servicePackageTitle, dataIndex: 'packageName', className: 'mc-wrap' },
    { title: m.appointmentDate, dataIndex: 'appointmentDate' },
    { title: m.city, dataIndex: 'city' },
    { title: m.state, dataIndex: 'state', render: (v: number) => <Tag>{label(m, 'bookingState', v)}</Tag> },
    {
      title: m.actions,
      key: 'a',
      render: (_v, b) =>
        b.state === 1 && (
          <Button
            size="small"
            onClick={() =>
              modal.confirm({
                title: m.cancelBooking,
                okText: m.confirm,
                cancelText: m.cancel,
                onOk: async () => {
                  if (await succeeded(() => cancelBooking({ bookingNo: b.bookingNo }).unwrap())) notify.success(m.done);
                },
              })
            }
          >
            {m.cancelBooking}
          </Button>
        ),
    },
  ];
  return (
    <div className="mc-page" data-testid="service-custom">
      {modalHolder}
      <Typography.Title level={3}>{m.serviceCustomTitle}</Typography.Title>
      <PagedTable
        data={data}
        loading={isFetching}
        columns={columns}
        rowKey="bookingNo"
        paging={paging}
        onPage={setPaging}
      />
    </div>
  );
}

export default function ServiceCustom() {
  return <Bookings />;
}
