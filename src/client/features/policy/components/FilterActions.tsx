import { Button, Form, Space } from 'antd';
import { useMessages } from '@client/shared/i18n';
import { policyMessages } from '../messages';

/** The end of a list's filter form (My policy, the claims query): search, which submits it, and reset. */
export function FilterActions({ onReset }: { onReset: () => void }) {
  const m = useMessages(policyMessages);
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {m.search}
        </Button>
        <Button onClick={onReset}>{m.reset}</Button>
      </Space>
    </Form.Item>
  );
}
