import { assign, fromPromise, setup } from 'xstate';
import type { CancelJudgement, VerificationPassed } from '@contract/io/account';
import { flowError } from './flowErrors';
import * as smsCheck from './verification';

/** What the cancellation flow asks of the world; the page hands in the gateway calls. */
export interface CancelServices extends smsCheck.Services {
  judge(signal: AbortSignal): Promise<CancelJudgement>;
  checkPicture(input: { randName: string; code: string }, signal: AbortSignal): Promise<VerificationPassed>;
  cancel(signal: AbortSignal): Promise<null>;
  /** A fresh random name for the next captcha picture. */
  newRandName(): string;
  /** Leaves for the login page once the account is gone. */
  goToLogin(): void;
}

export interface CancelContext extends smsCheck.Context {
  services: CancelServices;
  reasons: string[];
  randName: string;
}

export type CancelEvent =
  | { type: 'RETRY' }
  | { type: 'REFRESH_PICTURE' }
  | { type: 'SUBMIT_PICTURE'; code: string }
  | { type: 'USE_SMS' }
  | { type: 'USE_PICTURE' }
  | { type: 'SEND_CODE' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'CONFIRM' }
  | { type: 'BACK' };

/**
 * Cancelling the corporate account: may it be cancelled (judgeCancleLegal) -> picture check or SMS
 * check -> final confirmation -> cancleAccount -> the login page. The gateway enforces every rule;
 * this machine only orders the steps and keeps what the page shows.
 */
export const accountCancelMachine = setup({
  types: {
    context: {} as CancelContext,
    events: {} as CancelEvent,
    input: {} as { services: CancelServices },
  },
  actors: {
    judge: fromPromise<CancelJudgement, { services: CancelServices }>(({ input, signal }) =>
      input.services.judge(signal),
    ),
    checkPicture: fromPromise<VerificationPassed, { services: CancelServices; randName: string; code: string }>(
      ({ input, signal }) => input.services.checkPicture({ randName: input.randName, code: input.code }, signal),
    ),
    ...smsCheck.actors,
    cancel: fromPromise<null, { services: CancelServices }>(({ input, signal }) => input.services.cancel(signal)),
  },
  actions: {
    clearError: assign({ error: null }),
    showError: assign(smsCheck.updates.showError),
    codeSent: assign(smsCheck.updates.codeSent),
    tooSoon: assign(smsCheck.updates.tooSoon),
    newPicture: assign({ randName: ({ context }) => context.services.newRandName() }),
    goToLogin: ({ context }) => context.services.goToLogin(),
  },
  guards: {
    ...smsCheck.guards,
    cancellable: ({ event }) => (event as unknown as { output: CancelJudgement }).output.cancellable,
  },
  delays: smsCheck.delays,
}).createMachine({
  id: 'accountCancel',
  context: ({ input }) => ({
    services: input.services,
    reasons: [],
    randName: '',
    phoneMasked: '',
    sentAt: 0,
    resendSeconds: 60,
    error: null,
  }),
  initial: 'judging',
  states: {
    judging: {
      invoke: {
        id: 'judge',
        src: 'judge',
        input: ({ context }) => ({ services: context.services }),
        onDone: [
          { guard: 'cancellable', target: 'picture', actions: ['newPicture', assign({ reasons: [] })] },
          { target: 'refused', actions: assign({ reasons: ({ event }) => event.output.reasons }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => flowError(event.error) }) },
      },
    },
    refused: { on: { RETRY: { target: 'judging', actions: 'clearError' } } },
    failed: { on: { RETRY: { target: 'judging', actions: 'clearError' } } },
    picture: {
      on: {
        REFRESH_PICTURE: { actions: ['newPicture', 'clearError'] },
        SUBMIT_PICTURE: { target: 'checkingPicture', actions: 'clearError' },
        USE_SMS: { target: 'sms', actions: 'clearError' },
      },
    },
    checkingPicture: {
      invoke: {
        id: 'checkPicture',
        src: 'checkPicture',
        input: ({ context, event }) => ({
          services: context.services,
          randName: context.randName,
          code: (event as { code: string }).code,
        }),
        onDone: { target: 'confirming' },
        // A picture is used up by a wrong answer soon enough: always draw a new one.
        onError: {
          target: 'picture',
          actions: [assign({ error: ({ event }) => flowError(event.error) }), 'newPicture'],
        },
      },
    },
    sms: {
      initial: 'idle',
      on: { USE_PICTURE: { target: 'picture', actions: ['newPicture', 'clearError'] } },
      states: {
        idle: { on: { SEND_CODE: { target: 'sending', actions: 'clearError' } } },
        sending: smsCheck.sending({ sent: 'sent', idle: 'idle' }),
        sent: smsCheck.sent({ checking: 'checking', sending: '#accountCancel.sms.sending' }),
        checking: smsCheck.checking({ passed: '#accountCancel.confirming', back: 'sent.back' }),
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'cancelling', actions: 'clearError' },
        BACK: { target: 'picture', actions: ['newPicture', 'clearError'] },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancel',
        src: 'cancel',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'done' },
        // The gateway refused (the check expired, something is in force again): verify anew.
        onError: {
          target: 'picture',
          actions: [assign({ error: ({ event }) => flowError(event.error) }), 'newPicture'],
        },
      },
    },
    done: { type: 'final', entry: 'goToLogin' },
  },
});
