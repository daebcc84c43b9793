/** Logging out and closing the privacy authorisation against the real gateway; the chunk boundary. */
import { lazy } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { pageRegistry } from '@client/app/pageRegistry';
import { RegistryPage } from '@client/app/RegistryPage';
import { createStore } from '@client/app/store';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { recorders } from '../support/probe';

let gw: ClientGateway;
const rec = recorders();
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
beforeEach(() => rec.clear());
afterEach(() => gw.forget());

const loginInfo = () => fetch(`${gw.url}/gateway/blocLegal/login/getLoginInfo?channelType=1`).then((r) => r.json());

it("logs out: confirm, the call, 'You have logged out.', the corporate login page; the gateway session is over", async () => {
  await gw.login('corp-hr');
  const { store } = await renderPortal('/legal/index');
  await screen.findByTestId('corporate-home');
  fireEvent.click(screen.getByTestId('logout'));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(rec.left).toEqual(['/idprovider/login?flag=legal&reason=logout']));
  expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
  expect(store.getState().session.status).toBe('loggedOut');
  expect((await loginInfo()).status).toBe('ERR_1004');
});

it('closes the privacy authorisation and logs out; the gateway records it', async () => {
  await gw.login('member-senior');
  await renderPortal('/legal/index');
  await screen.findByTestId('personal-home');
  fireEvent.click(screen.getByTestId('close-auth'));
  const dialog = (await screen.findByText(/The insurer will stop processing/)).closest('[role=dialog]') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(rec.left).toEqual(['/idprovider/login?reason=authClosed']));
  const user = await gw.app.services.db
    .selectFrom('app_user')
    .select('privacy_authorised')
    .where('username', '=', 'member-senior')
    .executeTakeFirstOrThrow();
  expect(user.privacy_authorised).toBe(2);
  expect((await loginInfo()).status).toBe('ERR_1004');
  await gw.app.services.db
    .updateTable('app_user')
    .set({ privacy_authorised: 1 })
    .where('username', '=', 'member-senior')
    .execute();
});

it('shows a clear failure with a way to retry when a page chunk does not arrive', async () => {
  pageRegistry.BrokenChunk = lazy(() =>
    Promise.reject(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' })),
  );
  const { store } = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <RegistryPage component="BrokenChunk" />
      </MemoryRouter>
    </Provider>,
    { onCaughtError: () => undefined },
  );
  expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
  expect(
    screen.getByText('Part of the portal did not arrive. Check your network connection and try again.'),
  ).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(rec.reloads()).toBe(1);
  delete pageRegistry.BrokenChunk;
});
