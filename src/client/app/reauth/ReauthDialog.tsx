import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useDispatch } from 'react-redux';
import type { GatewayError } from '@client/api/errors';
import { useMessages } from '@client/shared/i18n';
import { sessionApi } from '@client/features/session/api';
import type { AppDispatch } from '@client/app/store';
import { reauthMessages } from './messages';

/** The gateway's sentence for a refused password (wrong, paused), or null for a failure the request policy shows. */
const sentence = (error: unknown): string | null => {
  const e = error as GatewayError;
  return e?.kind === 'status' && e.statusText ? e.statusText : null;
};

/** Asks for the login password; `onDone(true)` once the gateway took it, `onDone(false)` on cancel. */
export default function ReauthDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const m = useMessages(reauthMessages);
  const dispatch = useDispatch<AppDispatch>();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!password) {
      setProblem(m.enterPassword);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await dispatch(sessionApi.endpoints.reauthenticate.initiate({ password })).unwrap();
      onDone(true);
    } catch (error) {
      setProblem(sentence(error));
      setPassword('');
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={m.title}
      okText={m.continue}
      cancelText={m.cancel}
      onOk={submit}
      onCancel={() => onDone(false)}
      confirmLoading={busy}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="reauth-dialog"
    >
      <p>{m.text}</p>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={m.password} htmlFor="reauth-password" validateStatus={problem ? 'error' : undefined}>
          <Input.Password
            id="reauth-password"
            autoFocus
            autoComplete="current-password"
            value={password}
            maxLength={128}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
