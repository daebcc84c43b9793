import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PaymentState, PolicyState } from '@contract/states';
import { setLocale } from '@client/state/ui';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { rows } from './support';

const PENDING = 'PDA26310100005390';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

/** The cashier window the Pay click opens (blank), whose address follows when the link arrives. */
function stubCashierWindow() {
  const win = { opener: null, closed: false, location: { href: '' }, close: () => undefined };
  const original = window.open;
  let opened = 0;
  window.open = (() => {
    opened += 1;
    return win;
  }) as unknown as typeof window.open;
  return { win, opened: () => opened, restore: () => (window.open = original) };
}

/** Puts the demo's motor policy back to pending payment (a test before may have paid it). */
async function resetPending() {
  const db = gw.app.services.db;
  const policy = await db.selectFrom('policy').select('id').where('policy_no', '=', PENDING).executeTakeFirstOrThrow();
  await db
    .deleteFrom('payment_attempt')
    .where('subject_kind', '=', 'policy')
    .where('subject_id', '=', policy.id)
    .execute();
  await db
    .updateTable('policy')
    .set({ state: PolicyState.pendingPayment, payment_state: PaymentState.unpaid })
    .where('id', '=', policy.id)
    .execute();
  await db
    .updateTable('premium_payment')
    .set({ state: PaymentState.unpaid, paid_at: null })
    .where('policy_id', '=', policy.id)
    .execute();
}

/** The cashier's Pay button, as the user presses it in the cashier window. */
const payAtCashier = (href: string) => fetch(`${href}/pay`, { method: 'POST', redirect: 'manual' });

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('paying a policy awaiting payment', () => {
  beforeEach(resetPending);

  it('every number tile of the corporate home opens the list it counts', async () => {
    await gw.login('corp-hr');
    const expected: Record<number, string[]> = { 1: [], 2: [], 3: [PENDING] };
    for (const state of [1, 2, 3]) {
      const portal = await renderPortal('/legal/index');
      const block = await screen.findByTestId('policy-block');
      const tile = await waitFor(() => {
        const count = /(\d+)$/.exec(within(block).getByTestId(`policy-count-${state}`).textContent ?? '')?.[1];
        expect(Number(count)).toBeGreaterThan(0);
        return Number(count);
      });
      const label = ['In force', 'Expired', 'Pending payment'][state - 1];
      fireEvent.click(within(block).getByRole('button', { name: `${label} ${tile}` }));
      const table = await screen.findByTestId('policy-table-all');
      await waitFor(() => expect(rows(table)).toHaveLength(tile));
      expect(
        within(table)
          .getAllByText(label)
          .filter((el) => el.closest('td')),
      ).toHaveLength(tile);
      for (const no of expected[state]) expect(within(table).getByText(no)).toBeInTheDocument();
      expect(new URLSearchParams(window.location.search).get('state')).toBe(String(state));
      portal.unmount();
    }
  });

  it('pays the pending motor policy from its row: one payment however often Pay is pressed, the result shown on return', async () => {
    const cashier = stubCashierWindow();
    try {
      await gw.login('corp-hr');
      await renderPortal('/legal/myPolicy?tab=all&state=3');
      const table = await screen.findByTestId('policy-table-all');
      await within(table).findByText(PENDING);
      const row = within(table).getByText(PENDING).closest('tr') as HTMLElement;
      // Only the policy awaiting payment offers Pay.
      expect(within(table).getAllByRole('button', { name: /^Pay policy/ })).toHaveLength(1);
      fireEvent.click(within(row).getByRole('button', { name: `Pay policy ${PENDING}` }));
      await waitFor(() => expect(cashier.win.location.href).toMatch(/\/cashier\/[A-Za-z0-9_-]{32}$/));
      const first = cashier.win.location.href;
      const watch = await screen.findByTestId('policy-pay-watch');
      expect(watch).toHaveTextContent('Waiting for the payment of ¥4,559.00 in the cashier.');

      // Pressed again: the same payment, the same cashier address.
      cashier.win.location.href = '';
      fireEvent.click(within(row).getByRole('button', { name: `Pay policy ${PENDING}` }));
      await waitFor(() => expect(cashier.win.location.href).toBe(first));
      expect(cashier.opened()).toBe(2);

      expect((await payAtCashier(first)).status).toBe(303);
      // Back in the portal: the page learns the payment by itself and the list no longer has it pending.
      await waitFor(() =>
        expect(screen.getByTestId('policy-pay-watch')).toHaveTextContent(`Policy ${PENDING} is paid`),
      );
      await waitFor(() => expect(within(table).queryByText(PENDING)).toBeNull());
      expect(within(table).getByText('No records yet')).toBeInTheDocument();
    } finally {
      cashier.restore();
    }
  });

  it('pays from the policy details, which then show the policy in force and paid, in Chinese too', async () => {
    const cashier = stubCashierWindow();
    try {
      await gw.login('corp-hr');
      const portal = await renderPortal(`/legal/legalCarPolicyDetail?policyNo=${PENDING}`);
      const detail = await screen.findByTestId('policy-detail');
      expect(within(detail).getAllByText('Pending payment').length).toBeGreaterThan(0);
      fireEvent.click(within(detail).getByRole('button', { name: `Pay policy ${PENDING}` }));
      await waitFor(() => expect(cashier.win.location.href).toMatch(/\/cashier\//));
      await act(async () => {
        portal.store.dispatch(setLocale('zh-CN'));
      });
      expect(await screen.findByText(/正在收银台等待支付 ¥4,559\.00/)).toBeInTheDocument();
      await payAtCashier(cashier.win.location.href);
      await waitFor(() => expect(screen.getByTestId('policy-pay-watch')).toHaveTextContent(`保单 ${PENDING} 已缴费`));
      await waitFor(() =>
        expect(within(screen.getByTestId('policy-detail')).getAllByText('已缴费').length).toBeGreaterThan(0),
      );
      expect(
        within(screen.getByTestId('policy-detail')).queryByRole('button', { name: `为保单 ${PENDING} 缴费` }),
      ).toBeNull();
    } finally {
      cashier.restore();
    }
  });

  it('a paid policy offers no Pay', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalCarPolicyDetail?policyNo=PDA26310100004417');
    const detail = await screen.findByTestId('policy-detail');
    await within(detail).findByText('PDA26310100004417');
    expect(within(detail).queryByRole('button', { name: /^Pay policy/ })).toBeNull();
  });

  it('a group accident policy is titled as one, in both languages', async () => {
    await gw.login('corp-hr');
    const portal = await renderPortal('/legal/legalinsuranceDetail?policyNo=PGA26310100000415');
    expect(await screen.findByText('Group accident policy details', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.queryByText('Application details')).toBeNull();
    await act(async () => {
      portal.store.dispatch(setLocale('zh-CN'));
    });
    expect(await screen.findByText('团体意外险保单详情', { selector: 'h3' })).toBeInTheDocument();
  });
});
