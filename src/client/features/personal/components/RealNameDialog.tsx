import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { parseIdNumber } from '@common/idNumber';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useRealNameVerifyMutation } from '../api';
import { personalMessages } from '../messages';
import { refusalText, validValues } from './errorText';

/**
 * The true-name dialog: name and resident ID number, checked as docs/DESIGN.md says (15 or 18 characters,
 * else 'wrong number of digits in the ID number'); sex and birthdate are shown as read from the
 * number, and the gateway checks everything again.
 */
export function RealNameDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm<{ realName: string; idNumber: string }>();
  const idNumber = Form.useWatch('idNumber', form) ?? '';
  const [verify, { isLoading }] = useRealNameVerifyMutation();
  const [error, setError] = useState<string | null>(null);
  const parsed = idNumber.trim().length === 15 || idNumber.trim().length === 18 ? parseIdNumber(idNumber) : null;

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setError(null);
    try {
      const result = await verify({
        realName: values.realName.trim(),
        idNumber: values.idNumber.trim().toUpperCase(),
      }).unwrap();
      notify.success(result.userAnk === 1 ? m.nowSenior : m.verified);
      onClose();
    } catch (e) {
      setError(refusalText(e) ?? m.empty);
    }
  };

  return (
    <Modal
      open={open}
      title={m.realNameTitle}
      okText={m.submit}
      cancelText={m.cancel}
      confirmLoading={isLoading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{m.realNameHint}</Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="real-name-error" />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="realName" label={m.realName} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={m.idNumber}
          rules={[
            { required: true, message: m.required },
            {
              validator: (_r, v: string) =>
                !v || [15, 18].includes(v.trim().length) ? Promise.resolve() : Promise.reject(new Error(m.idDigits)),
            },
          ]}
          extra={
            parsed?.ok
              ? format(m.derived, {
                  sex: parsed.info.sex === 'male' ? m.male : m.female,
                  birthdate: parsed.info.birthdate,
                })
              : undefined
          }
        >
          <Input maxLength={18} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
