/**
 * Model tests of the two session machines (logging out, closing the privacy authorisation) at the
 * machine level: every shortest path, one path per transition and every complete journey, driven
 * through a live actor whose call the path answers (done, refused, timed out), with the state and the
 * call checked at each step, and every declared state and transition covered.
 */
import type { AnyStateMachine } from 'xstate';
import { closeAuthMachine } from '@client/features/session/closeAuth.machine';
import { logoutMachine } from '@client/features/session/logout.machine';
import { printCoverage, runModel } from './support/modelPaths';

const flows: Array<{ name: string; machine: AnyStateMachine; call: string; busy: string; end: string }> = [
  { name: 'logout', machine: logoutMachine, call: 'logout', busy: 'calling', end: 'done' },
  { name: 'closeAuth', machine: closeAuthMachine, call: 'closeAuthorisation', busy: 'closing', end: 'loggedOut' },
];

describe.each(flows)('the $name machine, path by path', ({ name, machine, call, busy, end }) => {
  it('walks every path, checking the state, the context and the calls at each step', async () => {
    const coverage = await runModel({
      machine,
      events: [
        { type: 'OPEN' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: `xstate.done.actor.${call}`, output: null },
        { type: `xstate.error.actor.${call}`, error: { kind: 'status', status: 'ERR_0003', statusText: 'refused' } },
        { type: `xstate.error.actor.${call}`, error: { kind: 'timeout' } },
      ],
      input: () => undefined,
      live: (calls) => machine.provide({ actors: { [call]: calls.actor() } }),
      assertStep({ state, event, context, calls }) {
        // these machines keep nothing: what they say is their state
        expect(context).toEqual({});
        const expected: Record<string, string> = {
          'xstate.init': 'idle',
          OPEN: 'confirming',
          CANCEL: 'idle',
          CONFIRM: busy,
          [`xstate.done.actor.${call}`]: end,
          [`xstate.error.actor.${call}`]: 'failed',
        };
        expect(state).toBe(expected[event.type]);
        // the one call, made on each confirmation and pending exactly while the machine waits for it
        expect(calls.made.every((id) => id === call)).toBe(true);
        if (state === busy) expect([...calls.pending.keys()]).toEqual([call]);
        else expect(calls.pending.size).toBe(0);
      },
    });
    printCoverage(name, coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
