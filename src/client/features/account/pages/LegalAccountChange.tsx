import { useMachine } from '@xstate/react';
import { inspectOptions } from '@client/shared/inspect';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { FlowSteps } from '@client/shared/FlowSteps';
import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { administratorChanged } from '@client/state/session';
import { parseIdNumber } from '@common/idNumber';
import type { ChangeLegalAccountRequest } from '@contract/io/account.requests';
import { portalConfig } from '@client/config';
import { format, useMessages } from '@client/shared/i18n';
import { usePageTitle } from '@client/shared/usePageTitle';
import { accountChangeMachine, type ChangeServices } from '../accountChange.machine';
import {
  useChangeLegalAccountMutation,
  useCheckChangeCodeMutation,
  useCheckLegalChangeMutation,
  useSendAccountCodeMutation,
} from '../api';
import { CodeStep, FlowAlert, withSignal, type FlowActorOptions } from '../components';
import { accountMessages } from '../messages';

type AccountTexts = (typeof accountMessages)['en-US'];

const STEP: Record<string, number> = {
  checking: 0,
  failed: 0,
  ready: 0,
  sending: 0,
  codeSent: 0,
  verifying: 0,
  details: 1,
  confirming: 2,
  changing: 2,
  done: 3,
};

/** Changing the administrator: a machine orders the steps; this page renders its state. */
export default function LegalAccountChange() {
  const [check] = useCheckLegalChangeMutation();
  const [send] = useSendAccountCodeMutation();
  const [checkCode] = useCheckChangeCodeMutation();
  const [change] = useChangeLegalAccountMutation();
  const dispatch = useDispatch();
  const services = useMemo<ChangeServices>(
    () => ({
      check: (signal) => withSignal(check(), signal),
      sendCode: (signal) => withSignal(send({ purpose: 'change' }), signal),
      checkCode: (input, signal) => withSignal(checkCode(input), signal),
      change: async (input, signal) => {
        const changed = await withSignal(change(input), signal);
        dispatch(administratorChanged(changed.administratorName));
        return changed;
      },
    }),
    [check, send, checkCode, change, dispatch],
  );
  return <ChangeFlow services={services} />;
}

/** The page's body for given services; `actorOptions` is the seam the model-based page tests use. */
export function ChangeFlow({ services, actorOptions }: { services: ChangeServices; actorOptions?: FlowActorOptions }) {
  const m = useMessages(accountMessages);
  usePageTitle(m.changeTitle);
  const [state, sendEvent] = useMachine(accountChangeMachine, {
    ...inspectOptions(),
    ...actorOptions,
    input: { services },
  });
  const ctx = state.context;
  const top = typeof state.value === 'string' ? state.value : Object.keys(state.value)[0];

  return (
    <div className="mc-page" data-testid="legal-account-change" data-state={JSON.stringify(state.value)}>
      <Typography.Title level={3}>{m.changeTitle}</Typography.Title>
      <Card>
        <div style={{ marginBottom: 24 }}>
          <FlowSteps current={STEP[top] ?? 0} titles={[m.stepVerify, m.stepDetails, m.stepConfirm, m.stepDone]} />
        </div>
        <FlowAlert error={ctx.error} failed={m.failed} />
        {state.matches('checking') && <Spin />}
        {state.matches('failed') && <Button onClick={() => sendEvent({ type: 'RETRY' })}>{m.retry}</Button>}
        {(state.matches('ready') || state.matches('sending')) && (
          <Space orientation="vertical">
            <p>{format(m.codeGoesTo, { phone: ctx.phoneMasked })}</p>
            <Button type="primary" loading={state.matches('sending')} onClick={() => sendEvent({ type: 'SEND_CODE' })}>
              {m.sendCode}
            </Button>
          </Space>
        )}
        {(state.matches('codeSent') || state.matches('verifying')) && (
          <CodeStep
            m={m}
            phoneMasked={ctx.phoneMasked}
            sentAt={ctx.sentAt}
            resendSeconds={ctx.resendSeconds}
            canResend={state.matches({ codeSent: 'canResend' })}
            busy={state.matches('verifying')}
            onSubmit={(code) => sendEvent({ type: 'SUBMIT_CODE', code })}
            onResend={() => sendEvent({ type: 'SEND_CODE' })}
          />
        )}
        {state.matches('details') && (
          <DetailsForm
            m={m}
            initial={ctx.details}
            onSubmit={(details) => sendEvent({ type: 'SUBMIT_DETAILS', details })}
          />
        )}
        {(state.matches('confirming') || state.matches('changing')) && ctx.details && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="info" showIcon title={m.confirmChange} />
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={m.administratorName}>{ctx.details.administratorName}</Descriptions.Item>
              <Descriptions.Item label={m.administratorIdNumber}>{ctx.details.administratorIdNumber}</Descriptions.Item>
              <Descriptions.Item label={m.administratorPhone}>{ctx.details.administratorPhone}</Descriptions.Item>
              <Descriptions.Item label={m.email}>{ctx.details.email || '-'}</Descriptions.Item>
            </Descriptions>
            <Space>
              <Button type="primary" loading={state.matches('changing')} onClick={() => sendEvent({ type: 'CONFIRM' })}>
                {m.confirm}
              </Button>
              <Button disabled={state.matches('changing')} onClick={() => sendEvent({ type: 'EDIT' })}>
                {m.edit}
              </Button>
            </Space>
          </Space>
        )}
        {state.matches('done') && ctx.result && (
          <Result
            status="success"
            title={m.changed}
            subTitle={`${ctx.result.administratorName} · ${ctx.result.administratorPhoneMasked}`}
            extra={
              <Space orientation="vertical" align="center">
                <Typography.Paragraph data-testid="changed-logged-out">{m.changedLoggedOut}</Typography.Paragraph>
                <a href={`${portalConfig().links.identityProvider}?flag=legal`}>{m.toLogin}</a>
              </Space>
            }
          />
        )}
      </Card>
    </div>
  );
}

/** The new administrator's details, checked here for quick feedback and again by the gateway. */
function DetailsForm({
  m,
  initial,
  onSubmit,
}: {
  m: AccountTexts;
  initial: ChangeLegalAccountRequest | null;
  onSubmit: (d: ChangeLegalAccountRequest) => void;
}) {
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 460 }}
      initialValues={initial ?? undefined}
      onFinish={(v: ChangeLegalAccountRequest) =>
        onSubmit({
          administratorName: v.administratorName.trim(),
          administratorIdNumber: v.administratorIdNumber.trim().toUpperCase(),
          administratorPhone: v.administratorPhone.trim(),
          email: (v.email ?? '').trim(),
        })
      }
    >
      <Form.Item
        label={m.administratorName}
        name="administratorName"
        rules={[{ required: true, whitespace: true, min: 2, max: 30, message: m.required }]}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item
        label={m.administratorIdNumber}
        name="administratorIdNumber"
        rules={[
          { required: true, message: m.required },
          {
            validator: async (_r, value: string) => {
              if (!value) return;
              const parsed = parseIdNumber(value);
              if (!parsed.ok) throw new Error(parsed.error === 'digits' ? m.idDigits : m.idInvalid);
            },
          },
        ]}
      >
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item
        label={m.administratorPhone}
        name="administratorPhone"
        rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: m.phoneRule }]}
      >
        <Input maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item label={m.email} name="email" rules={[{ type: 'email', message: m.emailRule }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {m.next}
      </Button>
    </Form>
  );
}
