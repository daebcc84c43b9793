import { Button, Descriptions, Drawer, Form, Input, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { portalConfig } from '@client/config';
import { opinionApi, pictureUrl, useGetOpinionQuery, useUpdateOpinionMutation } from '../api';
import { Deadline, StateTag, type OpinionTexts } from './parts';
import { formatDate, formatDateTime } from '@client/shared/format';

const bubble = (author: string) => ({
  padding: '8px 12px',
  borderRadius: 8,
  background: author === 'insurer' ? '#f0f5ff' : '#f6f6f6',
  borderLeft: `3px solid ${author === 'insurer' ? '#1d4ed8' : '#bfbfbf'}`,
});

/** One complaint or suggestion with its conversation. Opening it marks the insurer's replies read. */
export function OpinionDrawer({ m, opinionNo, onClose }: { m: OpinionTexts; opinionNo: string; onClose: () => void }) {
  const dispatch = useDispatch();
  const detail = useGetOpinionQuery({ opinionNo }, { refetchOnMountOrArgChange: true });
  const [followUp, sending] = useUpdateOpinionMutation();
  const [form] = Form.useForm<{ content: string }>();
  const data = detail.data;

  // The gateway marked the replies read: the list's unread counts and the shell's indicator follow.
  useEffect(() => {
    if (!detail.isSuccess || detail.isFetching) return;
    dispatch(
      opinionApi.util.invalidateTags([{ type: 'Opinion', id: 'LIST' }, { type: 'Opinion', id: 'COUNTS' }, 'Unread']),
    );
  }, [detail.isSuccess, detail.isFetching, detail.fulfilledTimeStamp, dispatch]);

  return (
    <Drawer open title={opinionNo} size={640} onClose={onClose} destroyOnHidden>
      {!data ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="opinion-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={m.state}>
              <StateTag state={data.state} m={m} />
            </Descriptions.Item>
            <Descriptions.Item label={m.titleField}>{data.title}</Descriptions.Item>
            <Descriptions.Item label={m.filedOn}>{formatDate(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={m.deadline}>
              <Deadline o={data} m={m} />
            </Descriptions.Item>
          </Descriptions>
          <div className="mc-message mc-message-customer" style={bubble('customer')}>
            <Typography.Text strong>{m.you}</Typography.Text>
            <div style={{ whiteSpace: 'pre-wrap' }} data-testid="opinion-content">
              {data.content}
            </div>
            <Space wrap>
              {data.pictureIds.map((id) => (
                <img
                  key={id}
                  src={pictureUrl(portalConfig().gatewayPrefix, id)}
                  alt=""
                  width={120}
                  style={{ objectFit: 'cover' }}
                  data-testid="opinion-picture"
                />
              ))}
            </Space>
          </div>
          {data.messages.length === 0 && <Typography.Text type="secondary">{m.noReplies}</Typography.Text>}
          {data.messages.map((msg, i) => (
            <div
              key={i}
              className={`mc-message mc-message-${msg.author}`}
              style={bubble(msg.author)}
              data-testid={`message-${msg.author}`}
            >
              <Typography.Text strong>
                {msg.author === 'insurer' ? `${m.insurer} · ${msg.authorName}` : m.you}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">{formatDateTime(msg.createdAt)}</Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>{msg.content}</div>
            </div>
          ))}
          {data.state === 3 ? (
            <Typography.Text type="secondary">{m.closedNote}</Typography.Text>
          ) : (
            <Form
              form={form}
              layout="vertical"
              onFinish={async (v) => {
                const ok = await followUp({ opinionNo, content: v.content })
                  .unwrap()
                  .catch(() => null);
                if (ok) form.resetFields();
              }}
            >
              <Form.Item
                label={m.followUp}
                name="content"
                rules={[{ required: true, whitespace: true, message: m.required }]}
              >
                <Input.TextArea rows={3} maxLength={1000} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={sending.isLoading}>
                {m.send}
              </Button>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}
