import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal as render, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { settled } from './settle';
import { addDays, insurerToday } from '@common/correction';
import { customerOf, insertOrder, insertPolicy } from '@tests/server/personal/support';
import { OrderState } from '@contract/states';

let lastStore: Awaited<ReturnType<typeof render>>['store'] | null = null;
const renderPortal = async (path: string) => {
  const rendered = await render(path);
  lastStore = rendered.store;
  return rendered;
};

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(async () => {
  await settled(lastStore);
  lastStore = null;
  gw.forget();
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('personal information and the true-name dialog', () => {
  it('shows the masked identity of a verified member', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myprofile/personalInfo');
    const page = await screen.findByTestId('personal-info');
    expect(await within(page).findByText('310***********0026')).toBeInTheDocument();
    expect(within(page).getByText('1960-01-01')).toBeInTheDocument();
    expect(within(page).getByTestId('membership')).toHaveTextContent('Senior member');
  });

  it('verifies member-basic: wrong digits refused, the gateway’s refusal shown, then senior and let into the club', async () => {
    await gw.login('member-basic');
    await renderPortal('/legal/myprofile/personalInfo');
    const page = await screen.findByTestId('personal-info');
    expect(within(page).getByTestId('membership')).toHaveTextContent('Member (information incomplete)');
    fireEvent.click(within(page).getAllByRole('button', { name: 'Verify my true name' })[0]);
    const dialog = await screen.findByRole('dialog');
    type(within(dialog).getByLabelText('Name'), '赵鹏');
    type(within(dialog).getByLabelText('ID number'), '4403051990');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('wrong number of digits in the ID number')).toBeInTheDocument();

    type(within(dialog).getByLabelText('ID number'), '440305199003150314');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByTestId('real-name-error')).toHaveTextContent(/check digit is wrong/);

    type(within(dialog).getByLabelText('ID number'), '440305199003150313');
    expect(await within(dialog).findByText('From the number: Male, born 1990-03-15')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(page).getByTestId('membership')).toHaveTextContent('Senior member'));
    expect(within(page).getByText('440***********0313')).toBeInTheDocument();

    gw.forget();
    await gw.login('member-basic');
    await renderPortal('/legal/myclub/myScore');
    const score = await screen.findByTestId('my-score');
    expect(await within(score).findByText('Welcome to the member centre')).toBeInTheDocument();
  });
});

describe('account security', () => {
  it('refuses a wrong current password with the gateway’s sentence', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myprofile/accountSecurity');
    const page = await screen.findByTestId('account-security');
    type(within(page).getByLabelText('Current password'), 'wrong-one1');
    type(within(page).getByLabelText('New password'), 'Better2027x');
    type(within(page).getByLabelText('New password again'), 'Better2027x');
    fireEvent.click(within(page).getByRole('button', { name: 'Change password' }));
    expect(await within(page).findByTestId('password-error')).toHaveTextContent('The current password is wrong.');
    expect(within(page).getByTestId('bound-phone')).toHaveTextContent('139****8856');
  });

  it('offers to send a code only for a valid mobile number', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myprofile/accountSecurity');
    const page = await screen.findByTestId('account-security');
    const send = within(page).getByRole('button', { name: 'Send code' });
    type(within(page).getByLabelText('New phone'), '1390172');
    expect(send).toBeDisabled();
    type(within(page).getByLabelText('New phone'), '13901720000');
    expect(send).toBeEnabled();
  });
});

