import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ItemChange } from '@contract/io/correction';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { call, key, makePolicy, newPerson } from './support';
let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

async function draftWithOnePerson(name: string) {
  const policy = await makePolicy(gw, { members: 2 });
  const person = { ...newPerson(policy.region, 3), name };
  const change = await call<ItemChange>(gw, 'blocLegal/employee/addSingleEmployee', {
    policyId: policy.policyId,
    idempotencyKey: key(),
    effectiveDate: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
    ...person,
  });
  return { policy, person, correction: change.correction };
}

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('the correction records page', () => {
  it('lists a draft, shows its details, and continues it where it was', async () => {
    await gw.login('corp-hr');
    const { correction, person } = await draftWithOnePerson('Record Zhao');
    await renderPortal('/legal/correctRecord');
    const row = (await screen.findByText(correction.correctionNo)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const detail = await screen.findByTestId('record-detail');
    // the ID number is masked as everywhere else
    const masked = `${person.idNumber.slice(0, 3)}${'*'.repeat(11)}${person.idNumber.slice(-4)}`;
    expect(within(detail).getByText(masked)).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/legal/employeeCorrection'));
    expect(new URLSearchParams(window.location.search).get('correctionId')).toBe(String(correction.correctionId));
    // the machine is restored from correctDetail: straight back into editing, with the person in the draft
    await waitFor(() => expect(screen.getByTestId('correction-flow')).toHaveAttribute('data-state', 'editing.idle'));
    expect(within(screen.getByTestId('draft-items')).getByText('Record Zhao')).toBeInTheDocument();
  });

  it('deletes a draft after confirmation; the list shows it cancelled', async () => {
    await gw.login('corp-hr');
    const { correction } = await draftWithOnePerson('Record Qian');
    await renderPortal('/legal/correctRecord');
    const row = () => screen.getByText(correction.correctionNo).closest('tr') as HTMLElement;
    await screen.findByText(correction.correctionNo);
    fireEvent.click(within(row()).getByRole('button', { name: 'Delete the draft' }));
    expect(
      await screen.findByText(
        `Delete the draft of correction ${correction.correctionNo}? Nothing is changed on the policy.`,
      ),
    ).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The correction was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(row()).getByText('Cancelled')).toBeInTheDocument());
    expect(within(row()).queryByRole('button', { name: 'Delete the draft' })).toBeNull();
  });
});
