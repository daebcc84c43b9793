import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Statistic,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import type { Gift, PointEntry } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useGiftListQuery, useMyScoreQuery, useRedeemGiftMutation } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
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
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useMyScoreQuery(paging);
  const gifts = useGiftListQuery();
  const [redeeming, setRedeeming] = useState<Gift | null>(null);
  const history: TableColumnsType<PointEntry> = [
    { title: m.date, dataIndex: 'at', render: (v: string) => formatDateTime(v) },
    { title: m.reason, dataIndex: 'reason' },
    { title: m.points, dataIndex: 'points', align: 'right', render: (v: number) => formatChange(v) },
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
      <PagedTable
        data={data?.history}
        loading={isFetching}
        columns={history}
        rowKey="at"
        paging={paging}
        onPage={setPaging}
        testId="score-history"
      />
      <Typography.Title level={4}>{m.giftCatalogue}</Typography.Title>
      <Table<Gift>
        rowKey="code"
        loading={gifts.isFetching}
        dataSource={gifts.data?.gifts ?? []}
        pagination={false}
        locale={{ emptyText: m.empty }}
        columns={[
          { title: m.gift, dataIndex: 'name' },
          { title: m.description, dataIndex: 'description' },
          { title: m.points, dataIndex: 'points', align: 'right', render: (v: number) => formatNumber(v) },
          {
            title: m.actions,
            key: 'a',
            render: (_v, g) =>
              g.stock > 0 ? (
                <Button size="small" disabled={!g.affordable} onClick={() => setRedeeming(g)}>
                  {m.redeem}
                </Button>
              ) : (
                m.outOfStock
              ),
          },
        ]}
      />
      <RedeemDialog gift={redeeming} onClose={() => setRedeeming(null)} />
    </div>
  );
}

export default function MyScore() {
  return <Points />;
}
