/**
 * A member's e-invoices: My e-invoices lists the paid premiums, Request e-invoice asks for one in the
 * member's name or a company's (a wrong tax number is said before anything is sent), and the issued
 * invoice's number and Download take the request's place.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { creditCodeCheck } from '@common/creditCode';
import { format } from '@common/i18n';
import { personalMessages } from '@client/features/personal/messages';
import { renderPortal as render, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { settled } from './settle';

const m = personalMessages['en-US'];
const BODY = '91310115MA1K4ABC1';
const TAX_NO = `${BODY}${creditCodeCheck(BODY)}`;

let lastStore: Awaited<ReturnType<typeof render>>['store'] | null = null;
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

describe('my e-invoices', () => {
  withViewport(1440);
  it('asks for a company’s e-invoice, checking the tax number, then offers its download', async () => {
    await gw.login('member-senior');
    lastStore = (await render('/legal/mypolicy/invoiceList')).store;
    const page = await screen.findByTestId('personal-invoice-list');
    const request = await within(page).findByRole('button', {
      name: format(m.requestInvoiceLabel, { paymentNo: 'PAY2025HLT006618' }),
    });
    fireEvent.click(request);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(m.invoiceTitleCompany));
    type(await within(dialog).findByLabelText(m.invoiceCompanyName), '上海某某科技有限公司');
    type(within(dialog).getByLabelText(m.invoiceTaxNo), `${BODY}X`);
    fireEvent.click(within(dialog).getByRole('button', { name: m.submit }));
    expect(await within(dialog).findByText(m.invoiceTaxNoInvalid)).toBeInTheDocument();

    type(within(dialog).getByLabelText(m.invoiceTaxNo), TAX_NO);
    fireEvent.click(within(dialog).getByRole('button', { name: m.submit }));
    const row = () =>
      within(page)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes('PAY2025HLT006618')) as HTMLElement;
    await waitFor(() => expect(within(row()).getByTestId('invoice-no').textContent).toMatch(/^\d{20}$/));
    const invoiceNo = within(row()).getByTestId('invoice-no').textContent as string;
    expect(within(row()).getByRole('button', { name: format(m.downloadInvoiceLabel, { invoiceNo }) })).toBeVisible();
  });

  it('is reached from the quick-service panel', async () => {
    await gw.login('member-senior');
    lastStore = (await render('/legal/index')).store;
    const panel = await screen.findByTestId('quick-panel');
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('link')
          .some((a) => a.getAttribute('href') === '/legal/mypolicy/invoiceList'),
      ).toBe(true),
    );
  });
});
