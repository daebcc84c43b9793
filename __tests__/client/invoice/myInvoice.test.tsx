import { PaymentState } from '@contract/states';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';

let gw: ClientGateway;
let paymentNos: string[] = [];
beforeAll(async () => {
  gw = await startClientGateway();
  const db = gw.app.services.db;
  const customer = await db
    .selectFrom('customer')
    .select('id')
    .where('name', '=', '上海恒晟精密制造有限公司')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const policy = await db
    .insertInto('policy')
    .values({
      policy_no: 'P3100INVTEST1',
      customer_id: customer.id,
      kind: 'group_accident',
      product_code: 'GA',
      product_name: '团体意外伤害保险',
      state: 1,
      holder_name: 'x',
      insured_name: null,
      issue_date: '2026-01-01',
      start_date: '2026-01-01',
      end_date: '2027-01-01',
      premium_fen: 1,
      sum_insured_fen: 1,
      payment_state: PaymentState.paid,
      auto_renew: 2,
      roster: null,
      min_members: 0,
      min_age: 0,
      max_age: 120,
      details: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  paymentNos = ['PAYINV001', 'PAYINV002', 'PAYINV003'];
  for (const [i, no] of paymentNos.entries()) {
    await db
      .insertInto('premium_payment')
      .values({
        payment_no: no,
        customer_id: customer.id,
        policy_id: policy.id,
        correction_id: null,
        description: `保费 ${i + 1}`,
        amount_fen: [106_000, 31_800, 5_300][i],
        state: 2,
        pay_type: 'transfer',
        paid_at: now,
        invoice_id: null,
        created_at: now,
      })
      .execute();
  }
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

function rowOf(text: string): HTMLElement {
  return screen
    .getAllByText(text)
    .map((e) => e.closest('tr'))
    .find(Boolean) as HTMLElement;
}

describe('my invoice', () => {
  withViewport(1440);
  it('issues one invoice for two chosen premiums, even on a double click, and lists it', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/myInvoice');
    await screen.findByText('PAYINV001');
    expect(document.title).toBe('My invoice - Member Center');
    expect(screen.getByRole('button', { name: 'Issue e-invoice' })).toBeDisabled();

    fireEvent.click(within(rowOf('PAYINV001')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('PAYINV002')).getByRole('checkbox'));
    expect(screen.getByTestId('selection')).toHaveTextContent('2 selected, total ¥1,378.00');
    fireEvent.click(screen.getByRole('button', { name: 'Issue e-invoice' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('上海恒晟精密制造有限公司')).toBeInTheDocument();
    expect(within(dialog).getByText('¥1,378.00')).toBeInTheDocument();
    const issue = within(dialog).getByRole('button', { name: 'Issue' });
    fireEvent.click(issue);
    fireEvent.click(issue);

    const result = await screen.findByTestId('invoice-result');
    const invoiceNo = within(result).getByText(/^\d{20}$/).textContent!;
    expect(result).toHaveTextContent('¥1,300.00');
    expect(result).toHaveTextContent('¥78.00');
    expect(result).toHaveTextContent('91310115MA1K4B2C3J');

    const count = await gw.app.services.db
      .selectFrom('invoice')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    fireEvent.click(
      within(screen.getByTestId('invoice-result').closest('.ant-modal') as HTMLElement).getByText('Close'),
    );

    // The invoiced premiums leave the list; the invoice appears with its state and a download.
    await waitFor(() => expect(screen.queryByText('PAYINV001')).not.toBeInTheDocument());
    expect(screen.getByText('PAYINV003')).toBeInTheDocument();
    await waitFor(() => expect(rowOf(invoiceNo)).toBeTruthy());
    const invoiceRow = rowOf(invoiceNo);
    expect(invoiceRow).toHaveTextContent('Issued');
    expect(invoiceRow).toHaveTextContent('¥1,378.00');
    expect(within(invoiceRow).getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('shows the gateway’s refusal in the dialog when a premium was invoiced elsewhere meanwhile', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/myInvoice');
    await screen.findByText('PAYINV003');
    fireEvent.click(within(rowOf('PAYINV003')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Issue e-invoice' }));
    const dialog = await screen.findByRole('dialog');
    // Another user of the company invoices it first.
    const db = gw.app.services.db;
    const invoice = await db.selectFrom('invoice').select('id').executeTakeFirstOrThrow();
    await db
      .updateTable('premium_payment')
      .set({ invoice_id: invoice.id })
      .where('payment_no', '=', 'PAYINV003')
      .execute();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Some of the chosen premiums have already been invoiced; refresh the list and choose again.',
    );
  });
});
