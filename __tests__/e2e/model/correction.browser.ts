/**
 * The correction flow's model paths through the built portal in Chromium against the real gateway, for a
 * tester: `npm run model -- correction --browser [--lang en-US]` (scripts/model.mjs runs this file, Jest
 * project model-browser; not part of `npm test`, whose jsdom twin correctionFlow.page.test.tsx drives the
 * same paths on every run). Each path (the covering set of the user model, correctionUserModel.ts) starts
 * at the login page, reaches Employee changes from the left menu, starts from its own new policy's row and
 * does the path's steps by clicks and typing, paying in the cashier's window. After every step the page
 * must be in the machine's state for it and show what that state means (who is in the draft, each
 * premium and the totals, the messages, the decision, the payment, the end); a screenshot is taken and
 * what was asserted is written down. The report (index.html, one section per path, a row per step) is
 * written to MODEL_REPORT_DIR, also when a step fails (the failed step is the last row, with its error).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { formatFen } from '@common/money';
import { correctionMessages, kindNames } from '@client/features/correction/messages';
import { menuMessages } from '@client/app/menuMessages';
import { makePolicy, newPerson } from '../../support/factories';
import {
  coveringPaths,
  eventKey,
  label,
  MACHINE_STATE,
  type ModelEvent,
  type Step,
  type Who,
} from '../../machines/support/correctionUserModel';
import {
  buttonName,
  format,
  fromSidebar,
  openedDialog,
  startJourney,
  textPattern,
  waitState,
  type Journey,
  type Locale,
} from '../support/harness';

const lang: Locale = process.env.MODEL_LANG === 'en-US' ? 'en-US' : 'zh-CN';
const reportDir = process.env.MODEL_REPORT_DIR ?? path.resolve('model-report/correction');
const m = correctionMessages[lang];
const menu = menuMessages[lang];
const kinds = kindNames[lang];
/** The model's two people as the portal's language names them. */
const NAMES: Record<Who, string> =
  lang === 'zh-CN' ? { 'Wang Fang': '王芳', 'Li Lei': '李雷' } : { 'Wang Fang': 'Wang Fang', 'Li Lei': 'Li Lei' };

interface ReportStep {
  event: string;
  modelState: string;
  machineState: string;
  asserted: string[];
  shot: string;
  error?: string;
}
interface ReportPath {
  index: number;
  events: string;
  policyNo: string;
  steps: ReportStep[];
  passed: boolean;
}
const report: ReportPath[] = [];
const { chosen } = coveringPaths();

let journey: Journey;
beforeAll(async () => {
  fs.rmSync(reportDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(reportDir, 'shots'), { recursive: true });
  journey = await startJourney();
});
afterAll(async () => {
  writeReport();
  await journey?.close();
});

const fen = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, '')) * 100);
const flowState = async (page: Page) => (await page.getByTestId('correction-flow').getAttribute('data-state')) ?? '';
/** The names in the draft's table, in order (the person's cell: the name above the masked ID number). */
const namesIn = (page: Page) =>
  page
    .getByTestId('draft-items')
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) =>
      rows.map((tr) => tr.querySelectorAll('td')[1]?.firstElementChild?.textContent?.trim() ?? ''),
    );

// A path is up to eleven steps, each waited for and checked on screen, then pictured.
jest.setTimeout(180_000);

