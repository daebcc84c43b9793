import { createActor, fromPromise, waitFor } from 'xstate';
import type { RiskQuestion, RiskResult } from '@contract/io/personal';
import { riskQuestionnaireMachine } from '@client/features/personal/riskQuestionnaire.machine';
import { phoneChangeMachine, RESEND_SECONDS } from '@client/features/personal/phoneChange.machine';

const questions: RiskQuestion[] = [
  {
    code: 'a',
    text: 'A?',
    options: [
      { code: 'A', text: 'a' },
      { code: 'B', text: 'b' },
    ],
  },
  {
    code: 'b',
    text: 'B?',
    options: [
      { code: 'A', text: 'a' },
      { code: 'B', text: 'b' },
    ],
  },
];
const result: RiskResult = {
  score: 10,
  level: 1,
  levelName: 'Conservative',
  evaluatedAt: '2026-11-22T00:00:00.000Z',
  validUntil: '2027-11-22',
  valid: true,
};

describe('the risk questionnaire machine', () => {
  it('walks the questions one at a time and submits only when all are answered', async () => {
    const submitted: Array<Record<string, string>> = [];
    const actor = createActor(
      riskQuestionnaireMachine.provide({
        actors: {
          submit: fromPromise<RiskResult, { answers: Record<string, string> }>(
            async ({ input }) => (submitted.push(input.answers), result),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'START', questions: [] });
    expect(actor.getSnapshot().value).toBe('intro');
    actor.send({ type: 'START', questions });
    expect(actor.getSnapshot().value).toBe('answering');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'ANSWER', option: 'B' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('answering');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.index).toBe(1);
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ANSWER', option: 'A' });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.matches('result'));
    expect(done.context.result).toEqual(result);
    expect(submitted).toEqual([{ a: 'B', b: 'A' }]);
    actor.send({ type: 'RESTART' });
    expect(actor.getSnapshot().context).toMatchObject({ answers: {}, index: 0, result: null });
  });

  it('returns to the questions with the gateway’s sentence on a refusal', async () => {
    const actor = createActor(
      riskQuestionnaireMachine.provide({
        actors: {
          submit: fromPromise<RiskResult, { answers: Record<string, string> }>(async () => {
            throw new Error('The answers could not be read.');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'START', questions: [questions[0]] });
    actor.send({ type: 'ANSWER', option: 'A' });
    actor.send({ type: 'SUBMIT' });
    const back = await waitFor(actor, (s) => s.matches('answering') && s.context.error !== null);
    expect(back.context.error).toBe('The answers could not be read.');
  });
});

describe('the phone change machine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends a code, counts down the resend cooldown, confirms', async () => {
    const confirmed: Array<{ phone: string; code: string }> = [];
    const actor = createActor(
      phoneChangeMachine.provide({
        actors: {
          sendCode: fromPromise<unknown, { phone: string }>(async () => ({ sent: true })),
          confirm: fromPromise<unknown, { phone: string; code: string }>(async ({ input }) => {
            confirmed.push(input);
            return null;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SEND', phone: '13800138000' });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('codeSent')).toBe(true);
    expect(actor.getSnapshot().context.cooldown).toBe(RESEND_SECONDS);
    await jest.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.cooldown).toBe(RESEND_SECONDS - 5);
    actor.send({ type: 'SEND', phone: '13800138000' });
    expect(actor.getSnapshot().matches('codeSent')).toBe(true);
    await jest.advanceTimersByTimeAsync(RESEND_SECONDS * 1000);
    expect(actor.getSnapshot().context.cooldown).toBe(0);
    actor.send({ type: 'CONFIRM', code: '123456' });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(confirmed).toEqual([{ phone: '13800138000', code: '123456' }]);
  });

  it('keeps the refusal of a wrong code and lets the member try again', async () => {
    const actor = createActor(
      phoneChangeMachine.provide({
        actors: {
          sendCode: fromPromise<unknown, { phone: string }>(async () => null),
          confirm: fromPromise<unknown, { phone: string; code: string }>(async () => {
            throw new Error('The SMS code is wrong.');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SEND', phone: '13800138000' });
    await jest.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CONFIRM', code: '000000' });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('codeSent')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The SMS code is wrong.');
  });

  it('goes back to the start when the code cannot be sent', async () => {
    const actor = createActor(
      phoneChangeMachine.provide({
        actors: {
          sendCode: fromPromise<unknown, { phone: string }>(async () => {
            throw new Error('This phone number is already bound to your account.');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SEND', phone: '13901728856' });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toMatch(/already bound/);
  });
});
