import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ItemChange } from '@contract/io/correction';
import { format } from '@common/i18n';
import { INSURER } from '@common/insurer';
import { formatFen } from '@common/money';
import { formatDate } from '@common/time';
import { correctionMessages } from '@client/features/correction/messages';
import { settleRefund } from '@server/services/payments/refunds';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { call, key, makePolicy, newPerson } from './support';
let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

async function draftWithOnePerson(name: string) {
  const policy = await makePolicy(gw, { members: 2 });
  const person = { ...newPerson(policy.region, 3), name };
  const change = await call<ItemChange>(gw, 'blocLegal/employee/addSingleEmployee', {
    policyId: policy.policyId,
    idempotencyKey: key(),
    effectiveDate: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
    ...person,
  });
  return { policy, person, correction: change.correction };
}

// the lists read as tables (a phone's cards: the walks)
withViewport(1440);

describe('the correction records page', () => {
  it('lists a draft, shows its details, and continues it where it was', async () => {
    await gw.login('corp-hr');
    const { correction, person } = await draftWithOnePerson('Record Zhao');
    await renderPortal('/legal/correctRecord');
    const row = (await screen.findByText(correction.correctionNo)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const detail = await screen.findByTestId('record-detail');
    // the ID number is masked as everywhere else
    const masked = `${person.idNumber.slice(0, 3)}${'*'.repeat(11)}${person.idNumber.slice(-4)}`;
    expect(within(detail).getByText(masked)).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/legal/employeeCorrection'));
    expect(new URLSearchParams(window.location.search).get('correctionId')).toBe(String(correction.correctionId));
    // the machine is restored from correctDetail: straight back into editing, with the person in the draft
    await waitFor(() => expect(screen.getByTestId('correction-flow')).toHaveAttribute('data-state', 'editing.idle'));
    expect(within(screen.getByTestId('draft-items')).getByText('Record Zhao')).toBeInTheDocument();
  });

  it('reopens an underwritten correction at its preview, with the days its premiums are counted on', async () => {
    await gw.login('corp-hr');
    const { correction } = await draftWithOnePerson('Record Qian');
    const underwritten = await call<{ days: number; yearDays: number }>(gw, 'blocLegal/employee/underwriting', {
      correctionId: correction.correctionId,
    });
    await renderPortal(`/legal/employeeCorrection?correctionId=${correction.correctionId}`);
    await waitFor(() => expect(screen.getByTestId('correction-flow')).toHaveAttribute('data-state', 'preview'));
    expect(screen.getByTestId('premium-days')).toHaveTextContent(
      format(correctionMessages['en-US'].yearDays, {
        from: formatDate(correction.effectiveDate),
        days: underwritten.days,
        yearDays: underwritten.yearDays,
      }),
    );
  });

  it('deletes a draft after confirmation; the list shows it cancelled', async () => {
    await gw.login('corp-hr');
    const { correction } = await draftWithOnePerson('Record Qian');
    await renderPortal('/legal/correctRecord');
    const row = () => screen.getByText(correction.correctionNo).closest('tr') as HTMLElement;
    await screen.findByText(correction.correctionNo);
    fireEvent.click(within(row()).getByRole('button', { name: 'Delete the draft' }));
    expect(
      await screen.findByText(
        `Delete the draft of correction ${correction.correctionNo}? Nothing is changed on the policy.`,
      ),
    ).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The correction was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(row()).getByText('Cancelled')).toBeInTheDocument());
    expect(within(row()).queryByRole('button', { name: 'Delete the draft' })).toBeNull();
  });
});

describe('a correction with a refund on its record', () => {
  const m = correctionMessages['en-US'];
  const HOLDER = 'Record Refund Trading Co., Ltd.';

  /** Two people removed from a policy held by a company with its own account on file: in force, refund requested. */
  async function removedTwo() {
    const policy = await makePolicy(gw, { members: 3, holderName: HOLDER });
    await gw.app.services.db
      .insertInto('customer_bank_account')
      .values({
        customer_id: policy.customerId,
        account_name: HOLDER,
        bank_name: 'Industrial Bank, Hangzhou Branch',
        bank_name_zh: '兴业银行杭州分行',
        account_no: '3560100100412345',
        created_at: new Date().toISOString(),
      })
      .execute();
    const removed = await call<ItemChange>(gw, 'blocLegal/employee/subtractEmployee', {
      policyId: policy.policyId,
      idempotencyKey: key(),
      effectiveDate: new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10),
      personIds: JSON.stringify(policy.personIds.slice(0, 2)),
    });
    const id = removed.correction.correctionId;
    await call(gw, 'blocLegal/employee/underwriting', { correctionId: id });
    await call(gw, 'blocLegal/employee/applyBusinessApprove', { correctionId: id, idempotencyKey: key() });
    return removed.correction;
  }

  it('shows the refund in progress, then refunded on its day, with the amount and the company’s own account masked', async () => {
    await gw.login('corp-hr');
    const correction = await removedTwo();
    const { unmount } = await renderPortal('/legal/correctRecord');
    const row = (await screen.findByText(correction.correctionNo)).closest('tr') as HTMLElement;
    expect(within(row).getByText(m.refundState_processing)).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: m.detail }));

    const status = await screen.findByTestId('refund-status');
    expect(within(status).getByText(m.refundState_processing)).toBeInTheDocument();
    expect(within(status).getByText(m.refundProcessingHint)).toBeInTheDocument();
    const account = within(status).getByTestId('refund-account').textContent ?? '';
    expect(account).toContain(HOLDER);
    expect(account).toContain('Industrial Bank, Hangzhou Branch');
    expect(account).toMatch(/2345$/);
    expect(account).not.toContain('35601001');
    const refund = await gw.app.services.db
      .selectFrom('refund')
      .selectAll()
      .where('correction_id', '=', correction.correctionId)
      .executeTakeFirstOrThrow();
    expect(within(status).getByText(formatFen(Number(refund.amount_fen)))).toBeInTheDocument();
    expect(within(status).queryByTestId('refund-settled')).toBeNull();
    unmount();

    const settled = await settleRefund(gw.app.services.db, refund.refund_no, { state: 'refunded' }, new Date());
    await renderPortal(`/legal/correctRecord?detail=${correction.correctionId}`);
    const after = await screen.findByTestId('refund-status');
    expect(within(after).getByText(m.refundState_refunded)).toBeInTheDocument();
    expect(within(after).getByText(m.refundSettledAt_refunded)).toBeInTheDocument();
    expect(within(after).getByTestId('refund-settled')).toHaveTextContent(formatDate(settled.settled_at));
  });

  it('says why a refund failed', async () => {
    await gw.login('corp-hr');
    const correction = await removedTwo();
    const refund = await gw.app.services.db
      .selectFrom('refund')
      .select('refund_no')
      .where('correction_id', '=', correction.correctionId)
      .executeTakeFirstOrThrow();
    await settleRefund(gw.app.services.db, refund.refund_no, { state: 'failed', failure: 'accountClosed' }, new Date());
    await renderPortal(`/legal/correctRecord?detail=${correction.correctionId}`);
    const status = await screen.findByTestId('refund-status');
    expect(within(status).getByText(m.refundState_failed)).toBeInTheDocument();
    expect(within(status).getByTestId('refund-failure')).toHaveTextContent(
      format(m.refundFailure_accountClosed, { hotline: INSURER.hotline }),
    );
  });
});
