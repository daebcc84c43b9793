/**
 * The correction pages' file flows and the group (employer) approval, against a real gateway: the
 * templates downloaded through the page are filled in and uploaded through the page's file input.
 * - a group (employer) policy: subtract by file (groupSubtractUpload and its template), approved with
 *   groupApplyBusinessApprove (the plain applyBusinessApprove refuses employer policies);
 * - exchange by file (groupExchangeUpload and its template), in force at once (nothing to pay), and the
 *   policy's insurance records page shows the endorsement the correction wrote;
 * - an insured policy's subtract by file (subtractInsuredUpload);
 * - the batch import's fix and retry: a file with a bad row is refused, the error report downloaded
 *   from the error state lists that row, the fixed file uploaded from there goes on to the preview.
 */
import { Buffer } from 'node:buffer';
import ExcelJS from 'exceljs';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { maskIdNumber } from '@common/mask';
import { buttonAppears, idNumber, makePolicy, newPerson, type ClientPolicy } from './support';
// a page's first render (its chunk compiled cold in a fresh clone) may take longer

let gw: ClientGateway;
/** The gateway calls the page made, by name (employee/..., correctInsured/...). */
const calls: string[] = [];
/** The files the page saved, as a browser download would. */
const saved: Array<{ name: string; data: Buffer }> = [];
const pendingSaves: Array<Promise<void>> = [];
const restore: Array<() => void> = [];

beforeAll(async () => {
  gw = await startClientGateway();
  const fetch0 = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const m = /\/gateway\/(?:blocLegal\/)?(.+)$/.exec(new URL(url, window.location.href).pathname);
    if (m) calls.push(m[1]);
    return fetch0(input, init);
  }) as typeof fetch;
  restore.push(() => (globalThis.fetch = fetch0));
  // Node's fetch answers Node Blobs: let them count as Blobs, and keep what saveFile saves.
  const jsdomBlob = globalThis.Blob;
  const create = URL.createObjectURL;
  const revoke = URL.revokeObjectURL;
  globalThis.Blob = require('node:buffer').Blob;
  let last: Blob | null = null;
  URL.createObjectURL = ((blob: Blob) => {
    last = blob;
    return 'blob:test';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = last;
    const name = this.download;
    if (blob) pendingSaves.push(blob.arrayBuffer().then((b) => void saved.push({ name, data: Buffer.from(b) })));
  });
  restore.push(() => {
    click.mockRestore();
    globalThis.Blob = jsdomBlob;
    URL.createObjectURL = create ?? (() => 'blob:test');
    URL.revokeObjectURL = revoke ?? (() => undefined);
  });
});
afterAll(async () => {
  for (const r of restore) r();
  await gw.close();
});
afterEach(() => {
  gw.forget();
  calls.length = 0;
  saved.length = 0;
});

const flowState = () => screen.getByTestId('correction-flow').getAttribute('data-state');
const waitState = (state: string) => waitFor(() => expect(flowState()).toBe(state));
const click = async (name: string) => fireEvent.click(await buttonAppears(name));

/** Opens the correction page of a policy and starts a correction of the given kind. */
async function start(policy: ClientPolicy, kind: 'Add' | 'Remove' | 'Exchange', page = 'employeeCorrection') {
  await gw.login('corp-hr');
  await renderPortal(`/legal/${page}?policyNo=${policy.policyNo}`);
  await waitFor(() => expect(screen.getByText(new RegExp(policy.policyNo))).toBeInTheDocument());
  fireEvent.click(screen.getByText(`${kind} people`));
  await click('Start');
  await waitState('editing.idle');
  fireEvent.click(
    screen.getByText(kind === 'Add' ? 'Add from a file' : 'From a file', { selector: '[role=tab], [role=tab] *' }),
  );
}

/** Downloads the template through the page; answers the saved file as a workbook. */
async function template(name: RegExp): Promise<ExcelJS.Workbook> {
  await click('Download the template');
  await waitFor(() => expect(saved.length).toBeGreaterThan(0));
  await Promise.all(pendingSaves);
  const file = saved.pop()!;
  expect(file.name).toMatch(name);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.data as unknown as ArrayBuffer);
  expect(wb.getWorksheet('Rules')).toBeTruthy();
  return wb;
}

const headerOf = (wb: ExcelJS.Workbook) => (wb.getWorksheet('People')!.getRow(1).values as unknown[]).slice(1);

/** The template with the given rows (by header) in its People sheet, as a file the page can take. */
async function filled(wb: ExcelJS.Workbook, rows: Array<Record<string, string>>, fileName: string): Promise<File> {
  const ws = wb.getWorksheet('People')!;
  const header = headerOf(wb) as string[];
  // the earlier rows of a reused workbook go first
  for (let r = ws.rowCount; r >= 2; r -= 1) ws.spliceRows(r, 1);
  for (const row of rows) ws.addRow(header.map((h) => row[h] ?? ''));
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  return new File([data], fileName, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

const upload = (file: File) =>
  fireEvent.change(screen.getByTestId('batch-upload').querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [file] },
  });
