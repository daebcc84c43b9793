import { screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from './support/portal';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

describe('the portal skeleton against a real gateway', () => {
  it('shows the corporate home with the company and the server menu for corp-hr', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/');
    expect(await screen.findByTestId('corporate-home')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/legal/index');
    expect(screen.getByRole('heading', { name: 'Corporate customer home' })).toBeInTheDocument();
    expect(screen.getByText('上海恒晟精密制造有限公司')).toBeInTheDocument();
    const menu = screen.getByRole('menu', { name: 'Main menu' });
    await waitFor(() => expect(within(menu).getByText('My policy')).toBeInTheDocument());
    expect(within(menu).getByText('Complaints and suggestions')).toBeInTheDocument();
    expect(document.title).toBe('Corporate customer home - Member Center');
  });

  it('shows the personal-centre home for an individual member', async () => {
    await gw.login('member-basic');
    await renderPortal('/legal/index');
    expect(await screen.findByTestId('personal-home')).toBeInTheDocument();
    // One greeting on the page: the personal centre's, which invites a non-senior member to complete their information.
    expect(
      await screen.findByText('Complete your personal information to become a senior member.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Logged in as/)).toBeNull();
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hello, 赵鹏');
  });

  it('keeps only nickName and showApp of the session in local storage', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/index');
    await screen.findByTestId('personal-home');
    await waitFor(() => expect(window.localStorage.getItem('persist:mc-session')).toContain('李文静'));
    const persisted = JSON.parse(window.localStorage.getItem('persist:mc-session') as string);
    expect(
      Object.keys(persisted)
        .filter((k) => k !== '_persist')
        .sort(),
    ).toEqual(['nickName', 'showApp']);
  });

  it('sends a path that is neither fixed nor in the menu to the hidden 404 page', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/legalaccountCancelX');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/legal/404');
  });

  it('does not render a corporate menu page for an individual who types its path', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myPolicy');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
