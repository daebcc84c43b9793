import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfText } from '../server/policy/pdfText';
import { insertOrder } from '../server/personal/support';
import { startJourney, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe('member-basic in Chromium', () => {
  it('is refused the club with the message and the warning, completes the true name, and is let in', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-basic');
    await page.waitForURL(/\/legal\/index/);

    await page.goto('/legal/myclub/myScore');
    await page.getByTestId('senior-refused').waitFor();
    expect(await page.getByTestId('senior-refused').textContent()).toContain(
      'Your information is incomplete; you cannot take part in club activities!',
    );
    const warning = page.getByRole('dialog').filter({ hasText: 'Warning' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'immediately complete' }).click();
    await page.waitForURL(/\/legal\/myprofile\/personalInfo/);

    await page.getByTestId('personal-info').waitFor();
    await page.getByRole('button', { name: 'Verify my true name' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('赵鹏');
    await dialog.getByLabel('ID number').fill('44030519900315');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('wrong number of digits in the ID number').waitFor();
    await dialog.getByLabel('ID number').fill('440305199003150313');
    await dialog.getByText('From the number: Male, born 1990-03-15').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your true name is verified: you are now a senior member.').waitFor();
    await page.getByTestId('membership').getByText('Senior member').waitFor();

    await page.goto('/legal/myclub/myScore');
    await page.getByTestId('my-score').getByText('Welcome to the member centre').waitFor();
    await page.goto('/legal/assets/assetsDetails');
    await page.getByTestId('assets-details').waitFor();
    await context.close();
  });
});

describe('member-senior in Chromium', () => {
  it('binds a policy, stops a renewal, opens and downloads a life policy, pays an order at the cashier, checks points and assets, takes the risk questionnaire', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-senior');
    await page.waitForURL(/\/legal\/index/);

    await page.goto('/legal/mypolicy/policyList');
    await page.getByTestId('personal-policy-list').waitFor();
    await page.getByRole('button', { name: 'Bind a policy' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Policy number').fill('HAG2026310400233');
    await dialog.getByLabel('Holder’s name').fill('李文静');
    await dialog.getByLabel('Holder’s ID number').fill('310104196001010026');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('The policy HAG2026310400233 is now in your account.').waitFor();

    // Stop the automatic renewal of the health policy, confirming first; the list says so, also after a reload.
    const list = page.getByTestId('personal-policy-list');
    const health = () => list.locator('tbody tr.ant-table-row').filter({ hasText: 'HLT26310100008812' });
    await health().getByRole('button', { name: 'Stop renewal' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Stop automatic renewal?' });
    await confirm.getByText('Policy HLT26310100008812 will not renew', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Automatic renewal is stopped.').waitFor();
    await health().getByRole('cell', { name: 'Off', exact: true }).waitFor();
    expect(await health().getByRole('button', { name: 'Stop renewal' }).count()).toBe(0);
    await page.reload();
    await health().getByRole('cell', { name: 'Off', exact: true }).waitFor();
    expect(await health().getByRole('button', { name: 'Stop renewal' }).count()).toBe(0);

    // Open the life policy from the list and download its e-policy: a real PDF that names the policy.
    await list.getByRole('link', { name: 'LIF21310100003321' }).click();
    await page.waitForURL(/\/legal\/lifePolicyDetail\?policyNo=LIF21310100003321/);
    expect(await page.getByTestId('policy-no').textContent()).toBe('LIF21310100003321');
    await page.getByText('周明远 (50%)').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Life e-policy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Life e-policy LIF21310100003321.pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-life-')), 'life.pdf');
    await download.saveAs(file);
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
    const text = pdfText(pdf).replace(/\s*\n\s*/g, '');
    expect(text).toContain('LIF21310100003321');
    expect(text).toContain('福寿安康终身寿险');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });

    // Pay an order at the gateway's cashier (a new window); the order's drawer follows the payment.
    const member = await journey.app.services.db
      .selectFrom('app_user')
      .select('customer_id')
      .where('username', '=', 'member-senior')
      .executeTakeFirstOrThrow();
    const orderNo = await insertOrder(journey, member.customer_id, { amount_fen: 36800 });
    await page.goto('/legal/mypolicy/orderList');
    const orders = page.getByTestId('order-list');
    const row = orders.locator('tbody tr.ant-table-row').filter({ hasText: orderNo });
    const [cashier] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: 'Pay' }).click(),
    ]);
    await cashier.waitForLoadState();
    expect(await cashier.locator('main').getAttribute('data-status')).toBe('open');
    await cashier.getByText(orderNo).waitFor();
    await cashier.getByText('¥368.00').waitFor();
    await cashier.getByRole('button', { name: 'Pay', exact: true }).click();
    await cashier.getByText('Payment received. Thank you: you can close this window.').waitFor();
    await cashier.close();
    await page
      .getByTestId('payment-watch')
      .getByText(/Paid\. Policy HLT\d{14} is issued\./)
      .waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();

    await page.goto('/legal/myclub/myScore');
    await page.getByTestId('my-score').getByText('7,416').first().waitFor();
    await page.goto('/legal/assets/assetsDetails');
    await page.getByTestId('assets-details').getByText('Zhixuan investment-linked account').first().waitFor();

    await page.goto('/legal/assets/riskEvaluating');
    const risk = page.getByTestId('risk-evaluating');
    await risk.getByText('Your risk level: Balanced (score 44)', { exact: false }).waitFor();
    await risk.getByRole('button', { name: 'Take it again' }).click();
    for (let n = 1; n <= 10; n += 1) {
      await risk.getByText(`Question ${n} of 10`).waitFor();
      await risk.getByRole('radio').last().check();
      if (n < 10) await risk.getByRole('button', { name: 'Next' }).click();
    }
    await risk.getByRole('button', { name: 'Submit' }).click();
    await risk.getByText('Result: Aggressive').waitFor();
    await context.close();
  });
});
