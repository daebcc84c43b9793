import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { format } from '@client/shared/i18n';
import type { FlowError } from './flowErrors';

/** A step's error: the gateway's sentence as text (never HTML), or the area's generic one. */
export function FlowAlert({ error, failed }: { error: FlowError | null; failed: string }) {
  if (!error) return null;
  return <Alert type="error" showIcon role="alert" data-testid="flow-error" title={error.text ?? failed} />;
}

/** Seconds left before a new code may be asked for; display only (the machine decides). */
function useCountdown(sentAt: number, seconds: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // The clock ticks once a second: a code sent since the last tick still shows its full wait.
  return Math.min(seconds, Math.max(0, Math.ceil((sentAt + seconds * 1000 - now) / 1000)));
}

export interface CodeStepTexts {
  codeSentTo: string;
  smsCode: string;
  smsCodeRule: string;
  verify: string;
  resendIn: string;
  resend: string;
}

/** The code field with its resend button and countdown. */
export function CodeStep(props: {
  m: CodeStepTexts;
  phoneMasked: string;
  sentAt: number;
  resendSeconds: number;
  canResend: boolean;
  busy: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
}) {
  const { m } = props;
  const left = useCountdown(props.sentAt, props.resendSeconds);
  return (
    <Form layout="vertical" onFinish={(v: { code: string }) => props.onSubmit(v.code.trim())} style={{ maxWidth: 420 }}>
      <p>{format(m.codeSentTo, { phone: props.phoneMasked })}</p>
      <Form.Item
        label={m.smsCode}
        name="code"
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: m.smsCodeRule }]}
      >
        <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={props.busy}>
          {m.verify}
        </Button>
        <Button onClick={props.onResend} disabled={!props.canResend || props.busy} data-testid="resend">
          {props.canResend ? m.resend : format(m.resendIn, { seconds: left })}
        </Button>
      </Space>
    </Form>
  );
}

/** Wires an RTK Query mutation to a machine actor: the machine's abort signal aborts the request. */
export function withSignal<T>(started: { unwrap(): Promise<T>; abort(): void }, signal: AbortSignal): Promise<T> {
  signal.addEventListener('abort', () => started.abort(), { once: true });
  return started.unwrap();
}

/** Actor options a test may hand a flow: a simulated clock for the resend delay, an inspector for coverage. */
export interface FlowActorOptions {
  clock?: { setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown; clearTimeout(id: unknown): void };
  inspect?: (event: { type: string }) => void;
}
