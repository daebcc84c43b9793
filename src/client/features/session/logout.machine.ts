import { fromPromise, setup } from 'xstate';

/**
 * Logging out (docs/SPEC.md §4): confirm -> call logout -> 'You have logged out.' -> identity-provider login
 * page. Cancel leaves everything as it was; a failed call says so and the user stays logged in.
 * The component provides the call (`logout`) and signs out when the machine is done.
 */
export const logoutMachine = setup({
  types: {
    events: {} as { type: 'OPEN' } | { type: 'CONFIRM' } | { type: 'CANCEL' },
  },
  actors: {
    logout: fromPromise<unknown, void>(async () => {
      throw new Error('logout actor not provided');
    }),
  },
}).createMachine({
  id: 'logout',
  initial: 'idle',
  states: {
    idle: { on: { OPEN: 'confirming' } },
    confirming: { on: { CONFIRM: 'calling', CANCEL: 'idle' } },
    calling: { invoke: { id: 'logout', src: 'logout', onDone: 'done', onError: 'failed' } },
    failed: { on: { CONFIRM: 'calling', CANCEL: 'idle' } },
    done: { type: 'final' },
  },
});
