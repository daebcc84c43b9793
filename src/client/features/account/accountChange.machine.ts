import { assign, fromPromise, setup } from 'xstate';
import type { ChangeLegalAccountRequest } from '@contract/io/account.requests';
import type { LegalChangeCheck, LegalInfo } from '@contract/io/account';
import { flowError } from './flowErrors';
import * as smsCheck from './verification';

/** What the change flow asks of the world; the page hands in the gateway calls. */
export interface ChangeServices extends smsCheck.Services {
  check(signal: AbortSignal): Promise<LegalChangeCheck>;
  change(input: ChangeLegalAccountRequest, signal: AbortSignal): Promise<LegalInfo>;
}

export interface ChangeContext extends smsCheck.Context {
  services: ChangeServices;
  details: ChangeLegalAccountRequest | null;
  result: LegalInfo | null;
}

export type ChangeEvent =
  | { type: 'RETRY' }
  | { type: 'SEND_CODE' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'SUBMIT_DETAILS'; details: ChangeLegalAccountRequest }
  | { type: 'EDIT' }
  | { type: 'CONFIRM' };

const verificationLost = (error: unknown) => (error as { data?: { step?: string } | null })?.data?.step === 'verify';

/**
 * Changing the administrator of the corporate account: checkLegalChange -> SMS code to the current
 * administrator's phone -> checkSMSCode -> the new administrator's details -> final confirmation ->
 * changeLegalAccount. The gateway keeps the passed check (10 minutes, used once).
 */
export const accountChangeMachine = setup({
  types: {
    context: {} as ChangeContext,
    events: {} as ChangeEvent,
    input: {} as { services: ChangeServices },
  },
  actors: {
    check: fromPromise<LegalChangeCheck, { services: ChangeServices }>(({ input, signal }) =>
      input.services.check(signal),
    ),
    ...smsCheck.actors,
    change: fromPromise<LegalInfo, { services: ChangeServices; details: ChangeLegalAccountRequest }>(
      ({ input, signal }) => input.services.change(input.details, signal),
    ),
  },
  actions: {
    clearError: assign({ error: null }),
    showError: assign(smsCheck.updates.showError),
    codeSent: assign(smsCheck.updates.codeSent),
    tooSoon: assign(smsCheck.updates.tooSoon),
  },
  guards: {
    ...smsCheck.guards,
    verificationLost: ({ event }) => verificationLost((event as unknown as { error: unknown }).error),
  },
  delays: smsCheck.delays,
}).createMachine({
  id: 'accountChange',
  context: ({ input }) => ({
    services: input.services,
    phoneMasked: '',
    sentAt: 0,
    resendSeconds: 60,
    details: null,
    result: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'ready', actions: assign({ phoneMasked: ({ event }) => event.output.phoneMasked }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => flowError(event.error) }) },
      },
    },
    failed: { on: { RETRY: { target: 'checking', actions: 'clearError' } } },
    ready: { on: { SEND_CODE: { target: 'sending', actions: 'clearError' } } },
    sending: smsCheck.sending({ sent: 'codeSent', idle: 'ready' }),
    codeSent: smsCheck.sent({ checking: 'verifying', sending: '#accountChange.sending' }),
    verifying: smsCheck.checking({ passed: 'details', back: 'codeSent.back' }),
    details: {
      on: {
        SUBMIT_DETAILS: {
          target: 'confirming',
          actions: [assign({ details: ({ event }) => event.details }), 'clearError'],
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'changing', actions: 'clearError' },
        EDIT: { target: 'details', actions: 'clearError' },
      },
    },
    changing: {
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => ({ services: context.services, details: context.details as ChangeLegalAccountRequest }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          // The passed check expired or was used: start the verification again.
          {
            guard: 'verificationLost',
            target: 'ready',
            actions: assign({ error: ({ event }) => flowError(event.error) }),
          },
          { target: 'details', actions: assign({ error: ({ event }) => flowError(event.error) }) },
        ],
      },
    },
    done: { type: 'final' },
  },
});
