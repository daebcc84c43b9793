/**
 * Paying a policy awaiting its premium in Chromium as corp-hr, from the login page and by clicks only:
 * the corporate home's Pending payment tile, Pay on the motor policy's row, Pay in the cashier window,
 * and back in the portal the policy paid and no longer pending.
 */
import { startJourney, type Journey } from './support/harness';

const PENDING = 'PDA26310100005390';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe('paying a policy in Chromium', () => {
  it('corp-hr pays the pending motor policy from the home tile', async () => {
    const { page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true });
    await page.waitForURL(/\/legal\/index/);

    const block = page.getByTestId('policy-block');
    await block.getByRole('button', { name: 'Pending payment 1' }).click();
    const table = page.getByTestId('policy-table-all');
    const row = table.getByRole('row').filter({ hasText: PENDING });
    await row.waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1);

    // One click from Pay to the cashier: the window opens with the click and goes to the cashier.
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('button', { name: `Pay policy ${PENDING}` }).click(),
    ]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByText(PENDING).first().waitFor();
    expect(await cashier.locator('[data-amount-fen]').getAttribute('data-amount-fen')).toBe('455900');
    await cashier.getByRole('button', { name: 'Pay', exact: true }).click();
    await cashier.getByText('Payment received').waitFor();
    await cashier.close();

    // Back in the portal: the result is shown and the list of pending policies is empty.
    await page.bringToFront();
    await page
      .getByTestId('policy-pay-watch')
      .getByText(new RegExp(`Policy ${PENDING} is paid`))
      .waitFor();
    await table.locator('tbody tr.ant-table-row').filter({ hasText: PENDING }).waitFor({ state: 'detached' });
    await table.getByText('No records yet').waitFor();

    // The home counts it in force now, and its details say paid.
    await page.getByTestId('header').getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByTestId('corporate-home').waitFor();
    await block.getByRole('button', { name: 'Pending payment 0' }).waitFor();
    await block.getByRole('button', { name: 'In force 7' }).click();
    const inForce = page.getByTestId('policy-table-all');
    await inForce.getByRole('link', { name: PENDING }).click();
    await page.getByTestId('policy-no').getByText(PENDING).waitFor();
    const detail = page.getByTestId('policy-detail');
    await detail.getByText('In force').first().waitFor();
    await detail.getByText('Paid', { exact: true }).first().waitFor();
    expect(await detail.getByRole('button', { name: `Pay policy ${PENDING}` }).count()).toBe(0);
  });
});
