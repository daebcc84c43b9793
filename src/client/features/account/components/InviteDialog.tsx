import { Form, Input, Select } from 'antd';
import { ROLE_WORDS } from '@common/audit';
import { NAME_PATTERN, PHONE_PATTERN } from '@common/correction';
import { ROLES, type Role } from '@contract/roles';
import { FormDialog } from '@client/shared/FormDialog';
import { format, useLocale, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useInviteUserMutation } from '../api';
import { accountMessages } from '../messages';

interface Values {
  name: string;
  phone: string;
  role: Role;
}

/**
 * Inviting a colleague: name, mobile number and role, checked here by the gateway's own rules; the
 * gateway sends the SMS with the link (and refuses a number one of the company's users has: its
 * sentence is shown by the portal's error handler, and the dialog stays open with what was typed).
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages(accountMessages);
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [invite] = useInviteUserMutation();

  const submit = async (values: Values) => {
    const sent = await invite({ name: values.name.trim(), phone: values.phone.trim(), role: values.role }).unwrap();
    notify.success(format(m.invited, { name: sent.name, phone: sent.phone }));
    form.resetFields();
  };

  return (
    <FormDialog
      open={open}
      title={m.inviteUser}
      okText={m.inviteSend}
      cancelText={m.back}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      hint={m.inviteHint}
    >
      <Form.Item
        name="name"
        label={m.inviteName}
        rules={[
          { required: true, message: m.required },
          { pattern: NAME_PATTERN, message: m.badName },
        ]}
      >
        <Input maxLength={30} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={m.inviteMobile}
        rules={[
          { required: true, message: m.required },
          { pattern: PHONE_PATTERN, message: m.badMobile },
        ]}
      >
        <Input maxLength={11} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Form.Item name="role" label={m.userRole} initialValue="clerk" rules={[{ required: true, message: m.required }]}>
        <Select<Role> options={ROLES.map((r) => ({ value: r, label: ROLE_WORDS[r][locale] }))} />
      </Form.Item>
    </FormDialog>
  );
}
