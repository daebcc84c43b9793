/**
 * Paying a policy awaiting its premium in Chromium as corp-hr, from the login page and by clicks only:
 * the corporate home's Pending payment tile, Pay on the motor policy's row, a payment the bank declines
 * in the cashier window (the portal says so), paid again in the same cashier tab, and the portal
 * showing the policy paid and no longer pending without Pay pressed again.
 */
import { stateText } from '@client/features/policy/format';
import { policyMessages } from '@client/features/policy/messages';
import { format, LANGS, startJourney, textPattern, type Journey } from './support/harness';

const PENDING = 'PDA26310100005390';

/**
 * Each language's journey has a gateway of its own: paying the one pending demo policy changes what
 * the other language's run would find.
 */
let journey: Journey;

describe.each(LANGS)('paying a policy in Chromium (%s)', (lang) => {
  const m = policyMessages[lang];
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey?.close());

  it('corp-hr pays the pending motor policy from the home tile', async () => {
    const { page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.waitForURL(/\/legal\/index/);

    const block = page.getByTestId('policy-block');
    await block.getByRole('button', { name: `${stateText(m, 3)} 1` }).click();
    const table = page.getByTestId('policy-table-all');
    const row = table.getByRole('row').filter({ hasText: PENDING });
    await row.waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1);

    // One click from Pay to the cashier: the window opens with the click and goes to the cashier.
    const payLabel = format(m.payPolicyLabel, { policyNo: PENDING });
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('button', { name: payLabel }).click(),
    ]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByText(PENDING).first().waitFor();
    // The cashier speaks the portal's language.
    expect(await cashier.locator('html').getAttribute('lang')).toBe(lang === 'zh-CN' ? 'zh-CN' : 'en');
    expect(await cashier.locator('[data-amount-fen]').getAttribute('data-amount-fen')).toBe('455900');
    // The bank declines the first attempt: the cashier says so and the portal, watching, says so too.
    await cashier.getByLabel(journey.gatewayText(lang, 'cashier.sandbox.decline')).check();
    // the cashier's own page: a plain button, no antd spacing
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.failed'), { exact: true }).waitFor();
    const watch = page.getByTestId('policy-pay-watch');
    await watch.getByText(m.payFailed, { exact: true }).waitFor();
    // Paid again in the same cashier tab: the portal follows without Pay being pressed again.
    await cashier.getByLabel(journey.gatewayText(lang, 'cashier.sandbox.succeed')).check();
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid'), { exact: true }).waitFor();
    const paid = [
      textPattern(m.payDone, { policyNo: PENDING }),
      textPattern(m.payDoneFrom, { policyNo: PENDING, date: /\S+/ }),
    ];
    await watch.getByText(new RegExp(paid.map((p) => p.source).join('|'))).waitFor();
    expect(page.context().pages()).toHaveLength(2);
    await cashier.close();

    // Back in the portal: the result is shown and the list of pending policies is empty.
    await page.bringToFront();
    await table.locator('tbody tr.ant-table-row').filter({ hasText: PENDING }).waitFor({ state: 'detached' });
    await table.getByText(m.empty, { exact: true }).waitFor();

    // The home counts it in force now, and its details say paid.
    await page.getByTestId('brand').click();
    await page.getByTestId('corporate-home').waitFor();
    await block.getByRole('button', { name: `${stateText(m, 3)} 0` }).waitFor();
    await block.getByRole('button', { name: `${stateText(m, 1)} 7` }).click();
    const inForce = page.getByTestId('policy-table-all');
    await inForce.getByRole('link', { name: PENDING }).click();
    await page.getByTestId('policy-no').getByText(PENDING).waitFor();
    const detail = page.getByTestId('policy-detail');
    await detail.getByText(stateText(m, 1), { exact: true }).first().waitFor();
    await detail.getByText(m.paid, { exact: true }).first().waitFor();
    expect(await detail.getByRole('button', { name: payLabel }).count()).toBe(0);
  });
});
