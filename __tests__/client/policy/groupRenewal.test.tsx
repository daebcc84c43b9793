/**
 * The group renewal's pages against the demo world (its group term life policy ends within the
 * renewal's days): the corporate home's notice with the days left, the renewal page's rates, roster,
 * totals and messages in both languages, a clerk who may read but not accept, the automatic renewal
 * changed after a confirmation, and accepting and paying at the cashier.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beijingDay } from '@common/time';
import type { GroupRenewalBrief } from '@contract/io/policy';
import type { FirstAnswers } from '@contract/portalConfig';
import { switchLocale } from '@client/app/switchLocale';
import { callAnswer, renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { rows } from './support';

const LIFE = 'PGL26310100000610';
const RATE = 36_000;

let gw: ClientGateway;
let endDate: string;
let headcount: number;
let daysLeft: number;
beforeAll(async () => {
  gw = await startClientGateway();
  const policy = await gw.app.services.db
    .selectFrom('policy')
    .select(['end_date', 'insured_count'])
    .where('policy_no', '=', LIFE)
    .executeTakeFirstOrThrow();
  endDate = policy.end_date;
  headcount = policy.insured_count;
  daysLeft = Math.round((Date.parse(endDate) - Date.parse(beijingDay())) / 86_400_000);
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** The cashier window the Pay click opens (blank), whose address follows when the link arrives. */
function stubCashierWindow() {
  const win = { opener: null, closed: false, location: { href: '' }, close: () => undefined };
  const original = window.open;
  window.open = (() => win) as unknown as typeof window.open;
  return { win, restore: () => (window.open = original) };
}

/**
 * The first answers as the gateway writes them into index.html for corp-hr's home (server/portal.test.ts
 * checks they are the calls' own), the renewal told apart from its call's answer by a headcount the
 * roster does not have.
 */
async function firstAnswersCarrying(fakeHeadcount: number): Promise<FirstAnswers> {
  const answer = callAnswer;
  const [carried] = (await answer('blocLegal/legalPolicy/groupRenewals')) as GroupRenewalBrief[];
  expect(carried.policyNo).toBe(LIFE);
  return {
    loginInfo: await answer('blocLegal/login/getLoginInfo'),
    menus: await answer('blocLegal/menu/getEcenterMenus'),
    hideMenu: await answer('blocLegal/menu/queryHideMyScore'),
    page: { groupRenewals: [{ ...carried, headcount: fakeHeadcount }] },
  };
}

withViewport(1440);

