/**
 * A company renews its group policy in Chromium, from the login page and by clicks only, in Chinese:
 * corp-hr sees the renewal's notice with the days left on the corporate home, opens the renewal,
 * accepts the quote, pays it at the cashier, and finds the next year's policy in My policy with its
 * own number and the carried roster's headcount.
 */
import { formatFen } from '@common/money';
import { menuMessages } from '@client/app/menuMessages';
import { shellMessages } from '@client/app/messages';
import { policyMessages } from '@client/features/policy/messages';
import { buttonName, openedDialog, startJourney, textPattern, type Journey } from './support/harness';

const LIFE = 'PGL26310100000610';
const RATE = 36_000;

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe('a company renews its group policy in Chromium (zh-CN)', () => {
  const lang = 'zh-CN' as const;
  const m = policyMessages[lang];
  const menuTitle = menuMessages[lang];

  it('corp-hr: the home notice, the renewal accepted and paid at the cashier, the next year in My policy', async () => {
    const headcount = (
      await journey.app.services.db
        .selectFrom('policy')
        .select('insured_count')
        .where('policy_no', '=', LIFE)
        .executeTakeFirstOrThrow()
    ).insured_count;
    const premium = formatFen(headcount * RATE);

    const { page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.waitForURL(/\/legal\/index/);

    // The home page says the renewal is ready, with the days left, the headcount and the premium.
    const notice = page.getByTestId(`group-renewal-${LIFE}`);
    await notice.waitFor();
    expect(await notice.getAttribute('data-state')).toBe('prepared');
    const said = (await notice.getByTestId('renewal-sentence').textContent()) ?? '';
    expect(said).toMatch(
      textPattern(m.renewalPrepared, {
        product: '团体定期寿险',
        policyNo: LIFE,
        date: /\d{4}-\d{2}-\d{2}/,
        days: /\d+/,
        headcount,
        premium,
      }),
    );
    await notice.getByRole('button', { name: buttonName(m.openRenewal) }).click();
    await page.waitForURL(/\/legal\/groupRenewal\?policyNo=/);
    const renewal = page.getByTestId('group-renewal-page');
    await renewal.waitFor();
    expect(await renewal.getByTestId('renewal-headcount').textContent()).toBe(String(headcount));
    expect(await renewal.getByTestId('renewal-premium').textContent()).toBe(premium);

    // Accept the quote after its confirmation.
    await renewal.getByRole('button', { name: buttonName(m.renewalAccept) }).click();
    const dialog = await openedDialog(page.getByRole('dialog').filter({ hasText: m.renewalAcceptTitle }));
    await dialog.getByRole('button', { name: buttonName(m.confirm) }).click();
    await renewal.getByTestId('renewal-state').getByText(m.renewalStateaccepted, { exact: true }).waitFor();

    // Pay opens the cashier in the click; the company pays there.
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      renewal.getByRole('button', { name: buttonName(m.renewalPay) }).click(),
    ]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByText(LIFE).first().waitFor();
    expect(await cashier.locator('[data-amount-fen]').getAttribute('data-amount-fen')).toBe(String(headcount * RATE));
    await cashier.getByLabel(journey.gatewayText(lang, 'cashier.sandbox.succeed')).check();
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid'), { exact: true }).waitFor();
    await cashier.close();
    await page.bringToFront();

    // The page follows the payment to the next year's policy.
    await renewal.getByTestId('renewal-state').getByText(m.renewalStatepaid, { exact: true }).waitFor();
    const newNo = ((await renewal.getByTestId('renewal-new-policy').textContent()) ?? '').trim();
    expect(newNo).toMatch(/^PGL\d{14}$/);
    expect(newNo).not.toBe(LIFE);
    const watch = page.getByTestId('renewal-pay-watch');
    await watch.waitFor();
    expect(await watch.textContent()).toMatch(
      textPattern(m.renewalPayDone, { policyNo: newNo, date: /\d{4}-\d{2}-\d{2}/ }),
    );

    // My policy lists the next year's policy with its own number and the carried headcount.
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await menu.getByText(menuTitle.policyManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.myPolicy, exact: true }).last().click();
    await page.getByTestId('my-policy').waitFor();
    const group = page.getByTestId('policy-table-group');
    const row = group.locator('tbody tr.ant-table-row').filter({ hasText: newNo });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells).toContain(String(headcount));
    expect(cells).toContain(newNo);
  });
});
