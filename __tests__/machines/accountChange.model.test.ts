import type { AnyActorRef } from 'xstate';
import { accountChangeMachine, type ChangeServices } from '@client/features/account/accountChange.machine';
import { type Calls, printCoverage, runModel } from './support/modelPaths';

const refusal = (statusText: string, data: unknown = null) => ({
  kind: 'status',
  status: 'ERR_0003',
  statusText,
  data,
});
const details = {
  administratorName: '周敏',
  administratorIdNumber: '11010519491231002X',
  administratorPhone: '13700001111',
  email: '',
};
const info = {
  companyName: '上海恒晟精密制造有限公司',
  creditCode: '91310115MA1K4B2C3J',
  creditCodeValid: true,
  administratorName: '周敏',
  administratorIdNumberMasked: '110***********002X',
  administratorPhoneMasked: '137****1111',
  email: null,
  userName: 'corp-hr',
  state: 1,
};

function services(calls: Calls): ChangeServices {
  return {
    check: () => calls.call<never>('check'),
    sendCode: () => calls.call<never>('sendCode'),
    checkCode: () => calls.call<never>('checkCode'),
    change: () => calls.call<never>('change'),
  };
}

const events = [
  { type: 'xstate.done.actor.check', output: { allowed: true, phoneMasked: '138****0418' } },
  { type: 'xstate.error.actor.check', error: refusal('This account has been cancelled and can no longer be changed.') },
  {
    type: 'xstate.done.actor.sendCode',
    output: { phoneMasked: '138****0418', expiresInSeconds: 300, resendInSeconds: 60 },
  },
  {
    type: 'xstate.error.actor.sendCode',
    error: refusal('A code was sent less than a minute ago; you can ask for a new one in 30 seconds.', {
      resendInSeconds: 30,
    }),
  },
  { type: 'xstate.error.actor.sendCode', error: { kind: 'timeout' } },
  { type: 'xstate.done.actor.checkCode', output: { expiresInSeconds: 600 } },
  {
    type: 'xstate.error.actor.checkCode',
    error: refusal('The SMS code is wrong; 4 attempts left.', { attemptsLeft: 4 }),
  },
  { type: 'xstate.done.actor.change', output: info },
  {
    type: 'xstate.error.actor.change',
    error: refusal("Verify with the SMS code sent to the administrator's phone first.", { step: 'verify' }),
  },
  { type: 'xstate.error.actor.change', error: refusal('wrong number of digits in the ID number') },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'SUBMIT_DETAILS', details },
];

describe('the account change machine, path by path', () => {
  it('walks every shortest path, every transition and every complete journey, covering every state and transition', async () => {
    const coverage = await runModel({
      machine: accountChangeMachine,
      events,
      input: (calls) => ({ services: services(calls) }),
      assertState(state: string, actor: AnyActorRef) {
        const ctx = actor.getSnapshot().context;
        if (state === 'failed') expect(ctx.error?.text).toMatch(/cancelled/);
        if (state === 'ready' || state.startsWith('codeSent')) expect(ctx.phoneMasked).toBe('138****0418');
        if (state.startsWith('codeSent')) expect(ctx.sentAt).toBeGreaterThan(0);
        if (state === 'confirming') expect(ctx.details).toEqual(details);
        if (state === 'done') expect(ctx.result).toEqual(info);
        if (state === 'ready' && ctx.error?.text) expect(ctx.error.text).toMatch(/Verify with the SMS code|timed out/);
      },
    });
    printCoverage('accountChange', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
