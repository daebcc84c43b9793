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
    expect(await page.getByTestId('senior-refused').textContent()).toContain('Your information is incomplete; you cannot take part in club activities!');
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
  it('binds a policy, checks points and assets, takes the risk questionnaire', async () => {
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

    await page.goto('/legal/myclub/myScore');
    await page.getByTestId('my-score').getByText('7,416').first().waitFor();
    await page.goto('/legal/assets/assetsDetails');
    await page.getByTestId('assets-details').getByText('Investment-linked account 智选').first().waitFor();

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
