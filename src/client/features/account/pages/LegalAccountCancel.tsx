import { randomKey } from '@client/shared/randomKey';
import { useMachine } from '@xstate/react';
import { inspectOptions } from '@client/shared/inspect';
import { Alert, Button, Card, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { callPath } from '@contract/calls';
import { portalConfig } from '@client/config';
import { useMessages } from '@client/shared/i18n';
import { leaveTo } from '@client/shared/navigation';
import { usePageTitle } from '@client/shared/usePageTitle';
import { accountCancelMachine, type CancelServices } from '../accountCancel.machine';
import {
  useCancelAccountMutation,
  useCheckCancelCodeMutation,
  useCheckPictureMutation,
  useJudgeCancelMutation,
  useSendAccountCodeMutation,
} from '../api';
import { CodeStep, FlowAlert, withSignal, type FlowActorOptions } from '../components';
import { accountMessages } from '../messages';

function loginUrl(): string {
  return `${portalConfig().links.identityProvider}?flag=legal`;
}

/** Cancelling the corporate account: a machine orders the steps; this page renders its state. */
export default function LegalAccountCancel() {
  const [judge] = useJudgeCancelMutation();
  const [checkPicture] = useCheckPictureMutation();
  const [send] = useSendAccountCodeMutation();
  const [checkCode] = useCheckCancelCodeMutation();
  const [cancel] = useCancelAccountMutation();
  const services = useMemo<CancelServices>(
    () => ({
      judge: (signal) => withSignal(judge(), signal),
      checkPicture: (input, signal) => withSignal(checkPicture(input), signal),
      sendCode: (signal) => withSignal(send({ purpose: 'cancel' }), signal),
      checkCode: (input, signal) => withSignal(checkCode(input), signal),
      cancel: (signal) => withSignal(cancel(), signal),
      newRandName: () => randomKey('c'),
      goToLogin: () => leaveTo(loginUrl()),
    }),
    [judge, checkPicture, send, checkCode, cancel],
  );
  return <CancelFlow services={services} />;
}

/** The page's body for given services; `actorOptions` is the seam the model-based page tests use. */
export function CancelFlow({ services, actorOptions }: { services: CancelServices; actorOptions?: FlowActorOptions }) {
  const m = useMessages(accountMessages);
  usePageTitle(m.cancelTitle);
  const [state, sendEvent] = useMachine(accountCancelMachine, {
    ...inspectOptions(),
    ...actorOptions,
    input: { services },
  });
  const ctx = state.context;
  const captchaSrc = `${callPath('blocOther/checkCode/createCode', portalConfig().gatewayPrefix)}?channelType=1&randName=${ctx.randName}&random=${ctx.randName.slice(-6)}`;

  return (
    <div className="mc-page" data-testid="legal-account-cancel" data-state={JSON.stringify(state.value)}>
      <Typography.Title level={3}>{m.cancelTitle}</Typography.Title>
      <Card>
        <FlowAlert error={ctx.error} failed={m.failed} />
        {state.matches('judging') && (
          <Space>
            <Spin /> {m.judging}
          </Space>
        )}
        {state.matches('refused') && (
          <Space orientation="vertical">
            <Alert
              type="warning"
              showIcon
              title={m.cannotCancel}
              description={
                <ul data-testid="cancel-reasons">
                  {ctx.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              }
            />
            <Button onClick={() => sendEvent({ type: 'RETRY' })}>{m.retry}</Button>
          </Space>
        )}
        {state.matches('failed') && <Button onClick={() => sendEvent({ type: 'RETRY' })}>{m.retry}</Button>}
        {(state.matches('picture') || state.matches('checkingPicture')) && (
          <Form
            layout="vertical"
            style={{ maxWidth: 420 }}
            onFinish={(v: { answer: string }) => sendEvent({ type: 'SUBMIT_PICTURE', code: v.answer.trim() })}
            key={ctx.randName}
          >
            <Typography.Title level={5}>{m.pictureCheck}</Typography.Title>
            <p>{m.pictureHint}</p>
            <Space align="center">
              <img
                src={captchaSrc}
                alt={m.pictureCheck}
                width={120}
                height={40}
                data-testid="captcha"
                data-rand-name={ctx.randName}
              />
              <Button type="link" onClick={() => sendEvent({ type: 'REFRESH_PICTURE' })}>
                {m.newPicture}
              </Button>
            </Space>
            <Form.Item
              label={m.pictureAnswer}
              name="answer"
              rules={[{ required: true, whitespace: true, message: m.required }]}
              style={{ marginTop: 12 }}
            >
              <Input maxLength={10} autoComplete="off" />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={state.matches('checkingPicture')}>
                {m.verify}
              </Button>
              <Button
                type="link"
                onClick={() => sendEvent({ type: 'USE_SMS' })}
                disabled={state.matches('checkingPicture')}
              >
                {m.useSms}
              </Button>
            </Space>
          </Form>
        )}
        {state.matches('sms') && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Title level={5}>{m.smsCheck}</Typography.Title>
            {(state.matches({ sms: 'idle' }) || state.matches({ sms: 'sending' })) && (
              <Button
                type="primary"
                loading={state.matches({ sms: 'sending' })}
                onClick={() => sendEvent({ type: 'SEND_CODE' })}
              >
                {m.sendCode}
              </Button>
            )}
            {(state.matches({ sms: 'sent' }) || state.matches({ sms: 'checking' })) && (
              <CodeStep
                m={m}
                phoneMasked={ctx.phoneMasked}
                sentAt={ctx.sentAt}
                resendSeconds={ctx.resendSeconds}
                canResend={state.matches({ sms: { sent: 'canResend' } })}
                busy={state.matches({ sms: 'checking' })}
                onSubmit={(code) => sendEvent({ type: 'SUBMIT_CODE', code })}
                onResend={() => sendEvent({ type: 'SEND_CODE' })}
              />
            )}
            <Button type="link" onClick={() => sendEvent({ type: 'USE_PICTURE' })}>
              {m.usePicture}
            </Button>
          </Space>
        )}
        {(state.matches('confirming') || state.matches('cancelling')) && (
          <Space orientation="vertical">
            <Alert type="warning" showIcon title={m.confirmCancelTitle} description={m.confirmCancelText} />
            <Space>
              <Button
                danger
                type="primary"
                loading={state.matches('cancelling')}
                onClick={() => sendEvent({ type: 'CONFIRM' })}
              >
                {m.confirmCancel}
              </Button>
              <Button disabled={state.matches('cancelling')} onClick={() => sendEvent({ type: 'BACK' })}>
                {m.back}
              </Button>
            </Space>
          </Space>
        )}
        {state.matches('done') && (
          <Result status="success" title={m.cancelledDone} extra={<a href={loginUrl()}>{m.toLogin}</a>} />
        )}
      </Card>
    </div>
  );
}
