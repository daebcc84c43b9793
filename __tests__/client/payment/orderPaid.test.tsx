import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderPayment } from '@contract/io/personal';
import { renderPortal as render, startClientGateway, type ClientGateway } from '../support/portal';
import { settled } from '../personal/settle';
import { customerOf, insertOrder } from '@tests/server/personal/support';
import { withViewport } from '../support/viewport';

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

/** The cashier's windows the portal opens (jsdom opens none): each records where it was sent. */
function cashierWindows() {
  const windows: { opener: null; closed: boolean; location: { href: string }; close: () => void }[] = [];
  const open = window.open;
  window.open = jest.fn(() => {
    const win = {
      opener: null,
      closed: false,
      location: { href: '' },
      close: () => {
        win.closed = true;
      },
    };
    windows.push(win);
    return win;
  }) as unknown as typeof window.open;
  return { windows, restore: () => (window.open = open) };
}

const rowOf = (page: HTMLElement, orderNo: string) => within(page).getByText(orderNo).closest('tr') as HTMLElement;

describe('a paid order is paid in every view at once', () => {
  // a desktop's window: the list is a table, a row per order
  withViewport(1440);

  it('shows the order paid in its drawer and the list as soon as the cashier reports it, with Pay gone', async () => {
    const customer = (await customerOf(gw, 'member-senior')).customer_id;
    const orderNo = await insertOrder(gw, customer, { amount_fen: 36800 });
    const cashier = cashierWindows();
    try {
      await gw.login('member-senior');
      await renderPortal('/legal/mypolicy/orderList');
      const page = await screen.findByTestId('order-list');
      await within(page).findByText(orderNo);
      fireEvent.click(within(rowOf(page, orderNo)).getByRole('button', { name: 'Pay' }));
      const details = await screen.findByTestId('order-details');
      await waitFor(() => expect(cashier.windows[0]?.location.href).toMatch(/\/cashier\//));
      expect(
        (await fetch(`${cashier.windows[0].location.href}/pay`, { method: 'POST', redirect: 'manual' })).status,
      ).toBe(303);
      // The cashier's tab tells the portal at once (as its page does when it shows the result).
      window.dispatchEvent(new Event('focus'));
      await waitFor(() => expect(within(details).getByTestId('order-state')).toHaveTextContent('Paid'));
      expect(within(details).queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
      expect(within(details).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
      await waitFor(() => expect(within(rowOf(page, orderNo)).getByText('Paid')).toBeInTheDocument());
      expect(within(rowOf(page, orderNo)).queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    } finally {
      cashier.restore();
    }
  });

  it('says the order is paid when Pay is pressed on an order paid elsewhere, and shows it paid', async () => {
    const customer = (await customerOf(gw, 'member-senior')).customer_id;
    const orderNo = await insertOrder(gw, customer, { amount_fen: 36800 });
    const cashier = cashierWindows();
    try {
      await gw.login('member-senior');
      await renderPortal(`/legal/mypolicy/orderList?orderNo=${orderNo}`);
      const details = await screen.findByTestId('order-details');
      const pay = await within(details).findByRole('button', { name: 'Pay' });
      // Paid in another tab meanwhile: this drawer still offers Pay.
      const link: OrderPayment = await gw.app.services.orderPayments.link(customer, orderNo);
      expect((await fetch(`${gw.url}${link.payUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      fireEvent.click(pay);
      expect(await screen.findByText(new RegExp(`Order ${orderNo} is already paid`))).toBeInTheDocument();
      await waitFor(() => expect(within(details).getByTestId('order-state')).toHaveTextContent('Paid'));
      expect(within(details).queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
      expect(cashier.windows.every((w) => w.closed)).toBe(true);
    } finally {
      cashier.restore();
    }
  });
});
