import type { AnyActorRef } from 'xstate';
import { accountCancelMachine, type CancelServices } from '@client/features/account/accountCancel.machine';
import { Calls, printCoverage, runModel } from './support/modelPaths';

const refusal = (statusText: string, data: unknown = null) => ({
  kind: 'status',
  status: 'ERR_0003',
  statusText,
  data,
});

function services(calls: Calls): CancelServices & { loginVisits: number } {
  let n = 0;
  const s = {
    loginVisits: 0,
    judge: () => calls.call<never>('judge'),
    checkPicture: () => calls.call<never>('checkPicture'),
    sendCode: () => calls.call<never>('sendCode'),
    checkCode: () => calls.call<never>('checkCode'),
    cancel: () => calls.call<never>('cancel'),
    newRandName: () => `picture${(n += 1)}`,
    goToLogin: () => {
      s.loginVisits += 1;
    },
  };
  return s;
}

const events = [
  {
    type: 'xstate.done.actor.judge',
    output: { cancellable: true, reasons: [], policiesInForce: 0, unpaidPayments: 0 },
  },
  {
    type: 'xstate.done.actor.judge',
    output: {
      cancellable: false,
      reasons: ['The company still has 1 policy in force.'],
      policiesInForce: 1,
      unpaidPayments: 0,
    },
  },
  { type: 'xstate.error.actor.judge', error: { kind: 'network' } },
  { type: 'xstate.done.actor.checkPicture', output: { expiresInSeconds: 600 } },
  {
    type: 'xstate.error.actor.checkPicture',
    error: refusal('The characters do not match the picture; try again or draw a new picture.'),
  },
  {
    type: 'xstate.done.actor.sendCode',
    output: { phoneMasked: '139****5307', expiresInSeconds: 300, resendInSeconds: 60 },
  },
  {
    type: 'xstate.error.actor.sendCode',
    error: refusal('A code was sent less than a minute ago; you can ask for a new one in 42 seconds.', {
      resendInSeconds: 42,
    }),
  },
  {
    type: 'xstate.error.actor.sendCode',
    error: refusal('Too many codes were sent to this phone in the last hour; please try again later.'),
  },
  { type: 'xstate.done.actor.checkCode', output: { expiresInSeconds: 600 } },
  { type: 'xstate.error.actor.checkCode', error: refusal('The SMS code is wrong; 4 attempts left.') },
  { type: 'xstate.done.actor.cancel', output: null },
  { type: 'xstate.error.actor.cancel', error: refusal('Complete the picture check or the SMS check first.') },
  { type: 'SUBMIT_PICTURE', code: 'Kp7m' },
  { type: 'SUBMIT_CODE', code: '123456' },
];

describe('the account cancellation machine, path by path', () => {
  it('walks every shortest and simple path and covers every state and transition', async () => {
    const seen = new Set<string>();
    const coverage = await runModel({
      machine: accountCancelMachine,
      events,
      input: (calls) => ({ services: services(calls) }),
      assertState(state: string, actor: AnyActorRef, input: { services: ReturnType<typeof services> }) {
        seen.add(state);
        const ctx = actor.getSnapshot().context;
        if (state === 'refused') expect(ctx.reasons.length).toBeGreaterThan(0);
        if (state === 'picture') expect(ctx.randName).toMatch(/^picture\d+$/);
        if (state === 'failed') expect(ctx.error).toEqual({ key: 'failed' });
        if (state.startsWith('sms.sent')) expect(ctx.sentAt).toBeGreaterThan(0);
        if (state === 'sms.sent.cooling' && ctx.error?.resendInSeconds) expect(ctx.resendSeconds).toBe(42);
        expect(input.services.loginVisits).toBe(state === 'done' ? 1 : 0);
      },
    });
    printCoverage('accountCancel', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(seen).toContain('done');
  });

  it('draws a new picture after a wrong answer and keeps the gateway’s sentence', async () => {
    const { createActor } = await import('xstate');
    const calls = new Calls();
    const actor = createActor(accountCancelMachine, { input: { services: services(calls) } }).start();
    calls.pending.get('judge')!.resolve({ cancellable: true, reasons: [], policiesInForce: 0, unpaidPayments: 0 });
    await new Promise((r) => setTimeout(r, 0));
    const first = actor.getSnapshot().context.randName;
    actor.send({ type: 'SUBMIT_PICTURE', code: 'nope' });
    calls.pending
      .get('checkPicture')!
      .reject(refusal('The characters do not match the picture; try again or draw a new picture.'));
    await new Promise((r) => setTimeout(r, 0));
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('picture');
    expect(snap.context.randName).not.toBe(first);
    expect(snap.context.error).toEqual({
      text: 'The characters do not match the picture; try again or draw a new picture.',
      resendInSeconds: undefined,
    });
    actor.stop();
  });
});
