/**
 * The activity log (操作日志) from the login page: HR opens it from the corporate account's menu, finds
 * their own login at the top, filters by action, and exports what the filter shows as CSV.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUDIT_COLUMN_WORDS, AUDIT_KIND_WORDS } from '@common/audit';
import { menuMessages } from '@client/app/menuMessages';
import { auditMessages } from '@client/features/audit/messages';
import { listMessages } from '@client/shared/list/listMessages';
import { buttonName, fromSidebar, LANGS, startJourney, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe.each(LANGS)('the activity log in Chromium (%s)', (lang) => {
  const m = auditMessages[lang];
  const menuTitle = menuMessages[lang];
  const loggedIn = AUDIT_KIND_WORDS.login[lang];

  it('corp-hr finds their login, filters by action and exports the log', async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.getByTestId('corporate-home').waitFor();

    await fromSidebar(page, lang, menuTitle.accountManage, menuTitle.auditTrail, /auditTrail/);
    const log = page.getByTestId('audit-trail');
    await log.getByRole('heading', { name: m.title }).waitFor();

    // The login that opened this session is the newest entry, with its person.
    const first = log.locator('tbody tr.ant-table-row').first();
    await first.getByText(loggedIn, { exact: true }).waitFor();
    await first.getByText('王晓梅 (corp-hr)').waitFor();

    // Only logins.
    await log.getByRole('combobox', { name: m.kind }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${loggedIn}$`) })
      .click();
    await log.getByRole('button', { name: buttonName(listMessages[lang].search) }).click();
    await page.waitForURL(/kind=login/);
    const rows = log.locator('tbody tr.ant-table-row');
    // the filtered page has come when no other action is listed
    await rows.filter({ hasNotText: loggedIn }).first().waitFor({ state: 'detached' });
    await rows.first().waitFor();
    const kinds = await rows.locator('td:nth-child(2)').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set([loggedIn]));

    // The export says what the filter shows, in the reader's language.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      log.getByRole('button', { name: m.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-audit-')), 'audit.csv');
    await download.saveAs(file);
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(',')[0]).toBe(AUDIT_COLUMN_WORDS.time[lang]);
    expect(lines.length - 1).toBeGreaterThanOrEqual(kinds.length);
    expect(lines.slice(1).every((l) => l.includes(`,${loggedIn},`) && l.includes('corp-hr'))).toBe(true);
    await context.close();
  });
});
