/**
 * Certificates of insurance from the employee view: a person's own button downloads their PDF, the
 * people selected or the whole policy download as one zip (the whole policy after saying what it is).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { captureDownloads } from '../policy/support';
import { buttonAppears, makePolicy } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

withViewport(1440);

describe('certificates on the employee view', () => {
  it('downloads one person’s certificate, the selected people’s and the whole policy’s as a zip', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const people = await gw.app.services.db
      .selectFrom('insured_person')
      .select(['id', 'name'])
      .where('policy_id', '=', policy.policyId)
      .orderBy('id')
      .execute();
    await gw.login('corp-viewer');
    const downloads = captureDownloads();
    try {
      await renderPortal(`/legal/employeeView?policyNo=${policy.policyNo}`);
      const view = await screen.findByTestId('employee-view');
      await waitFor(() => expect(view.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3));
      // A viewer changes nothing, and may still give an employee proof of cover.
      expect(screen.queryByRole('button', { name: 'Add people' })).not.toBeInTheDocument();
      fireEvent.click(await buttonAppears(`Certificate of insurance for ${people[1].name}`));
      await waitFor(() => expect(downloads.saved).toEqual([`certificate-${policy.policyNo}-${people[1].name}.pdf`]));
      expect(
        await screen.findByText(`certificate-${policy.policyNo}-${people[1].name}.pdf was downloaded.`),
      ).toBeInTheDocument();

      const rowsOf = () => Array.from(view.querySelectorAll<HTMLElement>('tbody tr.ant-table-row'));
      fireEvent.click(rowsOf()[0].querySelector('input[type="checkbox"]') as HTMLInputElement);
      fireEvent.click(rowsOf()[2].querySelector('input[type="checkbox"]') as HTMLInputElement);
      fireEvent.click(await buttonAppears('Certificates of the selected (2)'));
      await waitFor(() => expect(downloads.saved).toHaveLength(2));
      expect(downloads.saved[1]).toBe(`certificates-${policy.policyNo}.zip`);

      fireEvent.click(await buttonAppears('Certificates of the whole policy'));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(`Download the certificates of everyone insured on policy ${policy.policyNo}?`);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(3));
      const issued = await gw.app.services.db
        .selectFrom('certificate')
        .select('insured_person_id')
        .where('policy_id', '=', policy.policyId)
        .execute();
      // One, then two, then all three.
      expect(issued).toHaveLength(6);
    } finally {
      downloads.restore();
    }
  });
});