describe('the group renewal', () => {
  it('is announced on the corporate home and the policy page with the days left, and opens its page', async () => {
    expect(daysLeft).toBeGreaterThan(0);
    expect(daysLeft).toBeLessThanOrEqual(60);
    await gw.login('corp-hr');
    await renderPortal('/legal/index');
    const notice = await screen.findByTestId(`group-renewal-${LIFE}`);
    expect(notice).toHaveTextContent(
      `Renewal ready: Group term life insurance (${LIFE}) ends on ${endDate}, ${daysLeft} days left. Next year: ${headcount} people, premium ${yuan(headcount * RATE)}.`,
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Review the renewal' }));
    const page = await screen.findByTestId('group-renewal-page');
    expect(window.location.pathname).toBe('/legal/groupRenewal');
    expect(within(page).getByTestId('renewal-state')).toHaveTextContent('Awaiting acceptance');

    await renderPortal(`/legal/lifePolicyDetail?policyNo=${LIFE}`);
    const detail = await screen.findByTestId('policy-detail');
    expect(await within(detail).findByTestId(`group-renewal-${LIFE}`)).toHaveTextContent(`${daysLeft} days left`);
    expect(within(detail).getByTestId('auto-renew')).toHaveTextContent('No');
    // its product lets the company change it there too
    expect(within(detail).getByTestId('auto-renew-change')).toHaveTextContent('Change');
  });

  it('shows the renewal index.html carried with the home’s first drawing, then its own call’s answer', async () => {
    await gw.login('corp-hr');
    window.__FIRST_ANSWERS__ = await firstAnswersCarrying(777);
    await renderPortal('/legal/index');
    // drawn with the page, before its call has answered: nothing below it moves when the answer comes
    expect(screen.getByTestId(`group-renewal-${LIFE}`)).toHaveTextContent('Next year: 777 people');
    await waitFor(() =>
      expect(screen.getByTestId(`group-renewal-${LIFE}`)).toHaveTextContent(`Next year: ${headcount} people`),
    );
  });

  it('shows what index.html carried on the first drawing only: back on the home later, it waits for its call', async () => {
    await gw.login('corp-hr');
    window.__FIRST_ANSWERS__ = await firstAnswersCarrying(777);
    // the home's own call held until the test lets it through: the person leaves before it answers
    const original = window.fetch;
    const held: (() => void)[] = [];
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes('groupRenewals')) return original(input, init);
      return new Promise((resolve) => held.push(() => resolve(original(input, init))));
    };
    try {
      await renderPortal('/legal/index');
      expect(screen.getByTestId(`group-renewal-${LIFE}`)).toHaveTextContent('Next year: 777 people');
      const go = (to: string) =>
        act(async () => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        });
      await go('/legal/legalqueryListClaim');
      await go('/legal/index');
      await screen.findByTestId('corporate-home');
      expect(held.length).toBeGreaterThan(0);
      // no notice from what index.html carried (the roster may have changed since): the call's, once it answers
      expect(screen.queryByTestId(`group-renewal-${LIFE}`)).toBeNull();
      held.forEach((release) => release());
      const notice = await screen.findByTestId(`group-renewal-${LIFE}`);
      expect(notice).toHaveTextContent(`Next year: ${headcount} people`);
    } finally {
      window.fetch = original;
    }
  });

  it("does not offer to change an employer policy's automatic renewal (its product does not allow it)", async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalinsuranceDetail?policyNo=PEL26310100000352');
    const employer = await screen.findByTestId('policy-detail');
    expect(within(employer).getByTestId('policy-no')).toHaveTextContent('PEL26310100000352');
    expect(within(employer).getByTestId('auto-renew')).toHaveTextContent('No');
    expect(within(employer).queryByTestId('auto-renew-change')).toBeNull();
  });

  it('shows the rates, the roster carried, the totals and the days left, in English and Chinese', async () => {
    await gw.login('corp-hr');
    const portal = await renderPortal(`/legal/groupRenewal?policyNo=${LIFE}`);
    const page = await screen.findByTestId('group-renewal-page');
    expect(within(page).getByTestId('renewal-headcount')).toHaveTextContent(String(headcount));
    expect(within(page).getByTestId('renewal-premium')).toHaveTextContent(yuan(headcount * RATE));
    expect(within(page).getByTestId('renewal-days')).toHaveTextContent(String(daysLeft));
    const rates = within(page).getByTestId('renewal-rates');
    expect(rows(rates)).toHaveLength(1);
    expect(rows(rates)[0]).toHaveTextContent(`Everyone insured${yuan(RATE)}${headcount}${yuan(headcount * RATE)}`);
    const people = within(page).getByTestId('renewal-people');
    expect(rows(people)).toHaveLength(Math.min(10, headcount));
    expect(rows(people)[0].textContent).toMatch(/\*/);
    expect(within(page).getByText(/The people insured when the renewal is paid are carried/)).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'Accept the quote' })).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'Upload the whole roster' })).toBeInTheDocument();

    await act(async () => {
      portal.store.dispatch(switchLocale('zh-CN'));
    });
    expect(await within(page).findByText('待确认')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(page).getByTestId(`group-renewal-${LIFE}`)).toHaveTextContent(
        `续保待确认：团体定期寿险（${LIFE}）将于 ${endDate} 到期，剩余 ${daysLeft} 天。下一年度：${headcount} 人，保费 ${yuan(headcount * RATE)}。`,
      ),
    );
    expect(within(page).getByText('全部被保险人')).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: '确认报价' })).toBeInTheDocument();
    await act(async () => {
      portal.store.dispatch(switchLocale('en-US'));
    });
  });

  it('lets a clerk read it but neither accept nor pay it', async () => {
    await gw.login('corp-clerk');
    await renderPortal(`/legal/groupRenewal?policyNo=${LIFE}`);
    const page = await screen.findByTestId('group-renewal-page');
    expect(within(page).getByTestId('renewal-no-right')).toHaveTextContent(
      'Your role may review the renewal; an administrator or approver accepts and pays it.',
    );
    expect(within(page).queryByRole('button', { name: 'Accept the quote' })).toBeNull();
    expect(within(page).queryByTestId('auto-renew-change')).toBeNull();
  });

  it('turns automatic renewal on after a confirmation', async () => {
    await gw.login('corp-hr');
    await renderPortal(`/legal/groupRenewal?policyNo=${LIFE}`);
    const page = await screen.findByTestId('group-renewal-page');
    fireEvent.click(within(page).getByTestId('auto-renew-change'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Turn automatic renewal on?');
    expect(dialog).toHaveTextContent(`Policy ${LIFE} will be renewed each year`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(page).getByTestId('auto-renew')).toHaveTextContent('Yes'));
    // the dialog closes (antd keeps a closed dialog in the page, hidden)
    await waitFor(() => expect(dialog).not.toBeVisible());
  });

  it('is accepted and paid at the cashier, and then names the next year’s policy', async () => {
    await gw.login('corp-hr');
    await renderPortal(`/legal/groupRenewal?policyNo=${LIFE}`);
    const page = await screen.findByTestId('group-renewal-page');
    fireEvent.click(within(page).getByRole('button', { name: 'Accept the quote' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`${headcount} people`);
    expect(dialog).toHaveTextContent(yuan(headcount * RATE));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(page).getByTestId('renewal-state')).toHaveTextContent('Awaiting payment'));

    const cashier = stubCashierWindow();
    try {
      fireEvent.click(within(page).getByRole('button', { name: 'Pay the renewal' }));
      await waitFor(() => expect(cashier.win.location.href).toMatch(/\/cashier\//));
      expect(await screen.findByText(/Waiting for the payment of/)).toBeInTheDocument();
      await fetch(`${cashier.win.location.href}/pay`, { method: 'POST', redirect: 'manual' });
      await waitFor(() =>
        expect(screen.getByTestId('renewal-pay-watch')).toHaveTextContent(/Paid: the next year's policy is PGL\d+/),
      );
      await waitFor(() => expect(within(page).getByTestId('renewal-state')).toHaveTextContent('Renewed'));
      const newNo = within(page).getByTestId('renewal-new-policy').textContent ?? '';
      expect(newNo).toMatch(/^PGL\d{14}$/);
      expect(newNo).not.toBe(LIFE);
    } finally {
      cashier.restore();
    }
  });
});