describe('orders and applications', () => {
  withViewport(1440);
  it('lists the orders, filters by state, cancels a pending one after confirmation', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/mypolicy/orderList');
    const page = await screen.findByTestId('order-list');
    expect(await within(page).findByText('DD202611210002')).toBeInTheDocument();
    expect(within(page).getByText('4 in all')).toBeInTheDocument();
    const row = within(page).getByText('DD202611200001').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Cancel DD202611200001?').length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        within(within(page).getByText('DD202611200001').closest('tr') as HTMLElement).getByText('Cancelled'),
      ).toBeInTheDocument(),
    );
    const stored = await gw.app.services.db
      .selectFrom('member_order')
      .select('state')
      .where('order_no', '=', 'DD202611200001')
      .executeTakeFirstOrThrow();
    expect(stored.state).toBe(3);
  });

  it('lists the applications only, and opens an application’s details', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/mypolicy/applicationList');
    const page = await screen.findByTestId('application-list');
    expect(await within(page).findByText('TB202602250011')).toBeInTheDocument();
    expect(within(page).queryByText('DD202611210002')).not.toBeInTheDocument();
    fireEvent.click(within(page).getByRole('button', { name: 'TB202602250011' }));
    const details = await screen.findByTestId('order-details');
    expect(await within(details).findByText('HAG2026310400233')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'HAG2026310400233' })).toHaveAttribute(
      'href',
      '/legal/healthyPolicyDetail?policyNo=HAG2026310400233',
    );
    expect(window.location.search).toBe('?orderNo=TB202602250011');
  });

  it('pays a pending order at the cashier: one payment however often Pay is pressed, the drawer follows it until paid', async () => {
    const member = await gw.app.services.db
      .selectFrom('app_user')
      .select('customer_id')
      .where('username', '=', 'member-senior')
      .executeTakeFirstOrThrow();
    const orderNo = await insertOrder(gw, member.customer_id, { amount_fen: 12300 });
    // The cashier's window opens empty in the click and is sent to the cashier when the link arrives.
    const windows: { opener: null; closed: boolean; location: { href: string }; close: () => void }[] = [];
    const opened = jest.fn(() => {
      const win = { opener: null, closed: false, location: { href: '' }, close: () => undefined };
      windows.push(win);
      return win;
    });
    const open = window.open;
    window.open = opened as unknown as typeof window.open;
    try {
      await gw.login('member-senior');
      await renderPortal('/legal/mypolicy/orderList');
      const page = await screen.findByTestId('order-list');
      const row = (await within(page).findByText(orderNo)).closest('tr') as HTMLElement;
      const payButton = within(row).getByRole('button', { name: 'Pay' });
      fireEvent.click(payButton);
      fireEvent.click(payButton);
      const watch = await screen.findByTestId('payment-watch');
      expect(watch).toHaveTextContent('Waiting for your payment of ¥123.00 at the cashier');
      await waitFor(() => expect(windows[0]?.location.href).toMatch(/\/cashier\//));
      const cashier = windows[0].location.href;
      expect(cashier).toMatch(new RegExp(`^${gw.url}/cashier/[A-Za-z0-9_-]{32}$`));
      expect(opened).toHaveBeenCalledWith('', '_blank');
      // Every press went to the same payment's cashier.
      await waitFor(() => expect(windows.every((w) => w.location.href === cashier)).toBe(true));
      const rows = await gw.app.services.db
        .selectFrom('payment_attempt')
        .innerJoin('member_order', 'member_order.id', 'payment_attempt.subject_id')
        .select('payment_attempt.state')
        .where('payment_attempt.subject_kind', '=', 'order')
        .where('member_order.order_no', '=', orderNo)
        .execute();
      expect(rows).toEqual([{ state: 'awaiting' }]);

      // The member pays in the cashier's window; the drawer sees it on its next poll.
      const paid = await fetch(`${cashier}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      await waitFor(() =>
        expect(screen.getByTestId('payment-watch')).toHaveTextContent(/Paid\. Policy HLT\d{14} is issued\./),
      );
      await waitFor(() =>
        expect(
          within(within(page).getByText(orderNo).closest('tr') as HTMLElement).getByText('Paid'),
        ).toBeInTheDocument(),
      );
      expect(
        within(within(page).getByText(orderNo).closest('tr') as HTMLElement).queryByRole('button', { name: 'Pay' }),
      ).not.toBeInTheDocument();
    } finally {
      window.open = open;
    }
  });

  it('watches a payment again after a reload at the cashier: the drawer reopened with pay=1 follows the open link until paid', async () => {
    const { customer_id } = await customerOf(gw, 'member-senior');
    const orderNo = await insertOrder(gw, customer_id, { amount_fen: 45600 });
    const windows: { opener: null; closed: boolean; location: { href: string }; close: () => void }[] = [];
    const open = window.open;
    window.open = jest.fn(() => {
      const win = { opener: null, closed: false, location: { href: '' }, close: () => undefined };
      windows.push(win);
      return win;
    }) as unknown as typeof window.open;
    try {
      await gw.login('member-senior');
      const first = await renderPortal('/legal/mypolicy/orderList');
      const row = (await within(await screen.findByTestId('order-list')).findByText(orderNo)).closest(
        'tr',
      ) as HTMLElement;
      fireEvent.click(within(row).getByRole('button', { name: 'Pay' }));
      await waitFor(() => expect(windows[0]?.location.href).toMatch(/\/cashier\//));
      const cashier = windows[0].location.href;
      expect(window.location.search).toBe(`?orderNo=${orderNo}&pay=1`);

      // The page is reloaded while the member is at the cashier: the watch is gone with the page.
      await settled(first.store);
      first.unmount();
      expect(screen.queryByTestId('payment-watch')).not.toBeInTheDocument();
      await renderPortal(`/legal/mypolicy/orderList?orderNo=${orderNo}&pay=1`);
      const watch = await screen.findByTestId('payment-watch');
      expect(watch).toHaveTextContent('Waiting for your payment of ¥456.00 at the cashier');
      expect(within(watch).getByRole('link', { name: 'Open the cashier' })).toHaveAttribute('href', cashier);
      // no second window, no second link
      expect(windows).toHaveLength(1);

      const paid = await fetch(`${cashier}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      fireEvent.click(within(watch).getByRole('button', { name: 'I have paid: check now' }));
      await waitFor(() =>
        expect(screen.getByTestId('payment-watch')).toHaveTextContent(/Paid\. Policy HLT\d{14} is issued\./),
      );
      await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Paid'));
      expect(
        within(screen.getByTestId('order-details')).queryByRole('button', { name: 'Pay' }),
      ).not.toBeInTheDocument();
    } finally {
      window.open = open;
    }
  });

  it('opens a paid order with pay=1 as it is: no watch, no Pay', async () => {
    const { customer_id } = await customerOf(gw, 'member-senior');
    const orderNo = await insertOrder(gw, customer_id, { state: OrderState.paid });
    await gw.login('member-senior');
    await renderPortal(`/legal/mypolicy/orderList?orderNo=${orderNo}&pay=1`);
    const details = await screen.findByTestId('order-details');
    expect(within(details).getByTestId('order-state')).toHaveTextContent('Paid');
    expect(screen.queryByTestId('payment-watch')).not.toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows nothing of another member’s order', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/mypolicy/orderList?orderNo=DD202611150021');
    expect(await screen.findByTestId('order-details-empty')).toBeInTheDocument();
    expect(screen.queryByText('通勤宝 Commuter accident')).not.toBeInTheDocument();
  });
});