const roster = (policy: ClientPolicy) =>
  gw.app.services.db
    .selectFrom('insured_person')
    .selectAll()
    .where('policy_id', '=', policy.policyId)
    .orderBy('id')
    .execute();
const draftRows = () =>
  within(screen.getByTestId('draft-items'))
    .queryAllByRole('row')
    .filter((r) => r.querySelector('td:not(.ant-table-cell-empty)') && !r.classList.contains('ant-table-placeholder'));

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('correction files and group approval through the page', () => {
  it('removes two employees of a group (employer) policy by file and has it approved with groupApplyBusinessApprove', async () => {
    const policy = await makePolicy(gw, { roster: 'employeeNew', members: 4 });
    const people = await roster(policy);
    await start(policy, 'Remove');
    expect(screen.getByText('Employee changes', { selector: 'h3' })).toBeInTheDocument();

    const wb = await template(/\.xlsx$/);
    expect(calls).toContain('employee/downloadGroupSubtractTemplate');
    expect(headerOf(wb)).toEqual(['Name', 'ID number']);
    upload(
      await filled(
        wb,
        people.slice(0, 2).map((p) => ({ Name: p.name, 'ID number': p.id_number })),
        'leavers.xlsx',
      ),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('draft-items')).getByText(people[1].name)).toBeInTheDocument(),
    );
    await waitState('editing.idle');
    expect(calls).toContain('employee/groupSubtractUpload');
    expect(within(screen.getByTestId('draft-items')).getByText(people[0].name)).toBeInTheDocument();
    expect(within(screen.getByTestId('draft-items')).queryByText(people[2].name)).toBeNull();

    await click('Check and calculate the premium');
    await waitState('preview');
    expect(screen.getByTestId('net-amount').textContent).toMatch(/^-¥\d/);
    await click('Continue');
    await waitState('scenario.choosing');
    await click('Submit for business approval');
    await screen.findByTestId('change-summary');
    await click('Submit');
    await waitState('done');
    expect(calls).toContain('employee/groupApplyBusinessApprove');
    expect(calls).not.toContain('employee/applyBusinessApprove');
    // the two leavers are off the roster, the others stay
    const after = await roster(policy);
    expect(after.filter((p) => p.state === 1).map((p) => p.id)).toEqual(people.slice(2).map((p) => p.id));
  });

  it('exchanges an employee for a new one by file, previews the premium difference, and the records page shows the endorsement', async () => {
    const policy = await makePolicy(gw, { roster: 'employee', members: 3 });
    const people = await roster(policy);
    await start(policy, 'Exchange');
    const wb = await template(/\.xlsx$/);
    expect(calls).toContain('employee/downloadGroupExchangeTemplate');
    expect(headerOf(wb).slice(0, 3)).toEqual(['Leaving ID number', 'Name', 'ID number']);
    const joiner = newPerson(policy.region, 7);
    upload(
      await filled(
        wb,
        [{ 'Leaving ID number': people[0].id_number, Name: joiner.name, 'ID number': joiner.idNumber }],
        'exchange.xlsx',
      ),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('draft-items')).getByText(maskIdNumber(joiner.idNumber))).toBeInTheDocument(),
    );
    await waitState('editing.idle');
    expect(calls).toContain('employee/groupExchangeUpload');
    // the row shows who leaves and who joins
    const row = within(screen.getByTestId('draft-items')).getByText(maskIdNumber(joiner.idNumber)).closest('tr')!;
    expect(row).toHaveTextContent(people[0].name);
    expect(row).toHaveTextContent(joiner.name);

    await click('Check and calculate the premium');
    await waitState('preview');
    // same rate, same days: the joiner's premium and the leaver's refund cancel out
    expect(screen.getByTestId('net-amount')).toHaveTextContent('¥0.00');
    const preview = screen.getByTestId('premium-preview');
    expect(preview).toHaveTextContent(`${people[0].name} → ${joiner.name}`);
    // the exchange shows the joiner's premium and the leaver's refund, not only the net line
    expect(preview).toHaveTextContent('premium ¥265.00, refund ¥265.00');

    // nothing to pay: approved and in force at once, and the policy's records page shows the endorsement
    await click('Continue');
    await waitState('scenario.choosing');
    await click('Submit for business approval');
    await screen.findByTestId('change-summary');
    await click('Submit');
    await waitState('done');
    const { correction_no: correctionNo } = await gw.app.services.db
      .selectFrom('correction')
      .select('correction_no')
      .where('policy_id', '=', policy.policyId)
      .executeTakeFirstOrThrow();
    cleanup();
    await renderPortal('/legal/insuranceRecord');
    const page = await screen.findByTestId('insurance-records');
    fireEvent.change(within(page).getByLabelText('Policy number'), { target: { value: policy.policyNo } });
    fireEvent.click(await buttonAppears('Search'));
    const recordNo = `IR${correctionNo}`;
    const link = await within(page).findByText(recordNo);
    const record = link.closest('tr')!;
    expect(record).toHaveTextContent('Endorsement');
    expect(record).toHaveTextContent(policy.policyNo);
    fireEvent.click(link);
    const detail = await screen.findByTestId('record-detail');
    expect(detail).toHaveTextContent(`Correction ${correctionNo}: 1 person exchanged for new ones, no premium change.`);
    await waitFor(() => expect(within(detail).getByText(joiner.name)).toBeInTheDocument());
    expect(within(detail).getByText(people[0].name)).toBeInTheDocument();
  });

  it('removes an insured person by file with the insured upload-and-parse call', async () => {
    const policy = await makePolicy(gw, { roster: 'insured', members: 3 });
    const people = await roster(policy);
    await start(policy, 'Remove', 'insuredCorrection');
    const wb = await template(/\.xlsx$/);
    expect(headerOf(wb)).toEqual(['Name', 'ID number']);
    upload(await filled(wb, [{ Name: people[2].name, 'ID number': people[2].id_number }], 'leaver.xlsx'));
    await waitFor(() =>
      expect(within(screen.getByTestId('draft-items')).getByText(people[2].name)).toBeInTheDocument(),
    );
    await waitState('editing.idle');
    expect(calls).toContain('correctInsured/subtractInsuredUpload');
    expect(calls).not.toContain('employee/groupSubtractUpload');
    await click('Check and calculate the premium');
    await waitState('preview');
    expect(calls).toContain('correctInsured/checkInsuredCorrect');
    expect(screen.getByTestId('net-amount').textContent).toMatch(/^-¥\d/);
  });

  it('refuses a file with a bad row, offers its error report, and goes on with the fixed file', async () => {
    const policy = await makePolicy(gw, { roster: 'employee', members: 2 });
    await start(policy, 'Add');
    const wb = await template(/\.xlsx$/);
    expect(calls).toContain('employee/downImportEmployeeExcel');
    expect(headerOf(wb).slice(0, 2)).toEqual(['Name', 'ID number']);
    const good = [newPerson(policy.region, 1), newPerson(policy.region, 2)];
    const right = idNumber('1991-05-06', 450, 'female', policy.region);
    const wrong = right.slice(0, 17) + (right[17] === '0' ? '1' : '0'); // a wrong check digit
    const rows = (third: string) => [
      { Name: good[0].name, 'ID number': good[0].idNumber },
      { Name: 'Li Na', 'ID number': third },
      { Name: good[1].name, 'ID number': good[1].idNumber },
    ];

    upload(await filled(wb, rows(wrong), 'people.xlsx'));
    await waitState('editing.importRejected');
    expect(calls).toContain('employee/addBatchEmployee');
    const errors = screen.getByTestId('import-errors');
    expect(errors).toHaveTextContent('1 of 3 rows of people.xlsx are wrong; nothing was added.');
    expect(within(errors).getByText("ID number (column B): The ID number's check digit is wrong.")).toBeInTheDocument();
    expect(draftRows()).toHaveLength(0);

    // the error state offers the report: it lists the bad row with its reason
    fireEvent.click(await buttonAppears('Download the error report'));
    await waitFor(() => expect(saved.length).toBeGreaterThan(0));
    await Promise.all(pendingSaves);
    expect(calls).toContain('employee/downloadErrorExcel');
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(saved.pop()!.data as unknown as ArrayBuffer);
    const lines: string[] = [];
    // The report is the template holding every row of the file, the reasons beside the bad one.
    report.getWorksheet('People')!.eachRow((r) => lines.push((r.values as unknown[]).slice(1).join('|')));
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(wrong);
    expect(lines[2]).toContain("The ID number's check digit is wrong.");
    expect(lines[2]).toMatch(/\|3\|ID number \(column B\)/); // the spreadsheet's row number, then the reason

    // fixed and uploaded again from the error state: all three go into the draft
    upload(await filled(wb, rows(right), 'people.xlsx'));
    await waitState('editing.idle');
    await waitFor(() => expect(draftRows()).toHaveLength(3));
    expect(within(screen.getByTestId('draft-items')).getByText(maskIdNumber(right))).toBeInTheDocument();
    expect(screen.queryByTestId('import-errors')).toBeNull();
    await click('Check and calculate the premium');
    await waitState('preview');
    expect(screen.getByTestId('net-amount').textContent).toMatch(/^¥[1-9]/);
  });
});
