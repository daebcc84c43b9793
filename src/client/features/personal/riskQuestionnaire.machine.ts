import { assign, fromPromise, setup } from 'xstate';
import type { RiskQuestion, RiskResult } from '@contract/io/personal';

export interface RiskContext {
  questions: RiskQuestion[];
  answers: Record<string, string>;
  index: number;
  result: RiskResult | null;
  error: string | null;
}

export type RiskEvent =
  | { type: 'START'; questions: RiskQuestion[] }
  | { type: 'ANSWER'; option: string }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'SUBMIT' }
  | { type: 'RESTART' };

const current = (c: RiskContext) => c.questions[c.index];

/**
 * The risk questionnaire: an introduction, one question at a time (answer, next, previous), submit
 * once every question is answered, then the result the gateway scored. The gateway's refusal
 * brings the member back to the questions with its sentence.
 */
export const riskQuestionnaireMachine = setup({
  types: { context: {} as RiskContext, events: {} as RiskEvent },
  actors: {
    submit: fromPromise<RiskResult, { answers: Record<string, string> }>(async () => {
      throw new Error('provide the submit actor');
    }),
  },
  guards: {
    answered: ({ context }) => Boolean(current(context) && context.answers[current(context).code]),
    hasPrevious: ({ context }) => context.index > 0,
    complete: ({ context }) => context.questions.length > 0 && context.questions.every((q) => context.answers[q.code]),
    hasQuestions: ({ event }) => event.type === 'START' && event.questions.length > 0,
  },
}).createMachine({
  id: 'riskQuestionnaire',
  initial: 'intro',
  context: { questions: [], answers: {}, index: 0, result: null, error: null },
  states: {
    intro: {
      on: {
        START: {
          guard: 'hasQuestions',
          target: 'answering',
          actions: assign({ questions: ({ event }) => event.questions, answers: {}, index: 0, error: null }),
        },
      },
    },
    answering: {
      on: {
        ANSWER: {
          actions: assign({
            answers: ({ context, event }) => ({ ...context.answers, [current(context).code]: event.option }),
            error: null,
          }),
        },
        NEXT: {
          guard: 'answered',
          actions: assign({ index: ({ context }) => Math.min(context.index + 1, context.questions.length - 1) }),
        },
        PREVIOUS: { guard: 'hasPrevious', actions: assign({ index: ({ context }) => context.index - 1 }) },
        SUBMIT: { guard: 'complete', target: 'submitting' },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ answers: context.answers }),
        onDone: { target: 'result', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'answering',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    result: {
      on: { RESTART: { target: 'intro', actions: assign({ answers: {}, index: 0, result: null, error: null }) } },
    },
  },
});
