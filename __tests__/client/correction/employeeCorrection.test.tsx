import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { buttonAppears, cashier, makePolicy, newPerson } from './support';
let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const flowState = () => screen.getByTestId('correction-flow').getAttribute('data-state');
const waitState = (state: string) => waitFor(() => expect(flowState()).toBe(state));

// by the button's text from the DOM: role queries over the whole portal cost seconds each in jsdom
const clickButton = async (name: string) => fireEvent.click(await buttonAppears(name));

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('employee correction against a real gateway', () => {
  it('adds one employee, previews the premium, is approved, pays in the cashier and sees it paid without a reload', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    // The cashier window opens with the Pay click (blank), and its address follows when the link arrives.
    const cashierWindow = { opener: null, closed: false, location: { href: '' }, close: () => undefined };
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return cashierWindow;
    }) as unknown as typeof window.open;
    await gw.login('corp-hr');
    await renderPortal(`/legal/employeeCorrection?policyNo=${policy.policyNo}`);
    await screen.findByText('Employee changes', { selector: 'h3' });
    await waitFor(() => expect(screen.getByText(new RegExp(policy.policyNo))).toBeInTheDocument());
    expect(flowState()).toBe('choosing.idle');
    await clickButton('Start');
    await waitState('editing.idle');

    // A wrong ID number is caught before anything is sent.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Wang Fang' } });
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '12345' } });
    await clickButton('Add to the correction');
    expect(await screen.findByText('wrong number of digits in the ID number')).toBeInTheDocument();
    expect(flowState()).toBe('editing.idle');

    const person = newPerson(policy.region, 1);
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: person.idNumber } });
    await clickButton('Add to the correction');
    await waitFor(() => expect(within(screen.getByTestId('draft-items')).getByText('Wang Fang')).toBeInTheDocument());
    await waitState('editing.idle');
    expect(new URLSearchParams(window.location.search).get('correctionId')).toMatch(/^\d+$/);

    await clickButton('Check and calculate the premium');
    await waitState('preview');
    const net = screen.getByTestId('net-amount').textContent ?? '';
    expect(net).toMatch(/^¥\d/);
    expect(screen.getByTestId('pay-bar')).toHaveTextContent(`To settle: ${net}`);

    await clickButton('Continue');
    await waitState('scenario.choosing');
    fireEvent.click(screen.getByLabelText(/^Pay online/));
    await clickButton('Submit for business approval');
    // The summary before anything is sent: who joins, the money, then submit.
    const summary = await screen.findByTestId('change-summary');
    expect(summary).toHaveTextContent('Wang Fang');
    expect(summary).toHaveTextContent(net);
    await clickButton('Submit');
    await waitState('approved');
    // One click from Pay to the cashier.
    await clickButton(`Pay ${net}`);
    await waitFor(() => expect(flowState()).toMatch(/^payment\.watching/));
    expect(opened).toEqual(['']);
    expect(cashierWindow.location.href).toMatch(/\/cashier\//);
    expect(screen.getByTestId('pay-amount')).toHaveTextContent(net);

    await cashier(gw, new URL(cashierWindow.location.href).pathname, 'pay');
    await waitState('done');
    expect(screen.getByTestId('flow-done')).toHaveTextContent('The correction is in force');
  });
});
