import { assign, fromPromise, setup } from 'xstate';

export interface PhoneChangeContext {
  phone: string;
  error: string | null;
  /** Seconds until another code may be asked for. */
  cooldown: number;
}

export type PhoneChangeEvent = { type: 'SEND'; phone: string } | { type: 'CONFIRM'; code: string } | { type: 'RESET' };

/** One minute between codes, as the SMS service enforces. */
export const RESEND_SECONDS = 60;

/**
 * Changing the bound phone: ask for a code to the new phone, then confirm it. While a code is fresh
 * the member may confirm; the cooldown counts down once a second until another code may be sent.
 */
export const phoneChangeMachine = setup({
  types: { context: {} as PhoneChangeContext, events: {} as PhoneChangeEvent },
  actors: {
    sendCode: fromPromise<unknown, { phone: string }>(async () => {
      throw new Error('provide the sendCode actor');
    }),
    confirm: fromPromise<unknown, { phone: string; code: string }>(async () => {
      throw new Error('provide the confirm actor');
    }),
  },
  delays: { tick: 1000 },
  guards: {
    coolingDown: ({ context }) => context.cooldown > 0,
  },
}).createMachine({
  id: 'phoneChange',
  initial: 'idle',
  context: { phone: '', error: null, cooldown: 0 },
  states: {
    idle: {
      on: { SEND: { target: 'sending', actions: assign({ phone: ({ event }) => event.phone, error: null }) } },
    },
    sending: {
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: { target: 'codeSent', actions: assign({ cooldown: RESEND_SECONDS }) },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    codeSent: {
      initial: 'waiting',
      states: {
        waiting: {
          after: {
            tick: {
              target: 'waiting',
              reenter: true,
              guard: 'coolingDown',
              actions: assign({ cooldown: ({ context }) => context.cooldown - 1 }),
            },
          },
        },
      },
      on: {
        CONFIRM: { target: 'confirming' },
        SEND: {
          guard: ({ context }) => context.cooldown <= 0,
          target: 'sending',
          actions: assign({ phone: ({ event }) => event.phone, error: null }),
        },
      },
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context, event }) => ({ phone: context.phone, code: event.type === 'CONFIRM' ? event.code : '' }),
        onDone: { target: 'done' },
        onError: {
          target: 'codeSent',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    done: {
      on: { RESET: { target: 'idle', actions: assign({ phone: '', error: null, cooldown: 0 }) } },
    },
  },
});
