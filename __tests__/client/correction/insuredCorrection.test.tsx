import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { buttonAppears, makePolicy } from './support';
let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const waitState = (state: string) =>
  waitFor(() => expect(screen.getByTestId('correction-flow')).toHaveAttribute('data-state', state));

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('insured correction (car policy variant) against a real gateway', () => {
  it('shows a person with bank information, removes them, previews the refund and settles without payment', async () => {
    const policy = await makePolicy(gw, { roster: 'insured', kind: 'motor', members: 3 });
    await gw.login('corp-hr');
    await renderPortal(`/legal/insuredCorrection?policyNo=${policy.policyNo}`);
    await waitFor(() => expect(screen.getByText(new RegExp(policy.policyNo))).toBeInTheDocument());
    fireEvent.click(screen.getByText('Remove people'));
    fireEvent.click(await buttonAppears('Start'));
    await waitState('editing.idle');
    expect(screen.getByText('Employee changes', { selector: 'h3' })).toBeInTheDocument();

    const list = screen.getByTestId('employee-list');
    fireEvent.click(await within(list).findByRole('button', { name: 'Member A0' }));
    const detail = await screen.findByTestId('person-detail');
    expect(within(detail).getByText('Member A0')).toBeInTheDocument();
    const bank = await screen.findByTestId('bank-info');
    expect(within(bank).getByText('Bank of China')).toBeInTheDocument();
    expect(bank.textContent).toMatch(/\*\*\*\* \*\*\*\* \d{4}/);

    fireEvent.click(within(list).getByRole('checkbox', { name: 'Member A0' }));
    fireEvent.click(await buttonAppears('Remove the selected people (1)'));
    await waitFor(() => expect(within(screen.getByTestId('draft-items')).getByText('Member A0')).toBeInTheDocument());
    await waitState('editing.idle');

    fireEvent.click(await buttonAppears('Check and calculate the premium'));
    await waitState('preview');
    expect(screen.getByTestId('net-amount').textContent).toMatch(/^-¥\d/);
    fireEvent.click(await buttonAppears('Continue'));
    await waitState('scenario.choosing');
    fireEvent.click(await buttonAppears('Submit for business approval'));
    const summary = await screen.findByTestId('change-summary');
    expect(summary).toHaveTextContent('Member A0');
    expect(summary.textContent).toMatch(/Joiningnobody.*LeavingMember A0/);
    expect(summary.textContent).toMatch(/Refund¥[\d.,]+/);
    fireEvent.click(await buttonAppears('Submit'));
    await waitState('done');
    expect(screen.getByTestId('flow-done').textContent).toMatch(/The refund of ¥[\d.,]+ goes to the account on file/);
  });
});
