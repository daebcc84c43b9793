import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { claimMessages } from '@client/features/policy/claimMessages';
import { rows } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

describe("a member's claims", () => {
  withViewport(1440);
  it('lists the claims with a link to each, and leads to the report form, which names what is missing', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myclaims/claimList');
    const list = await screen.findByTestId('personal-claim-list');
    await waitFor(() => expect(rows(list).length).toBeGreaterThan(0));
    const first = rows(list)[0];
    // the first cell: the claim's number (a link to it) over its policy's
    const claimNo = first.querySelector('td a')?.textContent as string;
    expect(claimNo).toMatch(/^CLM/);
    expect(within(first).getByRole('link', { name: claimNo })).toHaveAttribute(
      'href',
      `/legal/myclaimsQueryDetail?claimNo=${claimNo}`,
    );

    fireEvent.click(within(list).getByRole('button', { name: 'Report a non-car claim' }));
    const form = await screen.findByTestId('claim-report');
    expect(within(form).getByRole('heading', { name: 'Report a non-car claim' })).toBeInTheDocument();
    expect(window.location.search).toBe('?kind=nonCar');
    fireEvent.click(within(form).getByRole('button', { name: 'Report the claim' }));
    expect(await within(form).findByText('Please fill in Policy.')).toBeInTheDocument();
    expect(within(form).getByText('Please fill in Place.')).toBeInTheDocument();
  });

  it('says who to call as the claim stands: a closed claim without an adjuster names the claims team', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myclaimsQueryDetail?claimNo=CLM2026MD0005120');
    const contact = await screen.findByTestId('claim-contact');
    expect(contact).toHaveTextContent(claimMessages['en-US'].claimsTeam);
    expect(contact).not.toHaveTextContent(claimMessages['en-US'].noAdjusterYet);
  });

  it('a claim that is not the member’s shows why and leads back to My claims', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myclaimsQueryDetail?claimNo=CLM2026EL0000931');
    expect(await screen.findByText('The link does not name a claim of your account.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'My claims' }));
    await waitFor(() => expect(window.location.pathname).toBe('/legal/myclaims/claimList'));
  });
});
