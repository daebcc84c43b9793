/**
 * Model-based tests of the two session flows (docs/SPEC.md §4): every shortest and every simple path of
 * the real machines (traversed with xstate/graph; the call's outcome is the invoke's done/error
 * event) is driven through the rendered control, with assertions per state, and the paths together
 * must visit every state and every transition.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { Provider } from 'react-redux';
import { getNextSnapshot, type AnyStateMachine } from 'xstate';
import { createStore } from '@client/app/store';
import { CloseAuthControl, LogoutControl } from '@client/features/session/components/SessionControls';
import { closeAuthMachine } from '@client/features/session/closeAuth.machine';
import { logoutMachine } from '@client/features/session/logout.machine';
import { loggedIn } from '@client/state/session';
import { recorders } from '../client/support/probe';

const rec = recorders();

interface Flow {
  name: string;
  machine: AnyStateMachine;
  actor: string;
  testId: string;
  Control: typeof LogoutControl;
  callKey: 'logout' | 'closeAuthorisation';
  confirmText: string;
  failedText: string;
  doneState: string;
  busyState: string;
  toast: string;
  /** What the login page is told, so that it says the toast's words again after the page load. */
  reason: string;
}

const flows: Flow[] = [
  {
    name: 'logout',
    machine: logoutMachine,
    actor: 'logout',
    testId: 'logout',
    Control: LogoutControl,
    callKey: 'logout',
    confirmText: 'You will need to log in again to use the Member Center.',
    failedText: 'Logging out did not succeed; you are still logged in. Please try again.',
    doneState: 'done',
    busyState: 'calling',
    toast: 'You have logged out.',
    reason: 'logout',
  },
  {
    name: 'close privacy authorisation',
    machine: closeAuthMachine,
    actor: 'closeAuthorisation',
    testId: 'close-auth',
    Control: CloseAuthControl,
    callKey: 'closeAuthorisation',
    confirmText:
      'The insurer will stop processing your personal information for online services, and you will be logged out. You can authorise again when you next log in.',
    failedText: 'The privacy authorisation could not be closed; nothing has changed. Please try again.',
    doneState: 'loggedOut',
    busyState: 'closing',
    toast: 'The privacy authorisation is closed.',
    reason: 'authClosed',
  },
];

const INFO = {
  nickName: '王晓梅 (HR)',
  showApp: 1,
  legalFlag: 1,
  userAnk: 2,
  userName: 'corp-hr',
  userId: 1,
  customerName: 'X',
  ssoId: 's',
  role: 'administrator' as const,
};

/** Every state and every transition (state + event type) the machine defines. */
function definition(machine: AnyStateMachine) {
  const states = Object.keys(machine.root.states);
  const transitions: string[] = [];
  for (const [name, node] of Object.entries(machine.root.states)) {
    for (const type of node.transitions.keys())
      transitions.push(`${name} --${type}--> ${String(node.transitions.get(type)![0].target?.[0]?.key)}`);
  }
  return { states: states.sort(), transitions: transitions.sort() };
}

