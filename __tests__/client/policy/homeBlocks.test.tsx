import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '@client/app/store';
import { MemberInfoBlock } from '@client/features/policy/components/MemberInfoBlock';
import { PolicyBlock } from '@client/features/policy/components/PolicyBlock';
import { setLocale } from '@client/state/ui';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

/** The blocks the lead mounts on the corporate home, rendered with the portal's store. */
async function renderBlocks() {
  const { store } = createStore();
  await act(async () => {
    render(
      <Provider store={store}>
        <AntApp>
          <MemoryRouter>
            <PolicyBlock />
            <MemberInfoBlock />
          </MemoryRouter>
        </AntApp>
      </Provider>,
    );
  });
}

describe('corporate home blocks', () => {
  it("the policy block counts the company's policies by state and lists those ending soon", async () => {
    await gw.login('corp-hr');
    await renderBlocks();
    const block = await screen.findByTestId('policy-block');
    await waitFor(() => expect(within(block).getByTestId('policy-count-1')).toHaveTextContent('6'));
    expect(within(block).getByTestId('policy-count-2')).toHaveTextContent('2');
    expect(within(block).getByTestId('policy-count-3')).toHaveTextContent('1');
    expect(await within(block).findByText(/Group term life insurance · PGL26310100000610/)).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Claims query' })).toBeInTheDocument();
  });

  it('the member block shows the company, its credit code, contact and account state', async () => {
    await gw.login('corp-hr');
    await renderBlocks();
    const block = await screen.findByTestId('member-block');
    await waitFor(() => expect(within(block).getByText('91310115MA1K4B2C3J')).toBeInTheDocument());
    expect(within(block).getByText('上海恒晟精密制造有限公司')).toBeInTheDocument();
    expect(within(block).getByText(/^王晓梅/)).toBeInTheDocument();
    expect(within(block).getByText('Active')).toBeInTheDocument();
  });

  it('the policy block of a company with only expired policies says nothing ends soon', async () => {
    await gw.login('corp-closing');
    await renderBlocks();
    const block = await screen.findByTestId('policy-block');
    await waitFor(() => expect(within(block).getByTestId('policy-count-2')).toHaveTextContent('2'));
    expect(within(block).getByText('No policy ends within 30 days.')).toBeInTheDocument();
  });
});

describe('in Simplified Chinese', () => {
  it('the claim detail speaks Chinese from the catalogue', async () => {
    await gw.login('corp-hr');
    const portal = await renderPortal('/legal/myclaimsQueryDetail?claimNo=CLM2026GH0001263');
    await act(async () => {
      portal.store.dispatch(setLocale('zh-CN'));
    });
    const detail = await screen.findByTestId('claim-detail');
    expect(within(detail).getByText('理赔进度')).toBeInTheDocument();
    expect(within(detail).getAllByText('已拒赔').length).toBeGreaterThan(0);
    expect(within(detail).getByText('理赔材料')).toBeInTheDocument();
  });
});
