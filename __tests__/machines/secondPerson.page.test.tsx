/**
 * Model-based test of two-person approval in the correction flow (docs/roles.md): the preparer
 * (corp-hr, with the company's setting on) and the second person (corp-approver) take turns on the same
 * correction through the real pages against a real gateway. A model of who is at the page and what they
 * see is traversed with xstate's graph utilities; its complete paths (every state and transition) are
 * driven by clicks and typing, each person logged in as themselves. After every step the page must be in
 * the correction machine's state for it and show what it means: the draft's person, the premium, the
 * preparer's "a second person sends it" without Submit, the reason of a return, Submit for the second
 * person, Pay and the end.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { assign, setup } from 'xstate';
import { getAdjacencyMap, getSimplePaths } from 'xstate/graph';
import { correctionMessages } from '@client/features/correction/messages';
import { renderPortal, startClientGateway, type ClientGateway, type RenderedPortal } from '../client/support/portal';
import { buttonAppears, buttonsNamed, call, cashier, makePolicy, newPerson } from '../client/correction/support';
import { withViewport } from '../client/support/viewport';
import { addApprover, type TestPolicy } from '../support/factories';

const m = correctionMessages['en-US'];
const REASON = 'Check the start date first, please';

interface ModelContext {
  /** Returned once by the second person: the preparer sees why until it is sent. */
  returned: boolean;
}
type ModelEvent =
  | { type: 'CHECK' }
  | { type: 'CONFIRM' }
  | { type: 'SECOND_OPENS' }
  | { type: 'RETURN' }
  | { type: 'PREPARER_OPENS' }
  | { type: 'SUBMIT' }
  | { type: 'PAY' }
  | { type: 'CASHIER_PAY' };

/** Who is at the page and what they can do there. */
const model = setup({ types: {} as { context: ModelContext; events: ModelEvent } }).createMachine({
  id: 'secondPersonModel',
  context: { returned: false },
  initial: 'preparing',
  states: {
    /** The preparer's draft, one person in it. */
    preparing: { on: { CHECK: 'preparerPreview' } },
    preparerPreview: { on: { CONFIRM: 'preparerWaiting' } },
    /** Ready; the preparer finds no Submit: a second person sends it. */
    preparerWaiting: { on: { SECOND_OPENS: 'secondPreview' } },
    /** The second person opens it from the home page's queue, at its premium. */
    secondPreview: {
      on: {
        CONFIRM: 'secondChoosing',
        // once: a correction returned and prepared again is sent
        RETURN: {
          guard: ({ context }) => !context.returned,
          target: 'returned',
          actions: assign({ returned: true }),
        },
      },
    },
    /** Returned from Correction records with why. */
    returned: { on: { PREPARER_OPENS: 'preparing' } },
    secondChoosing: { on: { SUBMIT: 'approved' } },
    approved: { on: { PAY: 'paying' } },
    paying: { on: { CASHIER_PAY: 'done' } },
    done: { type: 'final' },
  },
});

const EVENTS: ModelEvent[] = [
  'CHECK',
  'CONFIRM',
  'SECOND_OPENS',
  'RETURN',
  'PREPARER_OPENS',
  'SUBMIT',
  'PAY',
  'CASHIER_PAY',
].map((type) => ({ type }) as ModelEvent);
type Snap = { value: unknown; context: ModelContext; status?: string };
type Step = { state: Snap; event: ModelEvent };
const keyOf = (s: Snap) => `${String(s.value)}${s.context.returned ? '[returned]' : ''}`;
const traversal = { events: EVENTS, serializeState: ((s: Snap) => keyOf(s)) as never };