describe('my policies', () => {
  withViewport(1440);
  it('says "Not yet in force" of a policy whose period begins later, and "In force" of one that has begun', async () => {
    await gw.login('member-senior');
    const { customer_id } = await customerOf(gw, 'member-senior');
    const start = addDays(insurerToday(), 30);
    const later = await insertPolicy(gw, customer_id, { start_date: start, end_date: addDays(start, 364) });
    await renderPortal('/legal/mypolicy/policyList');
    const page = await screen.findByTestId('personal-policy-list');
    const row = (await within(page).findByText(later)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Not yet in force')).toBeInTheDocument();
    expect(within(row).queryByText('In force')).not.toBeInTheDocument();
    const begun = within(page).getByText('LIF21310100003321').closest('tr') as HTMLElement;
    expect(within(begun).getByText('In force')).toBeInTheDocument();
  });

  it('binds a policy bought elsewhere through the dialog, and shows the gateway’s refusals in it', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/mypolicy/policyList');
    const page = await screen.findByTestId('personal-policy-list');
    fireEvent.click(within(page).getByRole('button', { name: 'Bind a policy' }));
    const dialog = await screen.findByRole('dialog');
    type(within(dialog).getByLabelText('Policy number'), 'PAG2025320500077');
    type(within(dialog).getByLabelText('Holder’s name'), '李文静');
    type(within(dialog).getByLabelText('Holder’s ID number'), '310104196001010026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByTestId('bind-error')).toHaveTextContent(
      "No policy matches this number, holder's name and ID number. Check them against your policy document.",
    );
    type(within(dialog).getByLabelText('Policy number'), 'HAG2026310400233');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The policy HAG2026310400233 is now in your account.')).toBeInTheDocument();
    const owner = await gw.app.services.db
      .selectFrom('policy')
      .innerJoin('app_user', 'app_user.customer_id', 'policy.customer_id')
      .select('app_user.username')
      .where('policy.policy_no', '=', 'HAG2026310400233')
      .executeTakeFirstOrThrow();
    expect(owner.username).toBe('member-senior');
  });
});
