/**
 * Drives model paths through a rendered flow page: user events become clicks and typing, call
 * outcomes settle the deferred services, the resend delay advances a simulated clock. After every
 * step the page must show the path's state (its data-state attribute) and pass the state's checks.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { SimulatedClock, type EventObject } from 'xstate';
import { createStore } from '@client/app/store';
import type { FlowActorOptions } from '@client/features/account/components';
import { Calls, type Step } from './modelPaths';

export type UserActions = Record<string, (event: EventObject) => unknown>;

const flat = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${flat(v)}`)
        .join('|');

export async function drivePath(options: {
  steps: Step[];
  testId: string;
  renderFlow: (calls: Calls, actorOptions: FlowActorOptions) => ReactElement;
  inspect: FlowActorOptions['inspect'];
  user: UserActions;
  assertState?: (state: string) => void;
}) {
  const calls = new Calls();
  const clock = new SimulatedClock();
  const { store } = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter>{options.renderFlow(calls, { clock: clock as never, inspect: options.inspect })}</MemoryRouter>
    </Provider>,
  );
  const shown = () => flat(JSON.parse(screen.getByTestId(options.testId).getAttribute('data-state') ?? '""'));
  const describe = options.steps.map((s) => s.event.type).join(' > ');
  try {
    for (const step of options.steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      const settle = async (id: string, how: 'resolve' | 'reject') => {
        await waitFor(() => expect(calls.pending.has(id)).toBe(true));
        const d = calls.pending.get(id)!;
        calls.pending.delete(id);
        await act(async () => {
          if (how === 'resolve') d.resolve(event.output);
          else d.reject(event.error);
        });
      };
      if (event.type.startsWith('xstate.done.actor.')) await settle(event.type.slice(18), 'resolve');
      else if (event.type.startsWith('xstate.error.actor.')) await settle(event.type.slice(19), 'reject');
      else if (event.type.startsWith('xstate.after.')) await act(async () => clock.increment(10 * 60_000));
      else if (event.type !== 'xstate.init') {
        const action = options.user[event.type];
        if (!action) throw new Error(`no user action for ${event.type}`);
        await act(async () => {
          await action(event);
        });
      }
      const expected = flat(step.state.value);
      await waitFor(() => expect({ path: describe, state: shown() }).toEqual({ path: describe, state: expected }));
      options.assertState?.(expected);
    }
  } finally {
    cleanup();
  }
}

/** Fills a labelled field and submits its form with the named button. */
export function fillAndSubmit(label: string, value: string, button: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}
