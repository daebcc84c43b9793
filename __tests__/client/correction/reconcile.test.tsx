/**
 * The whole-roster reconciliation page against a real gateway: reached from the correction screen's
 * policy, a roster file uploaded through the page, the joining / leaving / changed tabs with their
 * ticks, what the ticks would create (and why some mixes cannot be one correction), the confirmation,
 * and the correction it opens.
 */
import { Buffer } from 'node:buffer';
import ExcelJS from 'exceljs';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { buttonAppears, idNumber, makePolicy } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterEach(cleanup);
afterAll(() => gw.close());

withViewport(1440);

async function rosterFile(rows: string[][]): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('员工');
  ws.addRow(['姓名', '身份证号', '手机号码']);
  for (const r of rows) ws.addRow(r);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  return new File([data], '花名册.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

const click = async (name: string) => fireEvent.click(await buttonAppears(name));

describe('Compare whole roster', () => {
  it('compares a roster, explains what the ticks create and makes the ticked joiners one correction', async () => {
    const policy = await makePolicy(gw, { members: 4 });
    const people = await gw.app.services.db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.policyId)
      .orderBy('id')
      .execute();
    const joinerId = idNumber('1992-06-07', 11, 'male', policy.region);
    const file = await rosterFile([
      ...people.slice(1).map((p, i) => [p.name, p.id_number, i === 0 ? '13700000009' : (p.phone ?? '')]),
      ['周新', joinerId, '13800138000'],
    ]);

    await gw.login('corp-hr');
    await renderPortal(`/legal/employeeCorrection?policyNo=${policy.policyNo}`);
    const link = await screen.findByText('Compare whole roster', { selector: 'a' }, { timeout: 15_000 });
    fireEvent.click(link);
    await screen.findByTestId('reconcile-page', undefined, { timeout: 15_000 });
    expect(screen.getByText(new RegExp(`whole current roster of policy ${policy.policyNo}`))).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('reconcile-dragger').querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    const result = await screen.findByTestId('reconcile-result', undefined, { timeout: 15_000 });
    expect(within(result).getByText('Joining (1)')).toBeInTheDocument();
    expect(within(result).getByText('Leaving (1)')).toBeInTheDocument();
    expect(within(result).getByText('Changed (1)')).toBeInTheDocument();
    expect(within(result).getByText(/2 people are the same on both/)).toBeInTheDocument();
    expect(within(screen.getByTestId('reconcile-joining')).getByText('周新')).toBeInTheDocument();

    // Everything ticked: changes with joiners and leavers cannot be one correction.
    const plan = screen.getByTestId('reconcile-plan');
    expect(within(plan).getByText(/A correction carries one kind of change: untick the joiners/)).toBeInTheDocument();
    expect(screen.getByTestId('reconcile-create')).toBeDisabled();

    // Untick the changed and the leaving: one addition.
    fireEvent.click(within(result).getByText('Changed (1)'));
    fireEvent.click(within(screen.getByTestId('reconcile-changed')).getByText('Untick all'));
    fireEvent.click(within(result).getByText('Leaving (1)'));
    fireEvent.click(within(screen.getByTestId('reconcile-leaving')).getByText('Untick all'));
    await waitFor(() => expect(within(plan).getByText('Creates one correction adding 1 person.')).toBeInTheDocument());
    expect(within(plan).getByTestId('reconcile-totals').textContent).toMatch(
      /Ticked: premium ¥[1-9][\d,]*\.\d\d, refund ¥0\.00/,
    );

    fireEvent.click(screen.getByTestId('reconcile-create'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Create the correction?')).toBeInTheDocument();
    await click('Create');

    await waitFor(
      async () => {
        const made = await gw.app.services.db
          .selectFrom('correction')
          .select(['kind', 'item_count'])
          .where('policy_id', '=', policy.policyId)
          .execute();
        expect(made).toEqual([{ kind: 'add', item_count: 1 }]);
      },
      { timeout: 15_000 },
    );
    await screen.findByTestId('correction-flow', undefined, { timeout: 15_000 });
    expect(window.location.pathname).toBe('/legal/employeeCorrection');
  });

  it('shows the refusal of a file it cannot read, in the page', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    await gw.login('corp-hr');
    await renderPortal(`/legal/rosterReconcile?policyNo=${policy.policyNo}`);
    await screen.findByTestId('reconcile-page', undefined, { timeout: 15_000 });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRow(['Department', 'Phone']);
    const file = new File([Buffer.from(await wb.xlsx.writeBuffer())], 'wrong.xlsx');
    fireEvent.change(screen.getByTestId('reconcile-dragger').querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    const error = await screen.findByTestId('reconcile-error', undefined, { timeout: 15_000 });
    expect(error.textContent).toMatch(/Name/);
    expect(screen.queryByTestId('reconcile-result')).toBeNull();
  });
});
