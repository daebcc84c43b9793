import { fromPromise, setup } from 'xstate';

/**
 * Closing the privacy authorisation (docs/SPEC.md §4): confirm -> call close-authorisation -> on success
 * the user is logged out and sent to the login page. Cancel leaves everything as it was; a failed
 * call says so and the user stays logged in with the authorisation unchanged.
 */
export const closeAuthMachine = setup({
  types: {
    events: {} as { type: 'OPEN' } | { type: 'CONFIRM' } | { type: 'CANCEL' },
  },
  actors: {
    closeAuthorisation: fromPromise<unknown, void>(async () => {
      throw new Error('closeAuthorisation actor not provided');
    }),
  },
}).createMachine({
  id: 'closeAuth',
  initial: 'idle',
  states: {
    idle: { on: { OPEN: 'confirming' } },
    confirming: { on: { CONFIRM: 'closing', CANCEL: 'idle' } },
    closing: {
      invoke: { id: 'closeAuthorisation', src: 'closeAuthorisation', onDone: 'loggedOut', onError: 'failed' },
    },
    failed: { on: { CONFIRM: 'closing', CANCEL: 'idle' } },
    loggedOut: { type: 'final' },
  },
});
