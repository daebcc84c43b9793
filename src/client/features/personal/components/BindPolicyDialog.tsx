import { Form, Input } from 'antd';
import { FormDialog } from '@client/shared/FormDialog';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useAddPolicyMutation } from '../api';
import { personalMessages } from '../messages';
import { refusalText } from './errorText';

interface Values {
  policyNo: string;
  holderName: string;
  holderIdNumber: string;
}

/** Binds a policy bought through another channel: policy number plus the holder's name and ID number. */
export function BindPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm<Values>();
  const [addPolicy] = useAddPolicyMutation();

  const bind = async (values: Values) => {
    const bound = await addPolicy({
      policyNo: values.policyNo.trim(),
      holderName: values.holderName.trim(),
      holderIdNumber: values.holderIdNumber.trim(),
    }).unwrap();
    notify.success(format(m.bound, { policyNo: bound.policyNo }));
    form.resetFields();
  };

  return (
    <FormDialog
      open={open}
      title={m.bindPolicyTitle}
      okText={m.submit}
      cancelText={m.cancel}
      form={form}
      onSubmit={bind}
      onClose={onClose}
      hint={m.bindPolicyHint}
      refusal={{ testId: 'bind-error', text: (e) => refusalText(e) ?? m.empty }}
      fresh
    >
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
    </FormDialog>
  );
}
