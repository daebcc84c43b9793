import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal as render, startClientGateway, type ClientGateway } from '../support/portal';
import { cards, withViewport } from '../support/viewport';
import { settled } from './settle';

let lastStore: Awaited<ReturnType<typeof render>>['store'] | null = null;
const renderPortal = async (path: string) => {
  const rendered = await render(path);
  lastStore = rendered.store;
  return rendered;
};

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

jest.setTimeout(30_000);

describe('club and asset pages for a senior member', () => {
  withViewport(1440);
  it.each([
    ['/legal/myclub/myScore', 'my-score', '7,416'],
    ['/legal/myclub/integralOrder', 'integral-order', 'SF1460023318870'],
    ['/legal/myclub/servicePackage', 'service-package', 'Health management package'],
    ['/legal/myclub/serviceCustom', 'service-custom', 'FW20261101000520'],
    ['/legal/myclub/collect', 'collect', 'How annuity bonuses are declared'],
    ['/legal/myclub/activity', 'activity', 'Winter health lecture'],
    ['/legal/assets/transactionQuery', 'transaction-query', 'T2026112000015'],
    ['/legal/assets/assetsDetails', 'assets-details', 'Zhixuan investment-linked account'],
    ['/legal/assets/bonusRecord', 'bonus-record', 'Total: ¥38,170.52'],
    ['/legal/assets/investmentManagement', 'investment-management', 'Technology growth fund'],
  ])('%s shows the seeded data', async (path, testId, text) => {
    await gw.login('member-senior');
    await renderPortal(path);
    const page = await screen.findByTestId(testId);
    expect(await within(page).findByText(text, { exact: false })).toBeInTheDocument();
  });

  it('cites a policy not in the account yet with a way to bind it, not a dead number', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/assets/assetsDetails');
    const page = await screen.findByTestId('assets-details');
    const row = (await within(page).findAllByText('LBK2025310400017'))[0].closest('tr') as HTMLElement;
    expect(within(row).getByText('Not in your account yet.', { exact: false })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Bind a policy' })).toHaveAttribute(
      'href',
      '/legal/mypolicy/policyList?bind=1',
    );
  });

  it('asks before removing a favourite, and keeps it when the member says so', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myclub/collect');
    const page = await screen.findByTestId('collect');
    const row = (await within(page).findByText('How annuity bonuses are declared', { exact: false })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(/^Remove “How annuity bonuses are declared.*” from your favourites\?$/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(within(page).getByText('How annuity bonuses are declared', { exact: false })).toBeInTheDocument();
  });

  it('pages a list in the database: the second page of transactions', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/assets/transactionQuery');
    const page = await screen.findByTestId('transaction-query');
    await within(page).findByText('T2026112000015');
    expect(within(page).getByText('16 in all')).toBeInTheDocument();
    fireEvent.click(within(page).getByTitle('2'));
    expect(await within(page).findByText('T2025043000002')).toBeInTheDocument();
    expect(within(page).queryByText('T2026112000015')).not.toBeInTheDocument();
  });
});

describe('club and asset lists on a phone', () => {
  withViewport(390);
  it('shows transactions as cards and pages them from the address', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/assets/transactionQuery');
    const page = await screen.findByTestId('transaction-query');
    await within(page).findByText('T2026112000015');
    expect(page.querySelector('table')).toBeNull();
    expect(cards(page)).toHaveLength(10);
    expect(within(page).getByText('16 in all')).toBeInTheDocument();
    fireEvent.click(within(page).getByTitle('Next Page'));
    expect(await within(page).findByText('T2025043000002')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(cards(page)).toHaveLength(6);
  });

  it('redeems a gift from its card', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myclub/myScore');
    const catalogue = await screen.findByTestId('gift-catalogue');
    const card = (await within(catalogue).findAllByRole('button', { name: 'Redeem' }))
      .map((b) => b.closest('li') as HTMLElement)
      .find((li) => !within(li).getByRole('button', { name: 'Redeem' }).hasAttribute('disabled'));
    expect(card).toBeDefined();
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('a non-senior member (docs/SPEC.md §5)', () => {
  it('is refused a club page with the message and the warning dialog; "immediately complete" goes to personal info', async () => {
    await gw.login('member-basic');
    await renderPortal('/legal/myclub/myScore');
    expect(await screen.findByTestId('senior-refused')).toHaveTextContent(
      'Your information is incomplete; you cannot take part in club activities!',
    );
    const dialog = await screen.findByRole('dialog');
    // The shell's guard refuses first, and alone: one warning dialog, one toast.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(
      within(dialog).getByText(
        'Complete your personal information to become a senior member and use the club and asset services.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete now' }));
    await waitFor(() => expect(window.location.pathname).toBe('/legal/myprofile/personalInfo'));
    expect(await screen.findByTestId('personal-info')).toBeInTheDocument();
  });

  it('is refused an asset route with the routes’ message of docs/SPEC.md §5; "not now" goes home', async () => {
    await gw.login('member-basic');
    await renderPortal('/legal/assets/assetsDetails');
    expect(await screen.findByTestId('senior-refused')).toHaveTextContent(
      'Your information is incomplete; you cannot take part in club activities!',
    );
    // The page's notice and the error toast.
    await waitFor(() =>
      expect(
        screen.getAllByText('Your information is incomplete; you cannot take part in club activities!').length,
      ).toBeGreaterThanOrEqual(2),
    );
    const dialog = await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.querySelectorAll('.ant-message-notice, .ant-notification-notice').length).toBeLessThanOrEqual(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(window.location.pathname).toBe('/legal/index'));
  });
});

describe('the risk questionnaire', () => {
  it('shows the stored result, takes the questionnaire and shows the gateway’s score', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/assets/riskEvaluating');
    const page = await screen.findByTestId('risk-evaluating');
    expect(await within(page).findByTestId('risk-latest')).toHaveTextContent('Your risk level: Balanced (score 44)');
    // Role queries walk the whole accessibility tree of the portal at every step (slow in jsdom):
    // the questionnaire is driven by its texts and inputs instead.
    const button = (name: string) => within(page).getByText(name).closest('button') as HTMLButtonElement;
    fireEvent.click(button('Take it again'));
    for (let n = 1; n <= 10; n += 1) {
      await within(page).findByText(`Question ${n} of 10`);
      const radios = page.querySelectorAll<HTMLInputElement>('input[type=radio]');
      expect(radios.length).toBeGreaterThan(1);
      fireEvent.click(radios[0]);
      if (n < 10) fireEvent.click(button('Next'));
    }
    fireEvent.click(button('Submit'));
    expect(await within(page).findByText('Result: Conservative')).toBeInTheDocument();
    const stored = await gw.app.services.db
      .selectFrom('risk_evaluation')
      .select(['score', 'level'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ score: 10, level: 1 });
  });
});
