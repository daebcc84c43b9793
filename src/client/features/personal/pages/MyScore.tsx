import { Card, Col, Form, Input, InputNumber, Modal, Row, Statistic, Typography } from 'antd';
import { useState } from 'react';
import type { Gift, PointEntry } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useGiftListQuery, useMyScoreQuery, useRedeemGiftMutation } from '../api';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { useListQuery } from '@client/shared/list/useListQuery';
import { succeeded } from '../components/errorText';
import { validValues } from '@client/shared/forms';
import { formatChange, formatDateTime, formatNumber } from '@client/shared/format';
import { personalMessages } from '../messages';

function RedeemDialog({ gift, onClose }: { gift: Gift | null; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm();
  const [redeem, { isLoading }] = useRedeemGiftMutation();
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    if (!(await succeeded(() => redeem({ giftCode: gift!.code, ...values }).unwrap()))) return;
    notify.success(m.redeemed);
    onClose();
  };
  return (
    <Modal
      open={!!gift}
      title={gift ? format(m.redeemTitle, { name: gift.name }) : ''}
      okText={m.redeem}
      cancelText={m.cancel}
      confirmLoading={isLoading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ quantity: 1 }}>
        <Form.Item name="quantity" label={m.quantity} rules={[{ required: true, message: m.required }]}>
          <InputNumber min={1} max={10} />
        </Form.Item>
        <Form.Item name="recipient" label={m.recipient} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label={m.phone} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="address" label={m.address} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Points() {
  const m = useMessages(personalMessages);
  const list = useListQuery(useMyScoreQuery, { args: ({ pageNum, pageSize }) => ({ pageNum, pageSize }) });
  const { data } = list;
  const gifts = useGiftListQuery();
  const [redeeming, setRedeeming] = useState<Gift | null>(null);
  const history: ListColumn<PointEntry>[] = [
    { key: 'reason', title: m.reason, className: 'mc-wrap', card: 'title', render: (e) => e.reason },
    { key: 'at', title: m.date, className: 'mc-nowrap', card: 'subtitle', render: (e) => formatDateTime(e.at) },
    { key: 'points', title: m.points, align: 'right', card: 'state', render: (e) => formatChange(e.points) },
  ];
  const giftColumns: ListColumn<Gift>[] = [
    { key: 'name', title: m.gift, className: 'mc-wrap', card: 'title', render: (g) => g.name },
    { key: 'description', title: m.description, className: 'mc-wrap', card: 'subtitle', render: (g) => g.description },
    { key: 'points', title: m.points, align: 'right', render: (g) => formatNumber(g.points) },
  ];
  return (
    <div className="mc-page" data-testid="my-score">
      <Typography.Title level={3}>{m.myScoreTitle}</Typography.Title>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic title={m.balance} value={data?.balance ?? '-'} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic title={m.earnedThisYear} value={data?.earnedThisYear ?? '-'} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic title={m.spentThisYear} value={data?.spentThisYear ?? '-'} />
          </Card>
        </Col>
      </Row>
      <DataList<PointEntry>
        rowKey="at"
        columns={history}
        control={list}
        rows={data?.history.list}
        total={data?.history.total}
        testId="score-history"
      />
      <Typography.Title level={4}>{m.giftCatalogue}</Typography.Title>
      <DataList<Gift>
        rowKey="code"
        testId="gift-catalogue"
        columns={giftColumns}
        rows={gifts.data?.gifts}
        loading={gifts.isFetching}
        error={gifts.isError}
        onRetry={() => void gifts.refetch()}
        actions={(g) =>
          g.stock > 0 ? (
            <ListButton disabled={!g.affordable} onClick={() => setRedeeming(g)}>
              {m.redeem}
            </ListButton>
          ) : (
            <span className="mc-secondary">{m.outOfStock}</span>
          )
        }
      />
      <RedeemDialog gift={redeeming} onClose={() => setRedeeming(null)} />
    </div>
  );
}

export default function MyScore() {
  return <Points />;
}
