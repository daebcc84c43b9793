import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { format, useMessages } from '@client/shared/i18n';
import { useMay } from '@client/shared/useMay';
import { useSetAutoRenewMutation } from '../api';
import { policyMessages } from '../messages';

/** A yes-or-no question before a change (accepting a renewal quote, the automatic renewal). */
export function ConfirmDialog({
  open,
  title,
  text,
  onOk,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  text: string;
  onOk: () => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const m = useMessages(policyMessages);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={m.confirm}
      cancelText={m.cancel}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await onOk();
        } catch {
          // refused: the central handler has said why, and nothing changed
        } finally {
          setBusy(false);
          onClose();
        }
      }}
      data-testid={testId}
    >
      <Typography.Paragraph>{text}</Typography.Paragraph>
    </Modal>
  );
}

/**
 * A policy's automatic renewal as it is (a tag), changed after a confirmation where its product lets the
 * company and the user's role may (the approver's right); where the product does not, it says so.
 */
export function AutoRenewSetting({
  policyNo,
  autoRenew,
  changeable,
  fixedNote,
}: {
  policyNo: string;
  autoRenew: number;
  /** The product allows a change and the policy is still in force. */
  changeable: boolean;
  /** Say that the product does not allow it (a group policy's pages). */
  fixedNote: boolean;
}) {
  const m = useMessages(policyMessages);
  const mayChange = useMay('approve');
  const [setAutoRenew] = useSetAutoRenewMutation();
  const [asking, setAsking] = useState(false);
  const on = autoRenew === 1;
  return (
    <Space wrap size="small">
      <Tag color={on ? 'green' : 'default'} data-testid="auto-renew">
        {on ? m.yes : m.no}
      </Tag>
      {changeable && mayChange ? (
        <Button size="small" data-testid="auto-renew-change" onClick={() => setAsking(true)}>
          {m.autoRenewChange}
        </Button>
      ) : !changeable && fixedNote ? (
        <Typography.Text type="secondary">{m.autoRenewFixed}</Typography.Text>
      ) : null}
      <ConfirmDialog
        open={asking}
        testId="auto-renew-dialog"
        title={on ? m.autoRenewOffTitle : m.autoRenewOnTitle}
        text={format(on ? m.autoRenewOffText : m.autoRenewOnText, { policyNo })}
        onOk={() => setAutoRenew({ policyNo, autoRenew: on ? 2 : 1 }).unwrap()}
        onClose={() => setAsking(false)}
      />
    </Space>
  );
}
