import { Button, Card, DatePicker, Empty, Form, Input, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ServicePackageItem } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { formatDate } from '@client/shared/format';
import { notify } from '@client/shared/notify';
import { useBookServiceMutation, useServicePackageQuery } from '../api';
import { succeeded } from '../components/errorText';
import { validValues } from '@client/shared/forms';
import { personalMessages } from '../messages';

function BookDialog({ item, onClose }: { item: ServicePackageItem | null; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm();
  const [book, { isLoading }] = useBookServiceMutation();
  const submit = async () => {
    const v = (await validValues(form)) as {
      appointmentDate: Dayjs;
      city: string;
      contactPhone: string;
      note?: string;
    } | null;
    if (!v) return;
    if (
      !(await succeeded(() =>
        book({
          itemId: item!.itemId,
          appointmentDate: v.appointmentDate.format('YYYY-MM-DD'),
          city: v.city,
          contactPhone: v.contactPhone,
          note: v.note,
        }).unwrap(),
      ))
    )
      return;
    notify.success(m.booked);
    onClose();
  };
  return (
    <Modal
      open={!!item}
      title={item ? format(m.bookTitle, { name: item.name }) : ''}
      okText={m.book}
      cancelText={m.cancel}
      confirmLoading={isLoading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="appointmentDate" label={m.appointmentDate} rules={[{ required: true, message: m.required }]}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="city" label={m.city} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="contactPhone" label={m.phone} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="note" label={m.note}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Packages() {
  const m = useMessages(personalMessages);
  const { data, isLoading } = useServicePackageQuery();
  const [booking, setBooking] = useState<ServicePackageItem | null>(null);
  if (isLoading) return <Spin />;
  return (
    <div className="mc-page" data-testid="service-package">
      <Typography.Title level={3}>{m.servicePackageTitle}</Typography.Title>
      {!data?.length && <Empty description={m.empty} />}
      <Space orientation="vertical" style={{ width: '100%' }}>
        {data?.map((p) => (
          <Card
            key={p.packageNo}
            title={p.name}
            extra={
              <Tag color={p.validity === 'valid' ? 'green' : undefined}>
                {p.validity === 'valid' ? m.valid : m.expired}
              </Tag>
            }
          >
            <Typography.Paragraph type="secondary">
              {p.description} (<span className="mc-nowrap">{formatDate(p.validFrom)}</span> ~{' '}
              <span className="mc-nowrap">{formatDate(p.validTo)}</span>)
            </Typography.Paragraph>
            <List
              dataSource={p.items}
              renderItem={(i) => (
                <List.Item
                  actions={[
                    <Button
                      key="book"
                      size="small"
                      disabled={p.validity !== 'valid' || i.remainingUses <= 0}
                      onClick={() => setBooking(i)}
                    >
                      {m.book}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={i.name}
                    description={format(m.remaining, { remaining: i.remainingUses, total: i.totalUses })}
                  />
                </List.Item>
              )}
            />
          </Card>
        ))}
      </Space>
      <BookDialog item={booking} onClose={() => setBooking(null)} />
    </div>
  );
}

export default function ServicePackage() {
  return <Packages />;
}
