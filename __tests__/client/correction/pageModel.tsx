/**
 * Drives the correction machines' model (see __tests__/machines/correctionModel.ts) through the
 * rendered page: a small covering set of the model's paths (greedy over its shortest, transition and
 * simple paths: each next path is the one adding the most unvisited states and transitions per step,
 * within a step budget), user events as clicks and typing on the page wherever the page offers them,
 * promise outcomes scripted, the page's own queries (policy list, roster) answered by a real gateway.
 * After every step the page must show the model's state and that state's screen. The states and
 * transitions visited through the page are printed and held to a floor.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createStore } from '../../../src/client/app/store';
import { CorrectionFlow } from '../../../src/client/features/correction/components/CorrectionFlow';
import type { FlowContext } from '../../../src/client/features/correction/correctionFlow';
import { statePath } from '../../../src/client/features/correction/format';
import { Coverage, greedyCover, modelPaths, replay, scriptedActors } from '../../machines/correctionModel';
import { startClientGateway, type ClientGateway } from '../support/portal';
import { buttonAppears, buttonsNamed, makePolicy } from './support';

// The waits are long enough for the page to show a waiting state before its timer moves on.
const INPUT = { pollBaseMs: 400, pollMaxMs: 400, pollLimitMs: 60_000, pendingPollMs: 400 };

/** The page's way of sending each user event, tried in order; null: the page sends it by itself. */
const BUTTONS: Record<string, string[]> = {
  START: ['Start'],
  RESUME: ['Continue the unfinished correction'],
  CHECK: ['Check and calculate the premium'],
  CONFIRM: ['Continue'],
  SUBMIT: ['Submit for business approval'],
  PAY: ['Pay now', 'Get a new payment link'],
  OPEN_CASHIER: ['Open the cashier', 'Open the cashier again'],
  CHECK_AGAIN: ['Check again'],
  REFRESH: ['Check now'],
  RETRY: ['Try again', 'Get a new payment link'],
  BACK: ['Back', 'Change the correction'],
  DISMISS: ['Close'],
  SAVE_LATER: ['Save for later'],
  CANCEL: ['Cancel the correction'],
};

function enabledButton(names: string[]): HTMLElement | null {
  for (const name of names) {
    const found = buttonsNamed(name);
    if (found.length) return found[0];
  }
  return null;
}

/** Clicks or types what a person would; answers false when the page offers no way (sent directly). */
async function onPage(event: EventObject, ctx: FlowContext): Promise<boolean> {
  if (event.type === 'EDIT') {
    const form = screen.queryByTestId('person-form');
    if (!form) return false;
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Wang Fang' } });
    fireEvent.change(within(form).getByLabelText('ID number'), { target: { value: '11010519491231002X' } });
    const add = within(form).getByRole('button', { name: 'Add to the correction' });
    if ((add as HTMLButtonElement).disabled) return false;
    fireEvent.click(add);
    return true;
  }
  if (event.type === 'SET_DATE') {
    const input = screen.queryByLabelText('Effective date');
    if (!input || (input as HTMLInputElement).disabled) return false;
    fireEvent.change(input, { target: { value: '2026-12-02' } });
    return true;
  }
  if (event.type === 'CHANGE_PAY_TYPE') {
    const payType = (event as unknown as { payType: string }).payType;
    if ((ctx.payType ?? 'online') === payType) return false;
    const radio = screen.queryByLabelText(payType === 'transfer' ? 'Bank transfer' : 'Online (cashier)');
    if (!radio || (radio as HTMLInputElement).disabled) return false;
    fireEvent.click(radio);
    return true;
  }
  const names = BUTTONS[event.type];
  const button = names ? enabledButton(names) : null;
  if (!button) return false;
  fireEvent.click(button);
  if (event.type === 'CANCEL') fireEvent.click(await buttonAppears('Confirm'));
  return true;
}

/** What the page must show in each state. */
/** States their own timer leaves: by the time the page is looked at it may already show the next one. */
const TIMER_NEXT: Record<string, string> = {
  'payment.polling.waiting': 'payment.polling.checking',
  'pending.waiting': 'pending.checking',
};

function assertScreen(path: string, ctx: FlowContext) {
  const shown = screen.getByTestId('correction-flow').getAttribute('data-state');
  expect([path, TIMER_NEXT[path]]).toContain(shown);
  const has = (id: string) => expect(screen.getByTestId(id)).toBeInTheDocument();
  if (ctx.error && /failed$|Failed$/.test(path) && path !== 'payment.payFailed')
    expect(screen.getByTestId('flow-error')).toHaveAttribute('data-kind', ctx.error.kind);
  if (path === 'preview') expect(screen.getByTestId('net-amount')).toHaveTextContent('¥31.00');
  if (path === 'checking.problems')
    expect(
      within(screen.getByTestId('check-problems')).getByText('Wang Fang is already insured on the policy.'),
    ).toBeInTheDocument();
  if (path === 'approved') has('flow-approved');
  if (path === 'rejected')
    expect(within(screen.getByTestId('reject-reasons')).getAllByRole('listitem').length).toBeGreaterThan(0);
  if (path.startsWith('pending')) has('flow-pending');
  if (path === 'done') has('flow-done');
  if (path === 'saved') has('flow-saved');
  if (path === 'cancelled') has('flow-cancelled');
  if (path === 'payment.awaitingPay') expect(screen.getByTestId('pay-amount')).toHaveTextContent('¥31.00');
  if (path.startsWith('payment.polling')) has('pay-polling');
  if (path === 'payment.timedOut') has('pay-timed-out');
  if (path === 'payment.payFailed') has('pay-failed');
  if (path === 'payment.transfer') has('pay-transfer');
  if (path === 'editing.importRejected') has('dismiss-import');
  if (path.startsWith('editing')) has('pay-bar');
}