/** The model's states and transitions, and its complete paths (to the end). */
function graph() {
  const map = getAdjacencyMap(model, traversal) as unknown as Record<
    string,
    { state: Snap; transitions: Record<string, { event: ModelEvent; state: Snap }> }
  >;
  const all = new Set<string>();
  for (const node of Object.values(map)) {
    all.add(keyOf(node.state));
    for (const t of Object.values(node.transitions))
      if (keyOf(t.state) !== keyOf(node.state)) all.add(`${keyOf(node.state)} --${t.event.type}--> ${keyOf(t.state)}`);
  }
  const paths = getSimplePaths(model, traversal)
    .filter((p) => (p.state as Snap).status === 'done')
    .map((p) => p.steps as unknown as Step[]);
  return { all, paths };
}
const visits = (steps: Step[]) => [
  ...steps.map((s) => keyOf(s.state)),
  ...steps.slice(1).map((s, i) => `${keyOf(steps[i].state)} --${s.event.type}--> ${keyOf(s.state)}`),
];

/** The correction machine's state each model state must show. */
const MACHINE_STATE: Record<string, RegExp> = {
  preparing: /^editing\.idle$/,
  preparerPreview: /^preview$/,
  preparerWaiting: /^scenario\.waiting$/,
  secondPreview: /^preview$/,
  returned: /^editing\.idle$/,
  secondChoosing: /^scenario\.choosing$/,
  approved: /^approved$/,
  paying: /^payment\.watching\.(waiting|checking)$/,
  done: /^done$/,
};

// Each path logs two people in and out and renders the pages again: longer than a one-person path, 12 s
// alone on two cores and 30 s with `npm run model` running beside it, within the page tests' 60 s
// (jest/setupClient.ts).
withViewport(1440);

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
  await addApprover(gw);
  await gw.login('corp-hr');
  await call(gw, 'blocLegal/users/updateSettings', { twoPersonApproval: 1 });
});
afterAll(() => gw.close());

const { all, paths } = graph();
const label = (steps: Step[]) =>
  steps
    .slice(1)
    .map((s) => s.event.type)
    .join(' > ');
const flowState = () => screen.getByTestId('correction-flow').getAttribute('data-state') ?? '';