describe(`the correction flow's model paths in Chromium (${lang})`, () => {
  it.each(chosen.map((steps, index) => ({ steps, index, events: label(steps) })))(
    'path $index: $events',
    async ({ steps, index }) => {
      const policy = await makePolicy(journey, { roster: 'employee', members: 3 });
      const people: Record<Who, { name: string; idNumber: string }> = {
        'Wang Fang': { name: NAMES['Wang Fang'], idNumber: newPerson(policy.region, 1).idNumber },
        'Li Lei': { name: NAMES['Li Lei'], idNumber: newPerson(policy.region, 5).idNumber },
      };
      const entry: ReportPath = { index, events: label(steps), policyNo: policy.policyNo, steps: [], passed: false };
      report.push(entry);
      const { context, page } = await journey.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      const premiumOf = new Map<Who, number>();
      let net = '';
      let cashier: Page | null = null;
      let current: ReportStep | null = null;
      try {
        for (const [i, step] of steps.entries()) {
          const asserted: string[] = [];
          const check = (what: string, ok: () => void) => {
            ok();
            asserted.push(what);
          };
          const value = String(step.state.value);
          current = {
            event: i === 0 ? 'open' : eventKey(step.event),
            modelState: value,
            machineState: '',
            asserted,
            shot: '',
          };
          if (i === 0) await openChanges(page, policy.policyNo, asserted);
          else {
            cashier = await doInBrowser(page, step.event, people, cashier, policy.policyNo, asserted);
            await waitState(page, MACHINE_STATE[value]);
            current.machineState = await flowState(page);
            asserted.push(`machine state ${current.machineState} matches ${MACHINE_STATE[value].source}`);
          }
          await seen(page, step, i > 0 ? steps[i - 1] : null, check);
          current.shot = await shoot(page, index, i);
          entry.steps.push(current);
          current = null;
        }
        entry.passed = true;
      } catch (error) {
        if (current) {
          current.error = (error as Error).message;
          current.shot = await shoot(page, index, entry.steps.length).catch(() => '');
          entry.steps.push(current);
        }
        throw error;
      } finally {
        await context.close();
      }

      /** What the page must show in the model state the step reached. */
      async function seen(p: Page, s: Step, before: Step | null, check: (what: string, ok: () => void) => void) {
        const value = String(s.state.value);
        const draft = s.state.context.draft.map((w) => NAMES[w]);
        const e = s.event;
        if (value === 'editing' || value === 'preview') {
          await p.waitForFunction(
            (want) =>
              JSON.stringify(
                Array.from(document.querySelectorAll('[data-testid=draft-items] tbody tr.ant-table-row')).map(
                  (tr) => tr.querySelectorAll('td')[1]?.firstElementChild?.textContent?.trim() ?? '',
                ),
              ) === want,
            JSON.stringify(draft),
          );
          const names = await namesIn(p);
          check(`the draft lists ${draft.length ? draft.join(', ') : 'nobody'}`, () => expect(names).toEqual(draft));
        }
        if (value === 'editing') {
          if (draft.length) {
            const count = format(m.draftCount, { count: draft.length });
            const text = await p
              .getByTestId('draft-items')
              .evaluate((el) => el.closest('.ant-card')?.textContent ?? '');
            check(`the draft's card says "${count}"`, () => expect(text).toContain(count));
          } else {
            const text = await p.getByTestId('draft-items').innerText();
            check(`the draft says "${m.draftEmpty}"`, () => expect(text).toContain(m.draftEmpty));
          }
          const note = p.getByTestId('added-note');
          if (e.type === 'ADD') {
            const want = format(m.addedOne, { name: NAMES[e.who] });
            const text = await note.innerText();
            check(`the note says "${want}"`, () => expect(text).toContain(want));
            const name = await p.getByLabel(m.name, { exact: true }).inputValue();
            check('the name field is empty for the next person', () => expect(name).toBe(''));
          } else {
            const shown = await note.count();
            check('no note of an added person', () => expect(shown).toBe(0));
          }
        } else if (value === 'preview') {
          const rows = p.getByTestId('draft-items').locator('tbody tr.ant-table-row');
          const premiums = (await rows.locator('[data-testid^=item-premium-]').allInnerTexts()).map(fen);
          s.state.context.draft.forEach((who, k) => {
            check(`${NAMES[who]}'s premium ${formatFen(premiums[k])} is above nothing`, () =>
              expect(premiums[k]).toBeGreaterThan(0),
            );
            const earlier = premiumOf.get(who);
            if (earlier !== undefined)
              check(`${NAMES[who]}'s premium is the one priced before (${formatFen(earlier)})`, () =>
                expect(premiums[k]).toBe(earlier),
              );
            premiumOf.set(who, premiums[k]);
          });
          const sum = formatFen(premiums.reduce((a, b) => a + b, 0));
          for (const id of ['total-premium', 'net-amount', 'pay-bar']) {
            const text = await p.getByTestId(id).innerText();
            check(`${id} shows ${sum}`, () => expect(text).toContain(sum));
          }
          const refund = await p.getByTestId('total-refund').innerText();
          check(`total-refund shows ${formatFen(0)}`, () => expect(refund).toContain(formatFen(0)));
          net = sum;
        } else if (value === 'scenario') {
          const online = await p.getByTestId('settle-step').getByRole('radio').first().isChecked();
          check('paying online is chosen', () => expect(online).toBe(true));
        } else if (value === 'approved') {
          const pay = await p.getByRole('button', { name: textPattern(m.payAmount, { amount: net }) }).count();
          check(`one Pay button names ${net}`, () => expect(pay).toBe(1));
        } else if (value === 'paying') {
          const amount = await p.getByTestId('pay-amount').innerText();
          check(`the payment shows ${net}`, () => expect(amount).toContain(net));
          const url = cashier?.url() ?? '';
          check("the cashier's window is open", () => expect(url).toMatch(/\/cashier\//));
        } else if (value === 'done') {
          const text = await p.getByTestId('flow-done').innerText();
          check(`the end says "${m.doneTitle}"`, () => expect(text).toContain(m.doneTitle));
        } else if (value === 'saved') {
          const text = await p.getByTestId('flow-saved').innerText();
          check(`the end says "${m.savedText}"`, () => expect(text).toContain(m.savedText));
        } else if (value === 'cancelled') {
          const text = await p.getByTestId('flow-cancelled').innerText();
          const nothingYet =
            before && before.state.context.draft.length === 0 && String(before.state.value) === 'editing';
          if (nothingYet) check('no cancellation is reported', () => expect(text).not.toContain(m.cancelledText));
          else check(`the end says "${m.cancelledText}"`, () => expect(text).toContain(m.cancelledText));
        }
      }
    },
  );
});

/**
 * From the login page to Employee changes by the left menu, where HR start a correction from the policy's
 * row (the model's first state: the flow is not open yet, its START is the row's Add people).
 */
async function openChanges(page: Page, policyNo: string, asserted: string[]) {
  await page.goto('/legal/');
  await page.waitForURL(/\/idprovider\/login/);
  await journey.login(page, 'corp-hr', { corporate: true, lang });
  await page.waitForURL(/\/legal\/index/);
  await fromSidebar(page, lang, menu.policyManage, menu.employeeChanges, /\/employeeChanges/);
  const row = policyRow(page, policyNo);
  await row.waitFor();
  const text = await row.innerText();
  expect(text).toMatch(/(^|\s)3(\s|$)/);
  asserted.push(`logged in as corp-hr, ${menu.employeeChanges} from the menu: policy ${policyNo} listed with 3 people`);
}

const policyRow = (page: Page, policyNo: string) =>
  page.getByTestId('employee-changes').locator('tbody tr.ant-table-row').filter({ hasText: policyNo });

/** Does in the browser what the model's event says, as a person would; answers the cashier's window. */
async function doInBrowser(
  page: Page,
  e: ModelEvent,
  people: Record<Who, { name: string; idNumber: string }>,
  cashier: Page | null,
  policyNo: string,
  asserted: string[],
): Promise<Page | null> {
  const click = (name: string) => page.getByRole('button', { name: buttonName(name), exact: true }).click();
  /** Confirms the popconfirm that opened with its text, answering its OK button by name. */
  const confirm = async (ok: string, text?: string) => {
    const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    if (text) await pop.getByText(text).waitFor();
    await pop.getByRole('button', { name: buttonName(ok) }).click();
  };
  switch (e.type) {
    case 'START':
      await policyRow(page, policyNo)
        .getByRole('button', { name: buttonName(kinds.add), exact: true })
        .click();
      await page.waitForURL(/\/employeeCorrection\?/);
      return cashier;
    case 'ADD':
      await page.getByLabel(m.name, { exact: true }).fill(people[e.who].name);
      await page.getByLabel(m.idNumber, { exact: true }).fill(people[e.who].idNumber);
      await click(m.addPerson);
      return cashier;
    case 'REMOVE':
      await page.getByRole('button', { name: `${m.remove} ${people[e.who].name}` }).click();
      await confirm(m.remove, format(m.removeLineConfirm, { name: people[e.who].name }));
      asserted.push(`asked "${format(m.removeLineConfirm, { name: people[e.who].name })}" first`);
      return cashier;
    case 'CHECK':
      await click(m.toCheck);
      return cashier;
    case 'BACK':
      await click(m.editAgain);
      return cashier;
    case 'CONFIRM':
      await click(m.confirmPreview);
      return cashier;
    case 'SUBMIT': {
      await click(m.submit);
      const dialog = await openedDialog(page.getByRole('dialog'));
      await dialog.getByTestId('change-summary').waitFor();
      asserted.push('the summary of who joins and the money was shown before submitting');
      await dialog.getByRole('button', { name: buttonName(m.submitConfirm), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      return cashier;
    }
    case 'PAY': {
      const [opened] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: textPattern(m.payAmount, { amount: /¥[\d,]+\.\d{2}/ }) }).click(),
      ]);
      await opened.waitForURL(/\/cashier\//);
      return opened;
    }
    case 'CASHIER_PAY': {
      if (!cashier) throw new Error('no cashier window is open');
      await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
      await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid')).waitFor();
      asserted.push(`the cashier said "${journey.gatewayText(lang, 'cashier.notice.paid')}"`);
      await cashier.close();
      return null;
    }
    case 'SAVE_LATER':
      await click(m.saveLater);
      return cashier;
    case 'CANCEL': {
      const labels = [m.leave, m.deleteDraft, m.cancelCorrection];
      for (const name of labels) {
        const button = page.getByRole('button', { name: buttonName(name), exact: true });
        if (await button.isVisible()) {
          await button.click();
          await confirm(m.confirm);
          return cashier;
        }
      }
      throw new Error(`none of ${labels.join(' / ')} is on the page`);
    }
  }
}

async function shoot(page: Page, path_: number, step: number): Promise<string> {
  const file = `shots/path-${path_}-step-${step}.png`;
  await page.screenshot({ path: path.join(reportDir, file), fullPage: true });
  return file;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The report a tester opens: each path, each step's screenshot and what was asserted. */
function writeReport() {
  const sorted = [...report].sort((a, b) => a.index - b.index);
  const sections = sorted
    .map((p) => {
      const rows = p.steps
        .map(
          (s, i) => `<tr class="${s.error ? 'failed' : ''}">
  <td>${i}</td><td><code>${escape(s.event)}</code></td><td>${escape(s.modelState)}<br><code>${escape(s.machineState)}</code></td>
  <td><ul>${s.asserted.map((a) => `<li>${escape(a)}</li>`).join('')}</ul>${s.error ? `<pre>${escape(s.error)}</pre>` : ''}</td>
  <td>${s.shot ? `<a href="${s.shot}"><img src="${s.shot}" alt="step ${i}" loading="lazy"></a>` : ''}</td></tr>`,
        )
        .join('\n');
      return `<section id="path-${p.index}"><h2>Path ${p.index} ${p.passed ? '✓' : '✗'}</h2>
<p><code>${escape(p.events)}</code> · policy ${escape(p.policyNo)}</p>
<table><thead><tr><th>#</th><th>event</th><th>model / machine state</th><th>asserted</th><th>screenshot</th></tr></thead>
<tbody>${rows}</tbody></table></section>`;
    })
    .join('\n');
  const steps = sorted.reduce((n, p) => n + p.steps.length, 0);
  const checks = sorted.reduce((n, p) => n + p.steps.reduce((k, s) => k + s.asserted.length, 0), 0);
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<title>Correction flow: model paths in Chromium (${lang})</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:6px;vertical-align:top;text-align:left}img{width:360px}
tr.failed{background:#fff1f0}pre{white-space:pre-wrap;color:#a8071a}ul{margin:0;padding-left:18px}</style></head>
<body><h1>Correction flow: model paths in Chromium (${lang})</h1>
<p>${sorted.filter((p) => p.passed).length} of ${chosen.length} paths passed · ${steps} steps · ${checks} assertions · ${new Date().toISOString()}</p>
<ol>${sorted.map((p) => `<li><a href="#path-${p.index}">${escape(p.events)}</a> ${p.passed ? '✓' : '✗'}</li>`).join('')}</ol>
${sections}</body></html>`;
  fs.writeFileSync(path.join(reportDir, 'index.html'), html);
  fs.writeFileSync(path.join(reportDir, 'report.json'), JSON.stringify(sorted, null, 2));
}
