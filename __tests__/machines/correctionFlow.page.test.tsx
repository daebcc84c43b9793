/**
 * Model-based test of the correction flow (src/client/features/correction/correction.machine.ts)
 * through the real page against a real gateway. A model of what the HR user does and sees (who is in
 * the draft) is traversed with xstate's graph utilities; a covering set of its paths (every model state
 * and every model transition) is driven through the rendered portal by clicks and typing, the gateway
 * answering for real. After every step the page must be in the machine's state for it and show what
 * that state means: the draft's rows by name and their count, each line's premium and the totals
 * (formatFen), the messages after an add, the decision, the payment and the end.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatFen } from '@common/money';
import { renderPortal, startClientGateway, type ClientGateway } from '../client/support/portal';
import { buttonAppears, buttonsNamed, cashier, makePolicy, newPerson } from '../client/correction/support';
import { withViewport } from '../client/support/viewport';
import type { TestPolicy } from '../support/factories';
import {
  coveringPaths,
  JOURNEY,
  label,
  MACHINE_STATE,
  modelGraph,
  visits,
  type ModelEvent,
  type Who,
} from './support/correctionUserModel';

const flowState = () => screen.getByTestId('correction-flow').getAttribute('data-state') ?? '';
const namesIn = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('tbody tr.ant-table-row')).map(
    // the person's cell: the name, the masked ID number under it
    (tr) => tr.querySelectorAll('td')[1]?.firstElementChild?.textContent?.trim() ?? '',
  );
const fen = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, '')) * 100);

// A path is up to eleven steps through the whole page (two adds, two previews, a removal, submission,
// payment), each checked on screen: the longest took 9 s alone on two cores and 28 s with `npm run model`
// running beside it, within the page tests' 60 s (jest/setupClient.ts).

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
  await gw.login('corp-hr');
});
afterAll(() => gw.close());

const { chosen, nodes, edges, candidates } = coveringPaths();

describe('the correction flow through the page, path by path of its model', () => {
  // a desktop's window: the draft's people and the preview are tables, a row per person
  withViewport(1440);

  it('the chosen paths cover every state and transition of the model', () => {
    const covered = new Set(chosen.flatMap(visits));
    const { nodes: all, edges: every } = modelGraph();
    expect(covered).toEqual(new Set([...all, ...every]));
    // the journey the issue names is one of them
    expect(chosen[0]).toBe(JOURNEY);
    console.log(
      `correction model: ${nodes} states, ${edges} transitions, ${candidates} complete simple paths, ${chosen.length} chosen through the page:\n  ${chosen.map(label).join('\n  ')}`,
    );
  });

  it.each(chosen.map((steps, index) => ({ steps, index, events: label(steps) })))(
    'path $index: $events',
    async ({ steps }) => {
      const policy: TestPolicy = await makePolicy(gw, { roster: 'employee', members: 3 });
      const people: Record<Who, { name: Who; idNumber: string }> = {
        'Wang Fang': { name: 'Wang Fang', idNumber: newPerson(policy.region, 1).idNumber },
        'Li Lei': { name: 'Li Lei', idNumber: newPerson(policy.region, 5).idNumber },
      };
      const cashierWindow = { opener: null, closed: false, location: { href: '' }, close: () => undefined };
      window.open = (() => cashierWindow) as unknown as typeof window.open;
      // What the page said earlier in the path: each person's premium and the total for each draft.
      const premiumOf = new Map<Who, number>();
      const totalFor = new Map<string, number>();
      let net = '';

      const portal = await renderPortal(`/legal/employeeCorrection?policyNo=${policy.policyNo}`);
      try {
        await screen.findByText('Employee changes', { selector: 'h3' });
        await waitFor(() => expect(flowState()).toBe('choosing.idle'));
        for (const [i, step] of steps.entries()) {
          const e = step.event;
          const before = i > 0 ? steps[i - 1].state : null;
          await doOnPage(e, people);
          const value = String(step.state.value);
          const draft = step.state.context.draft;
          await waitFor(() => expect(flowState()).toMatch(MACHINE_STATE[value]), { timeout: 15_000 });

          // ---- what the page shows in this state
          if (value === 'editing') {
            await waitFor(() => expect(namesIn('draft-items')).toEqual(draft));
            const card = screen.getByTestId('draft-items').closest('.ant-card') as HTMLElement;
            if (draft.length)
              expect(card).toHaveTextContent(`${draft.length} ${draft.length === 1 ? 'person' : 'people'}`);
            else expect(screen.getByTestId('draft-items')).toHaveTextContent('Nothing in the correction yet.');
            if (e.type === 'ADD')
              expect(screen.getByTestId('added-note')).toHaveTextContent(
                `${e.who} was added to the correction. The form is ready for the next person.`,
              );
            else expect(screen.queryByTestId('added-note')).toBeNull();
            if (e.type === 'ADD') expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
          } else if (value === 'preview') {
            await waitFor(() => expect(namesIn('draft-items')).toEqual(draft));
            const rows = Array.from(screen.getByTestId('draft-items').querySelectorAll('tbody tr.ant-table-row'));
            const premiums = rows.map((tr) => fen(tr.querySelector('[data-testid^=item-premium-]')?.textContent ?? ''));
            premiums.forEach((p, k) => {
              expect(p).toBeGreaterThan(0);
              // a person's premium does not change with who else is in the draft
              const who = draft[k];
              if (premiumOf.has(who)) expect(p).toBe(premiumOf.get(who));
              premiumOf.set(who, p);
            });
            const sum = premiums.reduce((a, b) => a + b, 0);
            expect(screen.getByTestId('total-premium')).toHaveTextContent(formatFen(sum));
            expect(screen.getByTestId('total-refund')).toHaveTextContent(formatFen(0));
            expect(screen.getByTestId('net-amount')).toHaveTextContent(formatFen(sum));
            expect(screen.getByTestId('pay-bar')).toHaveTextContent(formatFen(sum));
            // after a removal the total is the remaining people's, not the one before
            for (const [other, total] of totalFor) if (other !== draft.join()) expect(sum === total).toBe(false);
            totalFor.set(draft.join(), sum);
            net = formatFen(sum);
          } else if (value === 'scenario') {
            expect(screen.getByTestId('settle-step')).toBeInTheDocument();
            expect(screen.getByRole('radio', { name: /^Pay online/ })).toBeChecked();
          } else if (value === 'approved') {
            expect(screen.getByTestId('flow-approved')).toBeInTheDocument();
            expect(buttonsNamed(`Pay ${net}`)).toHaveLength(1);
          } else if (value === 'paying') {
            expect(screen.getByTestId('pay-polling')).toBeInTheDocument();
            expect(screen.getByTestId('pay-amount')).toHaveTextContent(net);
            expect(cashierWindow.location.href).toMatch(/\/cashier\/[A-Za-z0-9_-]+$/);
          } else if (value === 'done') {
            expect(screen.getByTestId('flow-done')).toHaveTextContent('The correction is in force');
          } else if (value === 'saved') {
            expect(screen.getByTestId('flow-saved')).toHaveTextContent(
              'The correction is kept as it is. Open it again from the correction records.',
            );
          } else if (value === 'cancelled') {
            const end = screen.getByTestId('flow-cancelled');
            if (before && before.context.draft.length === 0 && String(before.value) === 'editing')
              expect(end).not.toHaveTextContent('Cancelled');
            else expect(end).toHaveTextContent('The correction was cancelled; nothing was changed on the policy.');
          }
        }
      } finally {
        portal.unmount();
      }
    },
  );

  /** Does on the page what the model's event says, as a person would. */
  async function doOnPage(e: ModelEvent, people: Record<Who, { name: Who; idNumber: string }>) {
    const click = async (name: string) => fireEvent.click(await buttonAppears(name));
    switch (e.type) {
      case 'START':
        return click('Start');
      case 'ADD': {
        fireEvent.change(screen.getByLabelText('Name'), { target: { value: people[e.who].name } });
        fireEvent.change(screen.getByLabelText('ID number'), { target: { value: people[e.who].idNumber } });
        return click('Add to the correction');
      }
      case 'REMOVE': {
        await click(`Remove ${e.who}`);
        const confirm = await waitFor(() => {
          const pop = document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
          expect(pop).toHaveTextContent(`Take ${e.who} out of this correction?`);
          return pop;
        });
        return fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
      }
      case 'CHECK':
        return click('Check and calculate the premium');
      case 'BACK':
        return click('Change the correction');
      case 'CONFIRM':
        return click('Continue');
      case 'SUBMIT': {
        await click('Submit for business approval');
        const summary = await screen.findByTestId('change-summary');
        expect(summary).toHaveTextContent(/Wang Fang|Li Lei/);
        return click('Submit');
      }
      case 'PAY': {
        const pay = await waitFor(() => {
          const b = Array.from(document.querySelectorAll('button')).find((x) => /^Pay ¥/.test(x.textContent ?? ''));
          if (!b) throw new Error('no Pay button');
          return b;
        });
        return fireEvent.click(pay);
      }
      case 'CASHIER_PAY': {
        const href = (window.open as unknown as () => { location: { href: string } })().location.href;
        return cashier(gw, new URL(href).pathname, 'pay');
      }
      case 'SAVE_LATER':
        return click('Save for later');
      case 'CANCEL': {
        const label = buttonsNamed('Leave').length
          ? 'Leave'
          : buttonsNamed('Delete the draft').length
            ? 'Delete the draft'
            : 'Cancel the correction';
        await click(label);
        const confirm = await waitFor(() => {
          const pop = document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
          if (!pop) throw new Error('no confirmation');
          return pop;
        });
        return fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
      }
    }
  }
});
