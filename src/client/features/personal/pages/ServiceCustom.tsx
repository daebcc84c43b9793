import { Modal, Tag, Typography } from 'antd';
import type { ServiceBooking } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import { useCancelBookingMutation, useServiceCustomQuery } from '../api';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { useListQuery } from '@client/shared/list/useListQuery';
import { label, personalMessages } from '../messages';

function Bookings() {
  const m = useMessages(personalMessages);
  const [modal, modalHolder] = Modal.useModal();
  const list = useListQuery(useServiceCustomQuery, { args: ({ pageNum, pageSize }) => ({ pageNum, pageSize }) });
  const [cancelBooking] = useCancelBookingMutation();
  const columns: ListColumn<ServiceBooking>[] = [
    { key: 'bookingNo', title: m.bookingNo, card: 'subtitle', render: (b) => b.bookingNo },
    { key: 'service', title: m.service, className: 'mc-wrap', card: 'title', render: (b) => b.serviceName },
    { key: 'package', title: m.servicePackageTitle, className: 'mc-wrap', render: (b) => b.packageName },
    { key: 'date', title: m.appointmentDate, className: 'mc-nowrap', render: (b) => b.appointmentDate },
    { key: 'city', title: m.city, render: (b) => b.city },
    { key: 'state', title: m.state, card: 'state', render: (b) => <Tag>{label(m, 'bookingState', b.state)}</Tag> },
  ];
  return (
    <div className="mc-page" data-testid="service-custom">
      {modalHolder}
      <Typography.Title level={3}>{m.serviceCustomTitle}</Typography.Title>
      <DataList<ServiceBooking>
        rowKey="bookingNo"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
        actions={(b) =>
          b.state === 1 && (
            <ListButton
              onClick={() =>
                modal.confirm({
                  title: m.cancelBooking,
                  okText: m.confirm,
                  cancelText: m.cancel,
                  onOk: async () => {
                    if (await succeeded(() => cancelBooking({ bookingNo: b.bookingNo }).unwrap()))
                      notify.success(m.done);
                  },
                })
              }
            >
              {m.cancelBooking}
            </ListButton>
          )
        }
      />
    </div>
  );
}

export default function ServiceCustom() {
  return <Bookings />;
}
