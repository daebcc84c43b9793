import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { cards, withViewport } from '../support/viewport';
import { captureDownloads, rows } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

describe('My policy on a wide screen', () => {
  withViewport(1440);
  it('lists the group policies from the gateway, filters them by state and opens the employee view', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/myPolicy');
    const table = await screen.findByTestId('policy-table-group');
    await within(table).findByText('PGL26310100000610');
    expect(rows(table)).toHaveLength(4);
    expect(within(table).getByText('4 in all')).toBeInTheDocument();
    expect(within(table).getAllByText('In force')).toHaveLength(3);

    fireEvent.change(within(table).getByRole('textbox', { name: 'Policy number' }), { target: { value: 'PGA25' } });
    fireEvent.click(within(table).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows(table)).toHaveLength(1));
    expect(within(table).getByText('PGA25310100000287')).toBeInTheDocument();
    expect(within(table).getByText('Expired')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(rows(table)).toHaveLength(4));
    const row = within(table).getByText('PGA26310100000415').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Employees' }));
    expect(await screen.findByTestId('employee-view')).toBeInTheDocument();
    expect(window.location.search).toBe('?policyNo=PGA26310100000415');
  });

  it('shows the employer, property and life tables on their tabs, and an empty state', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/myPolicy?tab=property');
    const table = await screen.findByTestId('policy-table-property');
    await within(table).findByText('PDA26310100004417');
    expect(rows(table)).toHaveLength(4);
    fireEvent.click(screen.getByRole('tab', { name: 'Employer policies' }));
    const employer = await screen.findByTestId('policy-table-employer');
    await within(employer).findByText('PEL26310100000352');
    expect(within(employer).getByText('176')).toBeInTheDocument();

    fireEvent.change(within(employer).getByRole('textbox', { name: 'Product' }), {
      target: { value: 'no such product' },
    });
    fireEvent.click(within(employer).getByRole('button', { name: 'Search' }));
    expect(await within(employer).findByText('No records yet')).toBeInTheDocument();
  });

  it('sorts on the server when a column header is clicked', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/myPolicy?tab=property');
    const table = await screen.findByTestId('policy-table-property');
    await within(table).findByText('PDA26310100004417');
    const header = within(table)
      .getAllByText('Premium')
      .find((el) => el.closest('th')) as HTMLElement;
    fireEvent.click(header);
    await waitFor(() => {
      const premiums = rows(table).map((r) =>
        Number((r.querySelectorAll('td')[6].textContent ?? '').replace(/[¥,]/g, '')),
      );
      expect(premiums).toEqual([...premiums].sort((a, b) => a - b));
    });
  });

  it('downloads an e-policy and says so in the result dialog', async () => {
    await gw.login('corp-hr');
    const downloads = captureDownloads();
    try {
      await renderPortal('/legal/myPolicy?tab=property');
      const table = await screen.findByTestId('policy-table-property');
      await within(table).findByText('PDA26310100004417');
      // In force and paid: the row offers the e-policy; pending payment: it does not.
      const pending = within(table).getByText('PDA26310100005390').closest('tr') as HTMLElement;
      expect(within(pending).queryByRole('button', { name: 'E-policy' })).toBeNull();
      const paid = within(table).getByText('PRP26310100000126').closest('tr') as HTMLElement;
      fireEvent.click(within(paid).getByRole('button', { name: 'E-policy' }));
      expect(await screen.findByText('The document was saved as E-policy PRP26310100000126.pdf.')).toBeInTheDocument();
      expect(downloads.saved).toEqual(['E-policy PRP26310100000126.pdf']);
    } finally {
      downloads.restore();
    }
  });
});

describe('My policy on a phone', () => {
  withViewport(390);
  it('shows each policy as a card with its number, state and actions as buttons, and keeps the filter in the address', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/myPolicy?tab=group');
    const list = await screen.findByTestId('policy-table-group');
    await within(list).findByText('PGL26310100000610');
    expect(list.querySelector('table')).toBeNull();
    expect(cards(list)).toHaveLength(4);
    const card = within(list).getByText('PGA26310100000415').closest('li') as HTMLElement;
    expect(within(card).getByText('In force')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Details' })).toBeInTheDocument();

    // the filters wait behind their button, the list on the first screen
    expect(within(list).queryByRole('textbox', { name: 'Policy number' })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: /Filters$/ }));
    fireEvent.change(within(list).getByRole('textbox', { name: 'Policy number' }), { target: { value: 'PGA25' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(cards(list)).toHaveLength(1));
    expect(within(list).getByRole('button', { name: /Filters \(1\)$/ })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('policyNo')).toBe('PGA25');
    expect(within(cards(list)[0]).getByText('Expired')).toBeInTheDocument();
  });
});
