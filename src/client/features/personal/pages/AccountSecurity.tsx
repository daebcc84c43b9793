import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { MOBILE_PATTERN } from '@common/memberRank';
import { useMachine } from '@xstate/react';
import { inspectOptions } from '@client/shared/inspect';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import {
  useChangePasswordMutation,
  useChangePhoneMutation,
  usePersonalInfoQuery,
  useSendPhoneCodeMutation,
} from '../api';
import { refusalText } from '../components/errorText';
import { validValues } from '@client/shared/forms';
import { personalMessages } from '../messages';
import { phoneChangeMachine } from '../phoneChange.machine';

function PasswordCard() {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; repeat: string }>();
  const [change, { isLoading }] = useChangePasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setError(null);
    try {
      await change({ oldPassword: v.oldPassword, newPassword: v.newPassword }).unwrap();
      notify.success(m.passwordChanged);
      form.resetFields();
    } catch (e) {
      setError(refusalText(e) ?? m.empty);
    }
  };
  return (
    <Card title={m.changePassword}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="password-error" />}
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }}>
        <Form.Item name="oldPassword" label={m.oldPassword} rules={[{ required: true, message: m.required }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={m.newPassword}
          extra={m.passwordRule}
          rules={[{ required: true, message: m.required }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={m.repeatPassword}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: m.required },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                !v || v === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(m.passwordsDiffer)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" loading={isLoading} onClick={submit}>
          {m.changePassword}
        </Button>
      </Form>
    </Card>
  );
}

function PhoneCard() {
  const m = useMessages(personalMessages);
  const info = usePersonalInfoQuery();
  const [sendCode] = useSendPhoneCodeMutation();
  const [changePhone] = useChangePhoneMutation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const machine = useMemo(
    () =>
      phoneChangeMachine.provide({
        actors: {
          sendCode: fromPromise<unknown, { phone: string }>(async ({ input }) => {
            try {
              return await sendCode({ purpose: 'bind-phone', phone: input.phone }).unwrap();
            } catch (e) {
              throw new Error(refusalText(e) ?? m.empty, { cause: e });
            }
          }),
          confirm: fromPromise<unknown, { phone: string; code: string }>(async ({ input }) => {
            try {
              return await changePhone({ newPhone: input.phone, code: input.code }).unwrap();
            } catch (e) {
              throw new Error(refusalText(e) ?? m.empty, { cause: e });
            }
          }),
        },
      }),
    [sendCode, changePhone, m.empty],
  );
  const [state, send] = useMachine(machine, inspectOptions());
  const { cooldown, error } = state.context;
  return (
    <Card title={m.boundPhone}>
      <Typography.Paragraph>
        {m.boundPhone}: <strong data-testid="bound-phone">{info.data?.phoneMasked ?? '-'}</strong>
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="phone-error" />}
      {state.matches('done') ? (
        <Alert
          type="success"
          showIcon
          title={m.phoneChanged}
          action={<Button onClick={() => send({ type: 'RESET' })}>{m.close}</Button>}
        />
      ) : (
        <Space orientation="vertical" style={{ maxWidth: 420, width: '100%' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label={m.newPhone}
              placeholder={m.newPhone}
              maxLength={11}
              value={phone}
              onChange={(e) => setPhone(e.target.value.trim())}
            />
            <Button
              disabled={!MOBILE_PATTERN.test(phone) || state.matches('sending') || cooldown > 0}
              loading={state.matches('sending')}
              onClick={() => send({ type: 'SEND', phone })}
            >
              {cooldown > 0 ? format(m.resendIn, { seconds: cooldown }) : m.sendCode}
            </Button>
          </Space.Compact>
          <Input
            aria-label={m.smsCode}
            placeholder={m.smsCode}
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
          />
          <Button
            type="primary"
            disabled={!state.matches('codeSent') || code.length !== 6}
            loading={state.matches('confirming')}
            onClick={() => send({ type: 'CONFIRM', code })}
          >
            {m.changePhone}
          </Button>
        </Space>
      )}
    </Card>
  );
}

/** Account security: the login password (the current one required) and the bound phone (SMS code). */
export default function AccountSecurity() {
  const m = useMessages(personalMessages);
  return (
    <div className="mc-page" data-testid="account-security">
      <Typography.Title level={3}>{m.accountSecurityTitle}</Typography.Title>
      <Space orientation="vertical" style={{ width: '100%' }} size="large">
        <PasswordCard />
        <PhoneCard />
      </Space>
    </div>
  );
}
