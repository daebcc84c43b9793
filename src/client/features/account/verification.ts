import { fromPromise, type AnyEventObject, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { SmsSent, VerificationPassed } from '@contract/io/account';
import { flowError, type FlowError } from './flowErrors';

/**
 * The SMS check both corporate-account flows (cancellation, change of administrator) go through:
 * a code sent to the administrator's phone, a new one only after the gateway's cooldown, the code
 * checked by the gateway. Each machine keeps its own state names and says where the steps lead;
 * the steps themselves, their actors, guard, delay and context updates are these
 * (`import * as smsCheck from './verification'`).
 */
export interface Services {
  sendCode(signal: AbortSignal): Promise<SmsSent>;
  checkCode(input: { code: string }, signal: AbortSignal): Promise<VerificationPassed>;
}

export interface Context {
  services: Services;
  phoneMasked: string;
  /** When the current SMS code was sent (ms), for the countdown the page shows. */
  sentAt: number;
  resendSeconds: number;
  error: FlowError | null;
}

const errorOf = (event: AnyEventObject) => flowError((event as ErrorActorEvent).error);

export const actors = {
  sendCode: fromPromise<SmsSent, { services: Services }>(({ input, signal }) => input.services.sendCode(signal)),
  checkCode: fromPromise<VerificationPassed, { services: Services; code: string }>(({ input, signal }) =>
    input.services.checkCode({ code: input.code }, signal),
  ),
};

export const guards = {
  /** Asked too soon: the gateway says how long to wait, and the earlier code still works. */
  mustWait: ({ event }: { event: AnyEventObject }) => typeof errorOf(event).resendInSeconds === 'number',
};

export const delays = {
  /** The gateway's resend cooldown, as it answered it. */
  resendDelay: ({ context }: { context: Context }) =>
    Math.max(0, context.sentAt + context.resendSeconds * 1000 - Date.now()),
};

/**
 * What the steps write into the context, for each machine's `assign` (its own context type):
 * `showError` the gateway's refusal in the page's words, `codeSent` the code that went out,
 * `tooSoon` a request made too soon (the error and the gateway's remaining cooldown).
 */
export const updates = {
  showError: { error: ({ event }: { event: AnyEventObject }) => errorOf(event) },
  codeSent: {
    phoneMasked: ({ event }: { event: AnyEventObject }) => (event as DoneActorEvent<SmsSent>).output.phoneMasked,
    resendSeconds: ({ event }: { event: AnyEventObject }) => (event as DoneActorEvent<SmsSent>).output.resendInSeconds,
    sentAt: () => Date.now(),
  },
  tooSoon: {
    error: ({ event }: { event: AnyEventObject }) => errorOf(event),
    resendSeconds: ({ event }: { event: AnyEventObject }) => errorOf(event).resendInSeconds ?? 60,
    sentAt: () => Date.now(),
  },
};

/** Sending a code; `sent` and `idle` are the machine's names for the steps after it. */
export const sending = <const T extends { sent: string; idle: string }>(to: T) =>
  ({
    invoke: {
      id: 'sendCode',
      src: 'sendCode',
      input: ({ context }: { context: Context }) => ({ services: context.services }),
      onDone: { target: to.sent, actions: 'codeSent' },
      onError: [
        { guard: 'mustWait', target: to.sent, actions: 'tooSoon' },
        { target: to.idle, actions: 'showError' },
      ],
    },
  }) as const;

/** A code is out: it may be submitted now, and another asked for once the cooldown is over. */
export const sent = <const T extends { checking: string; sending: string }>(to: T) =>
  ({
    initial: 'cooling',
    on: { SUBMIT_CODE: { target: to.checking, actions: 'clearError' } },
    states: {
      cooling: { after: { resendDelay: 'canResend' } },
      canResend: { on: { SEND_CODE: { target: to.sending, actions: 'clearError' } } },
      back: { type: 'history' },
    },
  }) as const;

/** The gateway checks the code; a wrong one goes back to where the sent step was. */
export const checking = <const T extends { passed: string; back: string }>(to: T) =>
  ({
    invoke: {
      id: 'checkCode',
      src: 'checkCode',
      input: ({ context, event }: { context: Context; event: { type: string; code?: string } }) => ({
        services: context.services,
        code: (event as { code: string }).code,
      }),
      onDone: { target: to.passed },
      onError: { target: to.back, actions: 'showError' },
    },
  }) as const;
