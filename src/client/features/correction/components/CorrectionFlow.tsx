import { Button, Typography } from 'antd';
import { FlowSteps } from '@client/shared/FlowSteps';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CORRECTION_KINDS, type CorrectionKind } from '@contract/states';
import { useGatewayDispatch } from '@client/api/dispatch';
import { paymentPath, useCashierWindow, usePaymentWake } from '@client/shared/payment/usePayment';
import { format, useMessages } from '@client/shared/i18n';
import { usePageTitle } from '@client/shared/usePageTitle';
import { inspectOptions } from '@client/shared/inspect';
import { createFlowActors } from '../actors';
import { correctionApi, paymentSettledTags } from '../api';
import {
  correctionMachine,
  type CorrectionSnapshot,
  type Flow,
  type FlowActors,
  type FlowInput,
  type Sender,
} from '../correction.machine';
import { useMay } from '@client/shared/useMay';
import { useSecondPersonNeeded } from '@client/api/companySettings';
import { correctionMessages, kindNames } from '../messages';
import { CheckStep } from './flow/CheckStep';
import { ChooseStep } from './flow/ChooseStep';
import { DecisionStep } from './flow/DecisionStep';
import { EditStep } from './flow/EditStep';
import { ReturnedNote } from './ReturnedNote';
import { EndStep } from './flow/EndStep';
import { Busy, Failure } from './flow/parts';
import { PaymentStep } from './flow/PaymentStep';
import { PreviewStep } from './flow/PreviewStep';
import { SettleStep } from './flow/SettleStep';

/**
 * The dotted path of the step the page shows ('editing.idle', 'payment.watching.waiting'): the page root
 * carries it for tests and styles. `open` (the correction on its way) only groups the steps: left out.
 */
export const statePath = (value: unknown) => paymentPath(value).replace(/^open\./, '');

/** Which of the six steps the flow is at. */
function stepOf(s: CorrectionSnapshot): number {
  if (s.matches('choosing') || s.matches('restoring')) return 0;
  if (s.matches({ open: 'editing' })) return 1;
  if (s.matches({ open: 'checking' }) || s.matches({ open: 'underwriting' }) || s.matches({ open: 'preview' }))
    return 2;
  if (
    s.matches({ open: 'scenario' }) ||
    s.matches({ open: 'submitting' }) ||
    s.matches({ open: 'rejected' }) ||
    s.matches({ open: 'pending' })
  )
    return 3;
  if (s.matches({ open: 'approved' }) || s.matches({ open: 'payment' })) return 4;
  return 5;
}

const kindOf = (value: string | null): CorrectionKind | null =>
  (CORRECTION_KINDS as readonly string[]).includes(value ?? '') ? (value as CorrectionKind) : null;

export interface CorrectionFlowProps {
  flow: Flow;
  /** Tests provide actors of their own; the page uses the real ones. */
  actors?: Partial<FlowActors>;
  input?: Partial<FlowInput>;
  /** Tests observe the running machine. */
  onActor?: (actor: unknown) => void;
}

/**
 * The correction flow of one page: the machine decides; each step is a component of its own that
 * renders its states (typed `snapshot.matches`) and sends events. The address names the policy, the
 * change to start (`kind`), roster people already chosen (`personIds`) or the correction to continue.
 */
