import { assign, fromPromise, setup } from 'xstate';
import type { ChangeLegalAccountRequest } from '../../../contract/io/account.requests';
import type { LegalChangeCheck, LegalInfo, SmsSent, VerificationPassed } from '../../../contract/io/account';
import { flowError, type FlowError } from './flowErrors';

/** What the change flow asks of the world; the page hands in the gateway calls. */
export interface ChangeServices {
  check(signal: AbortSignal): Promise<LegalChangeCheck>;
  sendCode(signal: AbortSignal): Promise<SmsSent>;
  checkCode(input: { code: string }, signal: AbortSignal): Promise<VerificationPassed>;
  change(input: ChangeLegalAccountRequest, signal: AbortSignal): Promise<LegalInfo>;
}

export interface ChangeContext {
  services: ChangeServices;
  phoneMasked: string;
  sentAt: number;
  resendSeconds: number;
  details: ChangeLegalAccountRequest | null;
  result: LegalInfo | null;
  error: FlowError | null;
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
    sendCode: fromPromise<SmsSent, { services: ChangeServices }>(({ input, signal }) =>
      input.services.sendCode(signal),
    ),
    checkCode: fromPromise<VerificationPassed, { services: ChangeServices; code: string }>(({ input, signal }) =>
      input.services.checkCode({ code: input.code }, signal),
    ),
    change: fromPromise<LegalInfo, { services: ChangeServices; details: ChangeLegalAccountRequest }>(
      ({ input, signal }) => input.services.change(input.details, signal),
    ),
  },
  actions: {
    clearError: assign({ error: null }),
  },
  guards: {
    mustWait: ({ event }) =>
      typeof flowError((event as unknown as { error: unknown }).error).resendInSeconds === 'number',
    verificationLost: ({ event }) => verificationLost((event as unknown as { error: unknown }).error),
  },
  delays: {
    resendDelay: ({ context }) => Math.max(0, context.sentAt + context.resendSeconds * 1000 - Date.now()),
  },
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
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ services: context.services }),
        onDone: {
          target: 'codeSent',
          actions: assign({
            phoneMasked: ({ event }) => event.output.phoneMasked,
            resendSeconds: ({ event }) => event.output.resendInSeconds,
            sentAt: () => Date.now(),
          }),
        },
        onError: [
          {
            guard: 'mustWait',
            target: 'codeSent',
            actions: assign({
              error: ({ event }) => flowError(event.error),
              resendSeconds: ({ event }) => flowError(event.error).resendInSeconds ?? 60,
              sentAt: () => Date.now(),
            }),
          },
          { target: 'ready', actions: assign({ error: ({ event }) => flowError(event.error) }) },
        ],
      },
    },
    codeSent: {
      initial: 'cooling',
      on: { SUBMIT_CODE: { target: 'verifying', actions: 'clearError' } },
      states: {
        cooling: { after: { resendDelay: 'canResend' } },
        canResend: { on: { SEND_CODE: { target: '#accountChange.sending', actions: 'clearError' } } },
        back: { type: 'history' },
      },
    },
    verifying: {
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ context, event }) => ({ services: context.services, code: (event as { code: string }).code }),
        onDone: { target: 'details' },
        onError: { target: 'codeSent.back', actions: assign({ error: ({ event }) => flowError(event.error) }) },
      },
    },
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
