import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useAddPolicyMutation } from '../api';
import { personalMessages } from '../messages';
import { refusalText, validValues } from './errorText';

interface Values {
  policyNo: string;
  holderName: string;
  holderIdNumber: string;
}

/** Binds a policy bought through another channel: policy number plus the holder's name and ID number. */
export function BindPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm<Values>();
  const [addPolicy, { isLoading }] = useAddPolicyMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setError(null);
    try {
      const bound = await addPolicy({
        policyNo: values.policyNo.trim(),
        holderName: values.holderName.trim(),
        holderIdNumber: values.holderIdNumber.trim(),
      }).unwrap();
      notify.success(format(m.bound, { policyNo: bound.policyNo }));
      form.resetFields();
      onClose();
    } catch (e) {
      setError(refusalText(e) ?? m.empty);
    }
  };

  return (
    <Modal
      open={open}
      title={m.bindPolicyTitle}
      okText={m.submit}
      cancelText={m.cancel}
      confirmLoading={isLoading}
      onOk={submit}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{m.bindPolicyHint}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="bind-error" />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="policyNo" label={m.policyNo} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item name="holderName" label={m.holderName} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="holderIdNumber"
          label={m.holderIdNumber}
          rules={[
            { required: true, message: m.required },
            {
              validator: (_r, v: string) =>
                !v || [15, 18].includes(v.trim().length) ? Promise.resolve() : Promise.reject(new Error(m.idDigits)),
            },
          ]}
        >
          <Input maxLength={18} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
