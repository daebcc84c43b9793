/**
 * Renewing a policy in My policies and from its details: Renew on the row (a table on a wide screen,
 * a card on a phone), the quote in the dialog, Confirm making the renewal order with Pay, the row
 * then offering to pay it, and once paid the old policy naming the new one.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatFen } from '@common/money';
import { format } from '@common/i18n';
import { personalMessages } from '@client/features/personal/messages';
import { policyMessages } from '@client/features/policy/messages';
import { renderPortal as render, startClientGateway, type ClientGateway } from '../support/portal';
import { cards, withViewport } from '../support/viewport';
import { settled } from './settle';

const m = personalMessages['en-US'];
const pm = policyMessages['en-US'];
const EXPIRING = 'HLT25310100006618';
const LAPSED = 'PRP25310100009544';

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

const renewButton = (scope: HTMLElement, policyNo: string) =>
  within(scope).findByRole('button', { name: format(m.renewLabel, { policyNo }) });

describe('renewing on a phone', () => {
  withViewport(390);
  it('shows Renew on the card of the expiring and of the lapsed policy, with the last day', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/mypolicy/policyList');
    const page = await screen.findByTestId('personal-policy-list');
    await renewButton(page, EXPIRING);
    const card = cards(page).find((c) => c.textContent?.includes(EXPIRING)) as HTMLElement;
    expect(within(card).getByRole('button', { name: format(m.renewLabel, { policyNo: EXPIRING }) })).toHaveTextContent(
      m.renew,
    );
    const lapsed = cards(page).find((c) => c.textContent?.includes(LAPSED)) as HTMLElement;
    expect(within(lapsed).getByRole('button', { name: format(m.renewLabel, { policyNo: LAPSED }) })).toBeVisible();
    // the life policy, years from its end, offers none
    const life = cards(page).find((c) => c.textContent?.includes('LIF21310100003321')) as HTMLElement;
    expect(within(life).queryByRole('button', { name: /Renew/ })).toBeNull();
  });
});

describe('renewing on a wide screen', () => {
  withViewport(1440);
  it('quotes the renewal, confirms it into an order to pay, and the row then offers to pay it', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/mypolicy/policyList');
    const page = await screen.findByTestId('personal-policy-list');
    fireEvent.click(await renewButton(page, EXPIRING));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(format(m.renewTitle, { policyNo: EXPIRING }))).toBeInTheDocument();
    const premium = await within(dialog).findByTestId('renew-premium');
    expect(premium).toHaveTextContent(formatFen(19800));
    expect(within(dialog).getByText(formatFen(18800))).toBeInTheDocument();
    expect(within(dialog).getByTestId('renew-period').textContent).toMatch(/^\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}$/);
    expect(within(dialog).getByText(m.renewSameCover)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: m.renewConfirm }));
    const order = await within(dialog).findByTestId('renew-order');
    expect(order).toHaveTextContent(/Renewal order RN\d{14}/);
    expect(within(order).getByRole('button', { name: m.payOrder })).toBeInTheDocument();

    // closed before paying: the row offers to pay the order made
    fireEvent.click(within(order).getByRole('button', { name: m.close }));
    await waitFor(() =>
      expect(
        within(page).getByRole('button', { name: format(m.renewLabel, { policyNo: EXPIRING }) }),
      ).toHaveTextContent(m.payRenewal),
    );
    // and opens on that order again, not on a new quote
    fireEvent.click(within(page).getByRole('button', { name: format(m.renewLabel, { policyNo: EXPIRING }) }));
    expect(await within(await screen.findByRole('dialog')).findByTestId('renew-order')).toBeInTheDocument();
  });

  it('a lapsed policy’s quote says the cover starts again tomorrow', async () => {
    await gw.login('member-senior');
    await renderPortal(`/legal/mypolicy/policyList?renew=${LAPSED}`);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('renew-premium');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/ended on \d{4}-\d{2}-\d{2}/);
  });

  it('opens the dialog of a renewal link whose policy is not on the page shown (another kind chosen here)', async () => {
    await gw.login('member-senior');
    await renderPortal(`/legal/mypolicy/policyList?kind=motor&renew=${LAPSED}`);
    const page = await screen.findByTestId('personal-policy-list');
    await within(page).findByText('PDA26310100009123');
    expect(within(page).queryByText(LAPSED)).toBeNull();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('renew-premium');
    expect(dialog).toHaveTextContent(LAPSED);
  });

  it('the details offer Renew, which opens the dialog in My policies; once paid the old policy names the new', async () => {
    await gw.login('member-senior');
    await renderPortal(`/legal/legalPolicyDetail?policyNo=${LAPSED}`);
    const detail = await screen.findByTestId('policy-detail');
    expect(within(detail).getByText(/Renew online until \d{4}-\d{2}-\d{2}/)).toBeInTheDocument();
    fireEvent.click(within(detail).getByRole('button', { name: pm.renew }));
    await waitFor(() => expect(window.location.search).toBe(`?renew=${LAPSED}`));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: m.renewConfirm }));
    const order = await within(dialog).findByTestId('renew-order');
    const orderNo = /RN\d{14}/.exec(order.textContent ?? '')?.[0] as string;

    // paid at the cashier (its own page: the gateway's cashier, as the browser journey pays it)
    const link = await gw.app.services.orderPayments.link(
      (
        await gw.app.services.db
          .selectFrom('member_order')
          .select('customer_id')
          .where('order_no', '=', orderNo)
          .executeTakeFirstOrThrow()
      ).customer_id,
      orderNo,
    );
    await gw.app.inject({ method: 'POST', url: `${link.payUrl}/pay` });

    await renderPortal(`/legal/legalPolicyDetail?policyNo=${LAPSED}`);
    const renewed = await screen.findByTestId('renewed-by');
    expect(renewed.textContent).toMatch(/^PRP\d{2}31\d{10}$/);
    expect(screen.queryByRole('button', { name: pm.renew })).toBeNull();
  });
});