describe('two-person approval through the pages, path by path of its model', () => {
  it('the complete paths cover every state and transition of the model', () => {
    expect(new Set(paths.flatMap(visits))).toEqual(all);
    expect(paths.length).toBeGreaterThanOrEqual(2);
  });

  it.each(paths.map((steps, index) => ({ steps, index, events: label(steps) })))(
    'path $index: $events',
    async ({ steps }) => {
      const policy: TestPolicy = await makePolicy(gw, { roster: 'employee', members: 3 });
      const cashierWindow = { opener: null, closed: false, location: { href: '' }, close: () => undefined };
      window.open = (() => cashierWindow) as unknown as typeof window.open;
      let portal: RenderedPortal | null = null;
      const as = async (user: string, path: string) => {
        portal?.unmount();
        gw.forget();
        await gw.login(user);
        portal = await renderPortal(path);
      };
      // the preparer's draft: Wang Fang added through the gateway as the page would
      await as('corp-hr', `/legal/employeeCorrection?policyNo=${policy.policyNo}`);
      await buttonAppears('Start').then((b) => fireEvent.click(b));
      await waitFor(() => expect(flowState()).toBe('editing.idle'), { timeout: 15_000 });
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Wang Fang' } });
      fireEvent.change(screen.getByLabelText('ID number'), { target: { value: newPerson(policy.region, 1).idNumber } });
      fireEvent.click(await buttonAppears('Add to the correction'));
      await waitFor(() => expect(screen.getByTestId('added-note')).toBeInTheDocument());
      const correctionId = () => Number(new URLSearchParams(window.location.search).get('correctionId'));
      await waitFor(() => expect(correctionId()).toBeGreaterThan(0));
      const id = correctionId();
      const flowPath = `/legal/employeeCorrection?policyNo=${policy.policyNo}&correctionId=${id}`;
      let net = '';
      try {
        for (const step of steps) {
          const e = step.event;
          const value = String(step.state.value);
          const { returned } = step.state.context;
          const click = async (name: string) => fireEvent.click(await buttonAppears(name));
          switch (e.type) {
            case 'CHECK':
              await click('Check and calculate the premium');
              break;
            case 'CONFIRM':
              await click('Continue');
              break;
            case 'SECOND_OPENS': {
              await as('corp-approver', '/legal/index');
              const queue = await screen.findByTestId('second-person-queue');
              const row = (await within(queue).findByText(/prepared by 王晓梅/)).closest('li') as HTMLElement;
              fireEvent.click(within(row).getByRole('button', { name: m.queueSend }));
              break;
            }
            case 'RETURN': {
              await as('corp-approver', `/legal/correctRecord?detail=${id}`);
              const detail = await screen.findByTestId('record-detail');
              fireEvent.click(await within(detail).findByRole('button', { name: m.returnToPreparer }));
              const dialog = (await screen.findByText(/^Return .+ to its preparer$/)).closest(
                '.ant-modal',
              ) as HTMLElement;
              fireEvent.change(within(dialog).getByLabelText(m.returnReason), { target: { value: REASON } });
              fireEvent.click(within(dialog).getByRole('button', { name: m.returnSend }));
              await screen.findByText(/is returned to its preparer\.$/);
              break;
            }
            case 'PREPARER_OPENS':
              await as('corp-hr', flowPath);
              break;
            case 'SUBMIT':
              await click('Submit for business approval');
              await screen.findByTestId('change-summary');
              await click('Submit');
              break;
            case 'PAY':
              await click(`Pay ${net}`);
              break;
            case 'CASHIER_PAY':
              await cashier(gw, new URL(cashierWindow.location.href).pathname, 'pay');
              break;
          }
          if (value === 'returned') {
            // the returning person's page said it; the preparer's page shows it when they open it
            continue;
          }
          await waitFor(() => expect(flowState()).toMatch(MACHINE_STATE[value]), { timeout: 15_000 });

          // ---- what the page shows in this state
          const note = screen.queryByTestId('returned-note');
          if (['preparing', 'preparerPreview', 'preparerWaiting', 'secondPreview', 'secondChoosing'].includes(value)) {
            if (returned) expect(note).toHaveTextContent(new RegExp(`^Returned by 赵磊 on .+: ${REASON}$`));
            else expect(note).toBeNull();
          }
          if (value === 'preparing') {
            expect(within(screen.getByTestId('draft-items')).getByText('Wang Fang')).toBeInTheDocument();
          } else if (value === 'preparerPreview' || value === 'secondPreview') {
            const shown = screen.getByTestId('net-amount').textContent ?? '';
            expect(shown).toMatch(/^¥[\d,]+\.\d{2}$/);
            // the second person reads the premium the preparer read
            if (net) expect(shown).toBe(net);
            net = shown;
            expect(within(screen.getByTestId('draft-items')).getByText('Wang Fang')).toBeInTheDocument();
          } else if (value === 'preparerWaiting') {
            expect(screen.getByTestId('waits-for-second-person')).toHaveTextContent(m.waitsForSecondPerson);
            expect(buttonsNamed('Submit for business approval')).toHaveLength(0);
            expect(screen.getByTestId('pay-bar')).toHaveTextContent(net);
          } else if (value === 'secondChoosing') {
            expect(buttonsNamed('Submit for business approval')).toHaveLength(1);
            expect(screen.queryByTestId('waits-for-second-person')).toBeNull();
            expect(screen.getByTestId('top-bar')).toHaveTextContent('赵磊');
          } else if (value === 'approved') {
            expect(buttonsNamed(`Pay ${net}`)).toHaveLength(1);
          } else if (value === 'paying') {
            expect(screen.getByTestId('pay-amount')).toHaveTextContent(net);
          } else if (value === 'done') {
            expect(screen.getByTestId('flow-done')).toHaveTextContent('The correction is in force');
            // sent and paid by the second person, the reason gone
            expect(screen.queryByTestId('returned-note')).toBeNull();
          }
        }
      } finally {
        (portal as RenderedPortal | null)?.unmount();
      }
    },
  );
});
