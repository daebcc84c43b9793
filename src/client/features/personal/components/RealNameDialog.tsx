import { Form, Input } from 'antd';
import { parseIdNumber } from '@common/idNumber';
import { FormDialog } from '@client/shared/FormDialog';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useRealNameVerifyMutation } from '../api';
import { personalMessages } from '../messages';
import { refusalText } from './errorText';

interface Values {
  realName: string;
  idNumber: string;
}

/**
 * The true-name dialog: name and resident ID number, checked as docs/DESIGN.md says (15 or 18 characters,
 * else 'wrong number of digits in the ID number'); sex and birthdate are shown as read from the
 * number, and the gateway checks everything again.
 */
export function RealNameDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm<Values>();
  const idNumber = Form.useWatch('idNumber', form) ?? '';
  const [verify] = useRealNameVerifyMutation();
  const parsed = idNumber.trim().length === 15 || idNumber.trim().length === 18 ? parseIdNumber(idNumber) : null;

  const submit = async (values: Values) => {
    const result = await verify({
      realName: values.realName.trim(),
      idNumber: values.idNumber.trim().toUpperCase(),
    }).unwrap();
    notify.success(result.userAnk === 1 ? m.nowSenior : m.verified);
  };

  return (
    <FormDialog
      open={open}
      title={m.realNameTitle}
      okText={m.submit}
      cancelText={m.cancel}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      hint={m.realNameHint}
      refusal={{ testId: 'real-name-error', text: (e) => refusalText(e) ?? m.empty }}
      fresh
    >
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
    </FormDialog>
  );
}