export function CorrectionFlow({ flow, actors, input, onActor }: CorrectionFlowProps) {
  const m = useMessages(correctionMessages);
  const kinds = useMessages(kindNames);
  const dispatch = useGatewayDispatch();
  const [params, setParams] = useSearchParams();
  // The machine is made once per page.
  const [machine] = useState(() =>
    correctionMachine.provide({
      actors: { ...createFlowActors(dispatch, flow), ...actors },
      actions: { paymentSettled: () => dispatch(correctionApi.util.invalidateTags(paymentSettledTags)) },
    }),
  );
  const [snapshot, send, actorRef] = useMachine(machine, { ...inspectOptions(), input: { flow, ...input } });
  useEffect(() => {
    onActor?.(actorRef);
  }, [actorRef, onActor]);
  const ctx = snapshot.context;
  // Who sends it for approval and pays: the role, and the company's two-person setting for its preparer.
  const approves = useMay('approve');
  const secondPerson = useSecondPersonNeeded((ctx.underwriting?.correction ?? ctx.correction)?.preparedById);
  const sender: Sender = !approves ? 'approver' : secondPerson ? 'secondPerson' : 'me';
  useEffect(() => {
    send({ type: 'SENDER', sender });
  }, [send, sender]);
  // What the address carried when the page opened.
  const [opened] = useState(() => ({
    policyNo: params.get('policyNo'),
    kind: kindOf(params.get('kind')),
    personIds: (params.get('personIds') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  }));

  // Once, on opening the page: the correction the address names.
  const resume = useEffectEvent(() => {
    const id = Number(params.get('correctionId'));
    if (id > 0) send({ type: 'RESUME', correctionId: id });
  });
  useEffect(() => resume(), []);

  // People chosen on the employee view to be removed go into the new draft at once (they confirmed it there).
  const carriedSent = useRef(false);
  const carryOver = useEffectEvent(() => {
    if (carriedSent.current || opened.kind !== 'subtract' || !opened.personIds.length || ctx.correctionId !== null)
      return;
    carriedSent.current = true;
    send({ type: 'EDIT', request: { op: 'subtract', personIds: opened.personIds } });
  });
  const editingIdle = snapshot.matches({ open: { editing: 'idle' } });
  useEffect(() => {
    if (editingIdle) carryOver();
  }, [editingIdle]);

  // A reload or a second browser finds the correction again from the address.
  useEffect(() => {
    const id = ctx.correctionId;
    if (id && params.get('correctionId') !== String(id)) {
      const next = new URLSearchParams();
      next.set('correctionId', String(id));
      if (ctx.policy) next.set('policyNo', ctx.policy.policyNo);
      setParams(next, { replace: true });
    }
  }, [ctx.correctionId, ctx.policy, params, setParams]);

  // The payment child (while the flow is at the payment): its state, its window, its wake-ups.
  const payRef = snapshot.children.payment;
  const payment = useSelector(payRef, (s) => s);
  const openCashier = useCashierWindow(payment);
  usePaymentWake(payRef, !!payment && (payment.matches('watching') || payment.matches('timedOut')));
  // One click from Pay to the cashier: the window opens with the click, its address follows the link.
  const pay = () => {
    const transfer = (ctx.payment?.payType ?? ctx.scenario ?? ctx.correction?.payType) === 'transfer';
    if (payRef) payRef.send({ type: 'PAY', cashierOpened: openCashier() });
    else send({ type: 'PAY', cashierOpened: !transfer && openCashier() });
  };
  // Paying an awaited transfer online instead: the same, after the confirmation's click.
  const payOnline = () => payRef?.send({ type: 'PAY_ONLINE', cashierOpened: openCashier() });

  const title = m.pageTitle;
  usePageTitle(title);
  const step = stepOf(snapshot);
  const props = { snapshot, send };

  let body: ReactNode;
  if (snapshot.matches('choosing'))
    body = <ChooseStep {...props} policyNo={opened.policyNo} kind={opened.kind} autoStart={opened.kind !== null} />;
  else if (snapshot.matches({ restoring: 'loading' })) body = <Busy text={m.restoring} />;
  else if (snapshot.matches({ restoring: 'failed' }))
    body = (
      <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })}>
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
      </Failure>
    );
  else if (snapshot.matches({ open: 'editing' }))
    body = (
      <EditStep {...props} carried={opened.kind === 'exchange' || opened.kind === 'modify' ? opened.personIds : []} />
    );
  else if (snapshot.matches({ open: 'checking' }) || snapshot.matches({ open: 'underwriting' }))
    body = <CheckStep {...props} />;
  else if (snapshot.matches({ open: 'preview' })) body = <PreviewStep {...props} />;
  else if (snapshot.matches({ open: 'scenario' })) body = <SettleStep {...props} />;
  else if (snapshot.matches({ open: { submitting: 'running' } })) body = <Busy text={m.submitting} />;
  else if (snapshot.matches({ open: { submitting: 'failed' } }))
    body = (
      <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })}>
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
      </Failure>
    );
  else if (
    snapshot.matches({ open: 'approved' }) ||
    snapshot.matches({ open: 'rejected' }) ||
    snapshot.matches({ open: 'pending' })
  )
    body = <DecisionStep {...props} onPay={pay} />;
  else if (snapshot.matches({ open: 'payment' }))
    body = <PaymentStep {...props} payment={payment} onPay={pay} onPayOnline={payOnline} />;
  else body = <EndStep {...props} />;

  return (
    <div
      className="mc-page"
      data-testid="correction-flow"
      data-state={
        payment && snapshot.matches({ open: 'payment' })
          ? `payment.${paymentPath(payment.value)}`
          : statePath(snapshot.value)
      }
    >
      <Typography.Title level={3}>{title}</Typography.Title>
      {ctx.policy && (
        <Typography.Paragraph type="secondary" data-testid="flow-policy">
          {[
            ctx.kind ? kinds[ctx.kind] : null,
            `${ctx.policy.policyNo} · ${ctx.policy.productName}`,
            ctx.correction ? format(m.correctionNo_, { no: ctx.correction.correctionNo }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Paragraph>
      )}
      <FlowSteps
        size="small"
        current={step}
        className="mc-flow-steps"
        titles={[m.stepChoose, m.stepPeople, m.stepPremium, m.stepConfirm, m.stepPay, m.stepDone]}
      />
      {ctx.correction && <ReturnedNote correction={ctx.underwriting?.correction ?? ctx.correction} />}
      {body}
    </div>
  );
}
