import { act, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '@client/app/store';
import { PersonalHomeBlocks } from '@client/features/personal/components/HomeBlocks';
import { startClientGateway, type ClientGateway } from '../support/portal';
import { settled } from './settle';

let lastStore: ReturnType<typeof createStore>['store'] | null = null;

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(async () => {
  await settled(lastStore);
  lastStore = null;
  gw.forget();
});

async function renderBlocks() {
  const { store } = createStore();
  lastStore = store;
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter>
          <AntApp>
            <PersonalHomeBlocks />
          </AntApp>
        </MemoryRouter>
      </Provider>,
    );
  });
}

describe('the personal-home blocks', () => {
  it('greet a senior member and show points, pending orders and shortcuts', async () => {
    await gw.login('member-senior');
    await renderBlocks();
    expect(await screen.findByText('Hello, 李文静')).toBeInTheDocument();
    expect(screen.getByText('Senior member')).toBeInTheDocument();
    const points = screen.getByTestId('personal-points');
    expect(await within(points).findByText('7,416')).toBeInTheDocument();
    const pending = screen.getByTestId('personal-pending-orders');
    expect(within(pending).getByText('Chewuyou motor (commercial)')).toBeInTheDocument();
    expect(within(pending).getByText('Kangning critical illness plus')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('personal-shortcuts')).getByRole('link', { name: 'Bind a policy' }),
    ).toHaveAttribute('href', '/mypolicy/policyList?bind=1');
  });

  it('invite a non-senior member to complete the information and keep the points locked', async () => {
    await gw.login('member-basic');
    await renderBlocks();
    expect(await screen.findByText('Hello, 赵鹏')).toBeInTheDocument();
    expect(screen.getByText('Complete your personal information to become a senior member.')).toBeInTheDocument();
    expect(within(screen.getByTestId('personal-points')).getByText('Available to senior members')).toBeInTheDocument();
    expect(within(screen.getByTestId('personal-recent-claims')).getByText('No claims.')).toBeInTheDocument();
  });
});