export interface PageModelOptions {
  name: string;
  machine: AnyStateMachine;
  flow: 'employee' | 'insured';
  /** The most model steps the chosen paths may take together (about half a second each in jsdom). */
  maxSteps: number;
  /** The page must visit at least this many of the machine's transitions (and every state). */
  transitionFloor: number;
}

/** A step in a test's name: user events as they are, promise outcomes as the actor (! when it fails), delays as ~name. */
const label = (type: string) =>
  type
    .replace(/^xstate\.done\.actor\./, '')
    .replace(/^xstate\.error\.actor\./, '!')
    .replace(/^xstate\.after\.(\w+)\..*$/, '~$1');

/** Declares the tests: one per chosen path, then the coverage check. */
export function describePageModel({ name, machine, flow, maxSteps, transitionFloor }: PageModelOptions) {
  let gw: ClientGateway;
  const consoleError = console.error;
  beforeAll(async () => {
    // Timers of the machine and of antd's animations update the page between steps (outside act), and
    // jsdom has no getComputedStyle for pseudo-elements: hundreds of renders would print megabytes.
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      const text = String(args[0]);
      if (
        /not wrapped in act|Not implemented: window.getComputedStyle/.test(text) ||
        /Not implemented/.test(String((args[0] as Error)?.message))
      )
        return;
      consoleError(...args);
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    gw = await startClientGateway();
    await gw.login('corp-hr');
    await makePolicy(gw, { roster: flow === 'insured' ? 'insured' : 'employee', members: 3 });
    window.open = (() => null) as typeof window.open;
  });
  afterAll(() => gw.close());

  describe(`${name} through the rendered page`, () => {
    const { shortest, transitions, simple } = modelPaths(machine, name, flow);
    const cover = greedyCover(machine, [...shortest, ...transitions, ...simple], { maxSteps });
    const paths = cover.chosen;
    const coverage = new Coverage(machine);
    const figures = { clicked: 0, direct: 0 };
    const directly: Record<string, number> = {};
    // One store for every path: the page's own queries (policy list, roster) are answered once by the gateway.
    const { store } = createStore();

    it.each(
      paths.map((path, index) => ({
        path,
        index,
        events: path.steps
          .slice(1)
          .map((s) => label(s.event.type))
          .join(' '),
      })),
    )(
      'path $index: $events',
      async ({ path }) => {
        const { actors, pending } = scriptedActors();
        let actor: AnyActorRef | null = null;
        // A path that opens an unfinished correction starts from its address, as a reload or a link does.
        const resumes = path.steps[1]?.event.type === 'RESUME';
        const view = render(
          <Provider store={store}>
            <ConfigProvider>
              <AntApp>
                <MemoryRouter initialEntries={[resumes ? `/${name}?correctionId=11` : `/${name}`]}>
                  <CorrectionFlow
                    flow={flow}
                    actors={actors}
                    input={INPUT}
                    onActor={(a) => (actor = a as AnyActorRef)}
                  />
                </MemoryRouter>
              </AntApp>
            </ConfigProvider>
          </Provider>,
        );
        await waitFor(() => expect(actor).not.toBeNull());
        const snapshot = () => (actor as AnyActorRef).getSnapshot() as AnyMachineSnapshot;
        try {
          await replay(
            // the page opened at the address has already left choosing.idle: the path starts at RESUME
            resumes ? { ...path, steps: path.steps.slice(1) } : path,
            {
              snapshot,
              timerNext: (state) => TIMER_NEXT[state],
              waitMs: 10_000,
              user: async (e) => {
                // the page's policy list must be there before Start can be pressed
                if (e.type === 'START') await buttonAppears('Start');
                let clicked = false;
                const from = statePath(snapshot().value);
                if (e.type === 'RESUME' && resumes && path.steps[1].event === e) {
                  clicked = true; // the page sent it from the address when it opened
                } else {
                  await act(async () => {
                    clicked = await onPage(e, snapshot().context as FlowContext);
                    if (!clicked) (actor as AnyActorRef).send(e);
                  });
                }
                figures[clicked ? 'clicked' : 'direct'] += 1;
                if (!clicked) {
                  const at = `${e.type} in ${from}`;
                  directly[at] = (directly[at] ?? 0) + 1;
                }
              },
              check: async (expected, live) => {
                await act(async () => undefined);
                assertScreen(expected, live.context as FlowContext);
              },
            },
            pending,
            coverage,
          );
          // the page took choosing -> restoring itself, from its address (replay starts after it)
          if (resumes) coverage.visit(path.steps[0].state, path.steps[1].event, path.steps[1].state);
        } finally {
          view.unmount();
        }
      },
      60_000,
    );

    it('visited every state and at least the floor of transitions through the page', () => {
      const r = coverage.report(
        `${name} (rendered page; ${paths.length} of ${shortest.length + transitions.length + simple.length} model paths chosen greedily, ${cover.steps} steps; ` +
          `the model says they cover states ${cover.states.size}/${cover.totalStates}, transitions ${cover.transitions.size}/${cover.totalTransitions}; ` +
          `user events done on the page ${figures.clicked}, sent to the machine directly ${figures.direct}: ${JSON.stringify(directly)})`,
      );

      if (r.missingTransitions.length)
        console.log(`${name}: transitions not taken through the page:\n  ${r.missingTransitions.join('\n  ')}`);
      expect(r.missingStates).toEqual([]);
      expect(r.transitions - r.missingTransitions.length).toBeGreaterThanOrEqual(transitionFloor);
      expect(figures.clicked).toBeGreaterThan(figures.direct);
    });
  });
}