describe.each(flows)('$name', (flow) => {
  const events = [
    { type: 'OPEN' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: `xstate.done.actor.${flow.actor}`, output: null },
    { type: `xstate.error.actor.${flow.actor}`, error: new Error('refused') },
  ];
  const options = { events: events as never[] };
  const shortest = getShortestPaths(flow.machine, options);
  const simple = getSimplePaths(flow.machine, options);
  // Transitions back into visited states (retry after a failure, cancel after a failure) are on no
  // simple path: each is covered by the shortest path to its source plus that one event.
  const transitionPaths = shortest.flatMap((p) => {
    const node = flow.machine.root.states[String(p.state.value)];
    return events
      .filter((e) => node.transitions.has(e.type))
      .map((e) => {
        const next = getNextSnapshot(flow.machine, p.state as never, e as never);
        return { ...p, state: next, steps: [...p.steps, { state: next, event: e }] };
      });
  });
  const paths = [
    ...shortest.map((p) => ({ kind: 'shortest', p })),
    ...simple.map((p) => ({ kind: 'simple', p })),
    ...transitionPaths.map((p) => ({ kind: 'transition', p })),
  ];
  const visitedStates = new Set<string>();
  const visitedTransitions = new Set<string>();

  afterAll(() => {
    const { states, transitions } = definition(flow.machine);

    console.log(
      `${flow.name}: ${shortest.length} shortest + ${simple.length} simple + ${transitionPaths.length} transition paths; states ${visitedStates.size}/${states.length}, transitions ${visitedTransitions.size}/${transitions.length}`,
    );
  });

  it.each(
    paths.map(({ kind, p }) => [
      `${kind}: ${
        p.steps
          .filter((s) => s.event.type !== 'xstate.init')
          .map((s) =>
            s.event.type.replace(/^xstate\.(done|error)\.actor\..*/, (_m: string, k: string) =>
              k === 'done' ? 'CALL_OK' : 'CALL_FAILED',
            ),
          )
          .join(' > ') || '(start)'
      } => ${JSON.stringify(p.state.value)}`,
      p,
    ]),
  )('%s', async (_title, path) => {
    rec.clear();
    window.localStorage.clear();
    const { store, persistor } = createStore();
    await act(async () => {
      await persistor.flush();
    });
    store.dispatch(loggedIn(INFO));
    const deferred: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
    const call = () => new Promise((resolve, reject) => deferred.push({ resolve, reject }));
    const { Control } = flow;
    render(
      <Provider store={store}>
        <Control persistor={persistor} calls={{ [flow.callKey]: call }} />
      </Provider>,
    );
    const button = () => screen.getByTestId(flow.testId);
    const assertState = async (value: string) => {
      expect(button()).toHaveAttribute('data-state', value);
      visitedStates.add(value);
      if (value === flow.doneState) {
        expect(rec.left).toEqual([`/idprovider/login?flag=legal&reason=${flow.reason}`]);
        expect(rec.toasts).toEqual([{ level: 'success', content: flow.toast, duration: 2 }]);
        expect(store.getState().session.status).toBe('loggedOut');
        expect(store.getState().gateway.queries).toEqual({});
        expect(window.localStorage.getItem('persist:mc-session')).toBeNull();
        return;
      }
      // Every other state: still logged in, nothing left the portal.
      expect(rec.left).toEqual([]);
      expect(store.getState().session.status).toBe('loggedIn');
      if (value === 'idle') expect(screen.queryByText(flow.failedText)).toBeNull();
      if (value === 'confirming') {
        expect(screen.getByText(flow.confirmText)).toBeInTheDocument();
        expect(screen.queryByText(flow.failedText)).toBeNull();
      }
      if (value === flow.busyState)
        expect(screen.getByRole('button', { name: /Confirm/ })).toHaveClass('ant-btn-loading');
      if (value === 'failed') {
        expect(screen.getByText(flow.failedText)).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      }
    };
    let from = 'idle';
    await assertState('idle');
    for (const step of path.steps) {
      const type = step.event.type;
      if (type === 'xstate.init') continue;
      await act(async () => {
        if (type === 'OPEN') fireEvent.click(button());
        else if (type === 'CONFIRM')
          fireEvent.click(screen.getByRole('button', { name: from === 'failed' ? 'Try again' : 'Confirm' }));
        else if (type === 'CANCEL') fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
        else if (type.startsWith('xstate.done.actor.')) deferred.at(-1)!.resolve(null);
        else if (type.startsWith('xstate.error.actor.')) deferred.at(-1)!.reject(new Error('refused'));
        await new Promise((r) => setTimeout(r, 0));
      });
      const to = String(step.state.value);
      visitedTransitions.add(`${from} --${type}--> ${to}`);
      await assertState(to);
      from = to;
    }
    cleanup();
  });

  it('visits every state and every transition', () => {
    const { states, transitions } = definition(flow.machine);
    expect([...visitedStates].sort()).toEqual(states);
    expect([...visitedTransitions].sort()).toEqual(transitions);
  });
});
