import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { captureDownloads, rows } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('policy detail pages', () => {
  it('legalPolicyDetail shows a property policy: parties, period, coverages, insured property, payments, documents', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalPolicyDetail?policyNo=PRP26310100000126');
    const detail = await screen.findByTestId('policy-detail');
    expect(within(detail).getByTestId('policy-no')).toHaveTextContent('PRP26310100000126');
    expect(within(detail).getAllByText('上海恒晟精密制造有限公司').length).toBeGreaterThan(0);
    expect(within(detail).getByText('91310115MA1K4B2C3J')).toBeInTheDocument();
    expect(within(detail).getByText('Property all risks (main cover)')).toBeInTheDocument();
    expect(within(detail).getByText('¥86,500,000.00', { selector: 'td' })).toBeInTheDocument();
    expect(within(detail).getByText(/张江路 1288 号 厂房/)).toBeInTheDocument();
    expect(within(detail).getByText('PAY2026PRP000126')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: /E-policy/ })).toBeInTheDocument();
    expect(document.title).toBe('Property insurance policy details - Member Center');
  });

  it('legalCarPolicyDetail shows the vehicle, plate and NCD of a motor policy', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalCarPolicyDetail?policyNo=PDA26310100004417');
    const vehicle = await screen.findByTestId('vehicle');
    expect(within(vehicle).getByText('沪A·D82K6')).toBeInTheDocument();
    expect(within(vehicle).getByText('coefficient 0.85, 1 claim-free year')).toBeInTheDocument();
    expect(screen.getByText('Third-party liability')).toBeInTheDocument();
  });

  it('lifePolicyDetail for member-senior: beneficiaries and premium receipts, a receipt downloads', async () => {
    await gw.login('member-senior');
    const downloads = captureDownloads();
    try {
      await renderPortal('/legal/lifePolicyDetail?policyNo=LIF21310100003321');
      const detail = await screen.findByTestId('policy-detail');
      expect(within(detail).getByText('周明远 (50%)')).toBeInTheDocument();
      const receipts = within(detail).getByTestId('receipts');
      await waitFor(() => expect(rows(receipts)).toHaveLength(5));
      fireEvent.click(within(rows(receipts)[0]).getByRole('button', { name: /Receipt/ }));
      expect(
        await screen.findByText(/The document was saved as Premium receipt PAY-LIF3321-05\.pdf\./),
      ).toBeInTheDocument();
      expect(downloads.saved).toEqual(['Premium receipt PAY-LIF3321-05.pdf']);
    } finally {
      downloads.restore();
    }
  });

  it('healthyPolicyDetail shows a group health policy with its roster summary', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/healthyPolicyDetail?policyNo=PGH26310100000533');
    const roster = await screen.findByTestId('roster-summary');
    await waitFor(() => expect(within(roster).getByTestId('roster-count')).toHaveTextContent('118'));
    expect(screen.getByRole('button', { name: 'View insured employees' })).toBeInTheDocument();
  });

  it("legalinsuranceDetail shows the employer policy's rates and roster by risk category", async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalinsuranceDetail?policyNo=PEL26310100000352');
    const roster = await screen.findByTestId('roster-summary');
    await waitFor(() => expect(within(roster).getByTestId('roster-count')).toHaveTextContent('176'));
    expect(screen.getByText('Premium per risk category')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Employer certificate/ })).toBeInTheDocument();
  });

  it('counterPolicyDetails shows the order without the left menu, and insuredPolicyDetails the application', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/counterPolicyDetails?policyNo=PDA26310100005390');
    const detail = await screen.findByTestId('policy-detail');
    expect(within(detail).getByTestId('policy-no')).toHaveTextContent('PDA26310100005390');
    expect(within(detail).getByText('The documents are issued once the premium is paid.')).toBeInTheDocument();
    expect(screen.queryByRole('menu', { name: 'Main menu' })).toBeNull();
  });

  it('a policy of another customer shows a clear page and a way back', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/legalPolicyDetail?policyNo=PRP26310100000126');
    expect(await screen.findByText('This page cannot be shown')).toBeInTheDocument();
    expect(await screen.findByText('There is no such policy in your account.')).toBeInTheDocument();
    // The way out leads to the member's own policies, not the corporate list.
    fireEvent.click(screen.getByRole('button', { name: 'Go to my policies' }));
    await waitFor(() => expect(window.location.pathname).toBe('/legal/mypolicy/policyList'));
  });
});
