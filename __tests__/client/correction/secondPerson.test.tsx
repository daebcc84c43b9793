/**
 * Two-person approval in the portal (docs/roles.md): the second person's queue on the corporate home,
 * Correction records' Return to preparer, and the preparer's view of a returned correction.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CorrectionSummary, ItemChange } from '@contract/io/correction';
import { format } from '@common/i18n';
import { correctionMessages, kindNames } from '@client/features/correction/messages';
import { renderPortal, startClientGateway, type ClientGateway, type RenderedPortal } from '../support/portal';
import { withViewport } from '../support/viewport';
import { call, key, makePolicy, newPerson } from './support';

const m = correctionMessages['en-US'];
let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());
withViewport(1440);

/** Whether the company's settings have come in (the queue is decided by them). */
const settingsKnown = (store: RenderedPortal['store']) =>
  Object.values(
    (store.getState() as { gateway: { queries: Record<string, { endpointName?: string; status: string }> } }).gateway
      .queries,
  ).some((q) => q.endpointName === 'getCompanySettings' && q.status === 'fulfilled');

const twoPerson = async (on: boolean) => {
  await gw.login('corp-hr');
  await call(gw, 'blocLegal/users/updateSettings', { twoPersonApproval: on ? 1 : 2 });
  gw.forget();
};

/** A correction corp-clerk (张敏) prepares: one person added and underwritten, waiting to be sent. */
async function preparedByClerk(name: string): Promise<CorrectionSummary> {
  await gw.login('corp-clerk');
  const policy = await makePolicy(gw, { members: 2 });
  const change = await call<ItemChange>(gw, 'blocLegal/employee/addSingleEmployee', {
    policyId: policy.policyId,
    idempotencyKey: key(),
    effectiveDate: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
    ...newPerson(policy.region, 5),
    name,
  });
  await call(gw, 'blocLegal/employee/underwriting', { correctionId: change.correction.correctionId });
  gw.forget();
  return change.correction;
}

describe("the second person's queue on the corporate home", () => {
  it('is not there while the company has two-person approval off', async () => {
    await twoPerson(false);
    await gw.login('corp-hr');
    const { store } = await renderPortal('/legal/index');
    await screen.findByTestId('corporate-home');
    // once the portal knows the setting
    await waitFor(() => expect(settingsKnown(store)).toBe(true));
    expect(screen.queryByTestId('second-person-queue')).toBeNull();
  });

  it("lists the clerk's prepared correction for the administrator, with who prepared it, and opens it to send", async () => {
    await twoPerson(true);
    const c = await preparedByClerk('Queue Sun');
    await gw.login('corp-hr');
    await renderPortal('/legal/index');
    const queue = await screen.findByTestId('second-person-queue');
    await within(queue).findByText(c.correctionNo);
    expect(within(queue).getByText(format(m.queueTitle, { count: 1 }))).toBeInTheDocument();
    expect(within(queue).getByText(kindNames['en-US'].add)).toBeInTheDocument();
    expect(within(queue).getByText(/1 person, prepared by 张敏/)).toBeInTheDocument();
    fireEvent.click(within(queue).getByRole('button', { name: m.queueSend }));
    await waitFor(() => expect(window.location.pathname).toBe('/legal/employeeCorrection'));
    expect(new URLSearchParams(window.location.search).get('correctionId')).toBe(String(c.correctionId));
  });

  it('is not shown to the clerk, whose role does not send', async () => {
    await gw.login('corp-clerk');
    await renderPortal('/legal/index');
    await screen.findByTestId('corporate-home');
    // what a clerk's home shows once loaded; the queue is not asked for
    await screen.findByTestId('policy-block');
    expect(screen.queryByTestId('second-person-queue')).toBeNull();
  });

  it('returns a correction to its preparer with why; the preparer reads it on the record, and the queue empties', async () => {
    const c = await preparedByClerk('Queue Li');
    await gw.login('corp-hr');
    await renderPortal(`/legal/correctRecord?detail=${c.correctionId}`);
    const detail = await screen.findByTestId('record-detail');
    fireEvent.click(await within(detail).findByRole('button', { name: m.returnToPreparer }));
    const dialog = (await screen.findByText(format(m.returnTitle, { no: c.correctionNo }))).closest(
      '.ant-modal',
    ) as HTMLElement;
    // the reason is asked for
    fireEvent.click(within(dialog).getByRole('button', { name: m.returnSend }));
    expect(await within(dialog).findByText(m.reasonRequired)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(m.returnReason), { target: { value: '请核对身份证号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: m.returnSend }));
    expect(await screen.findByText(format(m.returnedDone, { no: c.correctionNo }))).toBeInTheDocument();
    gw.forget();

    await gw.login('corp-clerk');
    await renderPortal(`/legal/correctRecord?detail=${c.correctionId}`);
    const note = await screen.findByTestId('returned-note');
    expect(note.textContent).toMatch(/^Returned by 王晓梅 on .+: 请核对身份证号$/);
    gw.forget();

    // nothing of it waits for the administrator any more (the first one does, until sent)
    await gw.login('corp-hr');
    await renderPortal('/legal/index');
    const queue = await screen.findByTestId('second-person-queue');
    await within(queue).findByText(format(m.queueTitle, { count: 1 }));
    expect(within(queue).queryByText(c.correctionNo)).toBeNull();
  });
});
