/**
 * How HR reaches a correction without typing an address: from the policy's row on My policy, the
 * Employee changes menu page, and the employee view; and what the draft shows as people are added one
 * by one (every person added stays in the draft, with the count and the form cleared for the next).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { buttonAppears, makePolicy, newPerson } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const flowState = () => screen.getByTestId('correction-flow').getAttribute('data-state');
const waitState = (state: string) => waitFor(() => expect(flowState()).toBe(state));
const clickButton = async (name: string) => fireEvent.click(await buttonAppears(name));
const draftRows = () =>
  Array.from(screen.getByTestId('draft-items').querySelectorAll('tbody tr.ant-table-row')) as HTMLElement[];

async function addPerson(name: string, idNumber: string) {
  const form = screen.getByTestId('person-form');
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(within(form).getByLabelText('ID number'), { target: { value: idNumber } });
  fireEvent.click(await buttonAppears('Add to the correction'));
}

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('the way into a correction', () => {
  it('starts an addition from the policy row on My policy; two people added one by one both stay in the draft', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    await gw.login('corp-hr');
    await renderPortal('/legal/myPolicy');
    const table = await screen.findByTestId('policy-table-group');
    const row = (await within(table).findByText(policy.policyNo)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('roster-changes'));
    fireEvent.click(await screen.findByText('Add people'));

    // The right flow for the roster, started for this policy: no policy or change to choose again.
    await waitState('editing.idle');
    expect(window.location.pathname).toMatch(/\/employeeCorrection$/);
    expect(screen.getByTestId('correction-flow')).toHaveTextContent(policy.policyNo);

    const first = newPerson(policy.region, 1);
    await addPerson('Wang Fang', first.idNumber);
    await waitFor(() => expect(draftRows()).toHaveLength(1));
    await waitState('editing.idle');
    expect(screen.getByTestId('added-note')).toHaveTextContent('Wang Fang was added to the correction');
    // the form is cleared for the next person
    expect(within(screen.getByTestId('person-form')).getByLabelText('Name')).toHaveValue('');

    const second = newPerson(policy.region, 2);
    await addPerson('Li Lei', second.idNumber);
    await waitFor(() => expect(draftRows()).toHaveLength(2));
    await waitState('editing.idle');
    const draft = screen.getByTestId('draft-items');
    expect(within(draft).getByText('Wang Fang')).toBeInTheDocument();
    expect(within(draft).getByText('Li Lei')).toBeInTheDocument();
    expect(screen.getByTestId('correction-flow')).toHaveTextContent('2 people');
    expect(screen.getByTestId('added-note')).toHaveTextContent('Li Lei was added to the correction');
  });

  it('offers every in-force roster policy on the Employee changes page and opens the flow its roster needs', async () => {
    const policy = await makePolicy(gw, { members: 2, roster: 'insured' });
    await gw.login('corp-hr');
    await renderPortal('/legal/employeeChanges');
    const row = (await screen.findByText(policy.policyNo)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Insured persons');
    fireEvent.click(within(row).getByRole('button', { name: 'Add people' }));
    await waitState('editing.idle');
    expect(window.location.pathname).toMatch(/\/insuredCorrection$/);
  });

  it('removes the people selected on the employee view after saying what happens', async () => {
    const policy = await makePolicy(gw, { members: 4 });
    await gw.login('corp-hr');
    await renderPortal(`/legal/employeeView?policyNo=${policy.policyNo}`);
    const view = await screen.findByTestId('employee-view');
    await waitFor(() => expect(view.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(4));
    const rowsOf = () => Array.from(view.querySelectorAll<HTMLElement>('tbody tr.ant-table-row'));
    fireEvent.click(rowsOf()[0].querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(rowsOf()[1].querySelector('input[type="checkbox"]') as HTMLInputElement);
    await clickButton('Remove the selected (2)');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove 2 people?');
    expect(dialog).toHaveTextContent(`A correction of policy ${policy.policyNo} opens with them as leavers`);
    await clickButton('Continue to the removal');
    await waitFor(() => expect(draftRows()).toHaveLength(2));
    await waitState('editing.idle');
    expect(within(screen.getByTestId('draft-items')).getAllByText('Leaves')).toHaveLength(2);
  });

  it('opens the policies a home tile counts: Pending payment lists the motor policy awaiting payment', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/index');
    const block = await screen.findByTestId('policy-block');
    await waitFor(() => expect(within(block).getByTestId('policy-count-3')).toHaveTextContent('1'));
    fireEvent.click(within(block).getByRole('button', { name: 'Pending payment 1' }));
    const table = await screen.findByTestId('policy-table-all');
    await within(table).findByText('PDA26310100005390');
    await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1));
    expect(new URLSearchParams(window.location.search).get('state')).toBe('3');
  });
});
