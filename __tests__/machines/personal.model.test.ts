/**
 * Model tests of the two personal-centre machines: every shortest path and one path per transition
 * of the traversal, driven through a live actor whose gateway calls the path answers (a code sent, a
 * refusal, a timeout as the page words it, a wrong code, a scored questionnaire), with the state and
 * the context checked after every step, and every declared state and transition covered.
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { RiskQuestion, RiskResult } from '@contract/io/personal';
import { phoneChangeMachine, RESEND_SECONDS } from '@client/features/personal/phoneChange.machine';
import { riskQuestionnaireMachine } from '@client/features/personal/riskQuestionnaire.machine';
import { printCoverage, runModel, type StepCheck } from './support/modelPaths';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

describe('the phone change machine, path by path', () => {
  const send = phoneChangeMachine.root.states.sending.invoke[0].id;
  const confirm = phoneChangeMachine.root.states.confirming.invoke[0].id;
  const refusal = new Error('This phone number is already bound to your account.');
  const timeout = new Error('The request took too long; please try again.');
  const wrongCode = new Error('The SMS code is wrong.');
  const events: AnyEventObject[] = [
    { type: 'SEND', phone: '13800138000' },
    { type: 'CONFIRM', code: '123456' },
    { type: 'RESET' },
    done(send, { phoneMasked: '138****8000' }),
    error(send, refusal),
    error(send, timeout),
    // a rejection that is not an Error still says something
    error(send, 'refused'),
    done(confirm, null),
    error(confirm, wrongCode),
    error(confirm, timeout),
  ];

  function assertStep({ state, event, context, previous, calls }: StepCheck<unknown>) {
    const last = calls.inputs.at(-1);
    switch (event.type) {
      case 'xstate.init':
        expect(state).toBe('idle');
        expect(context).toEqual({ phone: '', error: null, cooldown: 0 });
        return;
      case 'SEND':
        if (state === 'sending') {
          expect(context).toEqual({ ...previous, phone: '13800138000', error: null });
          expect(last).toEqual({ id: send, input: { phone: '13800138000' } });
        } else {
          // asked again too soon: nothing changes
          expect(previous.cooldown).toBeGreaterThan(0);
          expect(context).toEqual(previous);
        }
        return;
      case 'CONFIRM':
        expect(state).toBe('confirming');
        expect(context).toEqual(previous);
        expect(last).toEqual({ id: confirm, input: { phone: context.phone, code: '123456' } });
        return;
      case 'RESET':
        expect(state).toBe('idle');
        expect(context).toEqual({ phone: '', error: null, cooldown: 0 });
        return;
      case `xstate.done.actor.${send}`:
        expect(state).toBe('codeSent.waiting');
        expect(context).toEqual({ ...previous, cooldown: RESEND_SECONDS });
        return;
      case `xstate.error.actor.${send}`:
        expect(state).toBe('idle');
        expect(context).toEqual({ ...previous, error: messageOf(event.error) });
        return;
      case `xstate.done.actor.${confirm}`:
        expect(state).toBe('done');
        expect(context).toEqual(previous);
        return;
      case `xstate.error.actor.${confirm}`:
        expect(state).toBe('codeSent.waiting');
        expect(context).toEqual({ ...previous, error: messageOf(event.error) });
        return;
      default:
        // the countdown: one second less, until it reaches zero
        expect(event.type).toBe('xstate.after.tick.phoneChange.codeSent.waiting');
        expect(state).toBe('codeSent.waiting');
        expect(context).toEqual({ ...previous, cooldown: Math.max(0, (previous.cooldown as number) - 1) });
    }
  }

  it('walks every shortest path and every transition, checking the state and the context at each step', async () => {
    const coverage = await runModel({
      machine: phoneChangeMachine,
      events,
      input: () => undefined,
      live: (calls) =>
        phoneChangeMachine.provide({ actors: { sendCode: calls.actor(), confirm: calls.actor() } as never }),
      // the countdown's value decides whether another code may be asked for: the traversal tells them apart
      traversal: { key: (c: { cooldown: number }) => c.cooldown },
      assertStep,
    });
    printCoverage('phoneChange', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('the risk questionnaire machine, path by path', () => {
  const submit = riskQuestionnaireMachine.root.states.submitting.invoke[0].id;
  const question = (code: string): RiskQuestion => ({
    code,
    text: `${code}?`,
    options: [
      { code: 'A', text: 'a' },
      { code: 'B', text: 'b' },
    ],
  });
  const questions = [question('a'), question('b')];
  const result: RiskResult = {
    score: 10,
    level: 1,
    levelName: 'Conservative',
    evaluatedAt: '2026-11-22T00:00:00.000Z',
    validUntil: '2027-11-22',
    valid: true,
  };
  const events: AnyEventObject[] = [
    { type: 'START', questions },
    // no questions to ask: the introduction stays
    { type: 'START', questions: [] },
    { type: 'ANSWER', option: 'A' },
    { type: 'ANSWER', option: 'B' },
    { type: 'NEXT' },
    { type: 'PREVIOUS' },
    { type: 'SUBMIT' },
    { type: 'RESTART' },
    done(submit, result),
    error(submit, new Error('The answers could not be read.')),
    error(submit, new Error('The request took too long; please try again.')),
  ];
  type Ctx = { questions: RiskQuestion[]; answers: Record<string, string>; index: number };
  const answered = (c: Ctx) => Boolean(c.questions[c.index] && c.answers[c.questions[c.index].code]);
  const complete = (c: Ctx) => c.questions.length > 0 && c.questions.every((q) => c.answers[q.code]);

  function assertStep({ state, event, context, previous, calls }: StepCheck<unknown>) {
    const before = previous as unknown as Ctx;
    switch (event.type) {
      case 'xstate.init':
        expect(state).toBe('intro');
        expect(context).toEqual({ questions: [], answers: {}, index: 0, result: null, error: null });
        return;
      case 'START': {
        const given = (event as unknown as { questions: RiskQuestion[] }).questions;
        if (!given.length) {
          expect(state).toBe('intro');
          expect(context).toEqual(previous);
        } else {
          expect(state).toBe('answering');
          expect(context).toEqual({ ...previous, questions: given, answers: {}, index: 0, error: null });
        }
        return;
      }
      case 'ANSWER': {
        const code = before.questions[before.index].code;
        const option = (event as unknown as { option: string }).option;
        expect(state).toBe('answering');
        expect(context).toEqual({ ...previous, answers: { ...before.answers, [code]: option }, error: null });
        return;
      }
      case 'NEXT':
        expect(state).toBe('answering');
        expect(context).toEqual(
          answered(before) ? { ...previous, index: Math.min(before.index + 1, before.questions.length - 1) } : previous,
        );
        return;
      case 'PREVIOUS':
        expect(state).toBe('answering');
        expect(context).toEqual(before.index > 0 ? { ...previous, index: before.index - 1 } : previous);
        return;
      case 'SUBMIT':
        expect(state).toBe(complete(before) ? 'submitting' : 'answering');
        expect(context).toEqual(previous);
        if (state === 'submitting')
          expect(calls.inputs.at(-1)).toEqual({ id: submit, input: { answers: before.answers } });
        return;
      case 'RESTART':
        expect(state).toBe('intro');
        expect(context).toEqual({ ...previous, answers: {}, index: 0, result: null, error: null });
        return;
      case `xstate.done.actor.${submit}`:
        expect(state).toBe('result');
        expect(context).toEqual({ ...previous, result });
        return;
      default:
        expect(event.type).toBe(`xstate.error.actor.${submit}`);
        expect(state).toBe('answering');
        expect(context).toEqual({ ...previous, error: (event.error as Error).message });
    }
  }

  it('walks every shortest path and every transition, checking the state and the context at each step', async () => {
    const coverage = await runModel({
      machine: riskQuestionnaireMachine,
      events,
      input: () => undefined,
      live: (calls): AnyStateMachine =>
        riskQuestionnaireMachine.provide({ actors: { submit: calls.actor() } as never }),
      // which question is shown and which are answered decide the guards
      traversal: { key: (c: Ctx) => [c.index, Object.keys(c.answers).sort()] },
      assertStep,
    });
    printCoverage('riskQuestionnaire', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
