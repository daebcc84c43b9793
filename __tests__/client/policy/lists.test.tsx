import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { cards, withViewport } from '../support/viewport';
import { rows } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

describe('employee view', () => {
  withViewport(1440);
  // the first cell after the selection box: the person's name
  const nameOf = (r: HTMLElement) => r.querySelector('td:not(.ant-table-selection-column)')?.textContent;
  it('pages through the insured employees on the server and searches by name or ID number', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/employeeView?policyNo=PEL26310100000352');
    const view = await screen.findByTestId('employee-view');
    await within(view).findByText('176 in all');
    expect(rows(view)).toHaveLength(10);
    expect(within(view).getByTestId('employee-view-policy')).toHaveTextContent('PEL26310100000352');
    const firstPage = rows(view).map(nameOf);

    fireEvent.click(within(view).getByTitle('2'));
    await waitFor(() => expect(nameOf(rows(view)[0])).not.toBe(firstPage[0]));
    expect(rows(view)).toHaveLength(10);

    const name = firstPage[0] as string;
    const search = () => within(view).getByRole('searchbox', { name: 'Name, ID number or employee number' });
    // the search field's own button (beside the field)
    const searchButton = () =>
      search().closest('.mc-search')?.querySelector('button:not(.ant-input-clear-icon)') as HTMLElement;
    fireEvent.change(search(), { target: { value: name } });
    fireEvent.click(searchButton());
    await waitFor(() => expect(rows(view).every((r) => nameOf(r)?.startsWith(name))).toBe(true));
    expect(rows(view).length).toBeGreaterThanOrEqual(1);

    fireEvent.change(search(), { target: { value: 'ZZQQXX' } });
    fireEvent.click(searchButton());
    await waitFor(() => expect(view.querySelector('.ant-table-placeholder')).not.toBeNull());
    expect(rows(view)).toHaveLength(0);
  });

  it('explains what to do when opened without a policy', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/employeeView');
    expect(
      await screen.findByText('Choose a group policy under My policy to see its insured employees.'),
    ).toBeInTheDocument();
  });
});

describe('insurance records', () => {
  withViewport(1440);
  it('lists the records, filters by type and opens one with the people it concerns', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/insuranceRecord');
    const page = await screen.findByTestId('insurance-records');
    await waitFor(() => expect(rows(page)).toHaveLength(10));
    expect(within(page).getByText(/in all$/)).toBeInTheDocument();

    fireEvent.mouseDown(within(page).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Removal'));
    fireEvent.click(within(page).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows(page).every((r) => r.textContent?.includes('Removal'))).toBe(true));
    const first = rows(page)[0];
    // The record number opens the record.
    fireEvent.click(within(first).getAllByRole('button')[0]);
    const detail = await screen.findByTestId('record-detail');
    expect(within(detail).getByText('People concerned')).toBeInTheDocument();
    await waitFor(() => expect(within(detail).getAllByText('Removed').length).toBeGreaterThan(0));
    expect(within(detail).getAllByText(/^\d{3}\*{11}[\dX]{4}$/).length).toBeGreaterThan(0);
  });
});

describe('claims', () => {
  withViewport(1440);
  it('filters claims by state, opens a claim with its timeline and documents, and goes back', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalqueryListClaim');
    const list = await screen.findByTestId('claim-list');
    await within(list).findByText('9 in all');
    fireEvent.click(within(list).getByRole('tab', { name: 'Paid (4)' }));
    await waitFor(() => expect(rows(list)).toHaveLength(4));
    expect(rows(list).every((r) => r.textContent?.includes('Paid'))).toBe(true);

    fireEvent.click(within(list).getByText('CLM2026EL0000931'));
    const detail = await screen.findByTestId('claim-detail');
    expect(within(detail).getByTestId('claim-no')).toHaveTextContent('CLM2026EL0000931');
    expect(within(detail).getByTestId('claim-paid')).toHaveTextContent('¥35,200.00');
    expect(
      within(detail).getByText('The claim was reported and registered; please send the documents listed.'),
    ).toBeInTheDocument();
    expect(within(detail).getByText('Work injury ruling')).toBeInTheDocument();
    expect(document.title).toBe('Claim details - Member Center');

    fireEvent.click(screen.getByTestId('back'));
    expect(await screen.findByTestId('claim-list')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/legal/legalqueryListClaim');
  });

  it('searches by claim number and shows an empty state', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalqueryListClaim');
    const list = await screen.findByTestId('claim-list');
    await within(list).findByText('9 in all');
    fireEvent.change(within(list).getByRole('textbox', { name: 'Claim number' }), { target: { value: 'CLM2025' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Search' }));
    expect(await within(list).findByText('No records yet')).toBeInTheDocument();
  });
});

describe('claims on a phone', () => {
  withViewport(390);
  it('shows each claim as a card with its state, filters by a state tab kept in the address', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalqueryListClaim');
    const list = await screen.findByTestId('claim-list');
    await within(list).findByText('9 in all');
    expect(list.querySelector('table')).toBeNull();
    fireEvent.click(within(list).getByRole('tab', { name: 'Paid (4)' }));
    await waitFor(() => expect(cards(list)).toHaveLength(4));
    expect(cards(list).every((c) => within(c).queryByText('Paid') !== null)).toBe(true);
    expect(new URLSearchParams(window.location.search).get('state')).toBe('4');
  });
});
