import { beijingDay } from '@common/time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { replyAsInsurer } from '@server/services/opinion';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

async function chooseType(label: string) {
  const select = screen.getByLabelText('Type');
  fireEvent.mouseDown(select);
  const option = await screen.findByTitle(label);
  fireEvent.click(option);
}

describe('complaints and suggestions', () => {
  withViewport(1440);
  it('files a complaint with two pictures; its text stays text; it is open with a 15-day deadline', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalcomplaintProposalList');
    await screen.findByTestId('legal-complaint-list');
    expect(document.title).toBe('Complaints and suggestions - Member Center');
    fireEvent.click(screen.getByRole('button', { name: 'New complaint or suggestion' }));
    const dialog = await screen.findByRole('dialog');
    await chooseType('Claims handling');
    fireEvent.change(within(dialog).getByLabelText('What happened, or your suggestion'), {
      target: { value: 'The claim is slow <b>really</b>' },
    });

    const input = () =>
      within(dialog).getByTestId('picture-upload').querySelector('input[type=file]') as HTMLInputElement;
    // antd Upload, not a native file control on its own
    expect(within(dialog).getByRole('button', { name: 'Add a picture' })).toBeInTheDocument();
    // A file that is not a picture is stopped before it leaves the page.
    fireEvent.change(input(), { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only JPEG, PNG or WebP pictures can be uploaded.',
    );
    fireEvent.change(input(), { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(within(dialog).getAllByTestId('uploaded-picture')).toHaveLength(1));
    fireEvent.change(input(), { target: { files: [new File([PNG], 'b.png', { type: 'image/png' })] } });
    await waitFor(() => expect(within(dialog).getAllByTestId('uploaded-picture')).toHaveLength(2));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const db = gw.app.services.db;
    const filed = await db.selectFrom('opinion').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(filed.content).toBe('The claim is slow <b>really</b>');
    const pictures = await db.selectFrom('opinion_picture').select('id').where('opinion_id', '=', filed.id).execute();
    expect(pictures).toHaveLength(2);

    const row = (await screen.findByText(filed.opinion_no)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Open');
    // 15 days from the day it was filed, in Beijing (the UTC date is the day before from 16:00 UTC).
    const deadline = new Date(`${beijingDay(filed.created_at)}T00:00:00Z`);
    deadline.setUTCDate(deadline.getUTCDate() + 15);
    expect(row).toHaveTextContent(deadline.toISOString().slice(0, 10));
    expect(row.querySelector('b')).toBeNull();
  });

  it('shows an insurer reply as unread until the complaint is opened; opening it clears the indicator', async () => {
    const db = gw.app.services.db;
    const filed = await db.selectFrom('opinion').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    await replyAsInsurer(db, {
      opinionNo: filed.opinion_no,
      text: 'We are on it.\nExpect a call today.',
      staffName: 'Ms Zhou',
    });

    await gw.login('corp-hr');
    const { store } = await renderPortal('/legal/legalcomplaintProposalList');
    const row = (await screen.findByText(filed.opinion_no)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Replied');
    expect(within(row).getByTestId('unread-badge')).toHaveTextContent('1');
    expect(await screen.findByText('1 unread reply')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    const detail = await screen.findByTestId('opinion-detail');
    expect(within(detail).getByTestId('opinion-content')).toHaveTextContent('The claim is slow <b>really</b>');
    expect(within(detail).getAllByTestId('opinion-picture')).toHaveLength(2);
    expect(within(detail).getByTestId('message-insurer')).toHaveTextContent('Customer service · Ms Zhou');
    expect(within(detail).getByTestId('message-insurer')).toHaveTextContent('Expect a call today.');

    await waitFor(() => expect(store.getState().unread.userReadFlag).toBe(1));
    await waitFor(() => expect(screen.queryByText('1 unread reply')).not.toBeInTheDocument());
    const reply = await db
      .selectFrom('opinion_reply')
      .select('read_at')
      .where('opinion_id', '=', filed.id)
      .executeTakeFirstOrThrow();
    expect(reply.read_at).not.toBeNull();

    // A follow-up message reopens the case.
    fireEvent.change(within(detail).getByLabelText('Add a message'), { target: { value: 'Thank you.' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByTestId('opinion-detail')).findByTestId('message-customer')).toHaveTextContent(
      'Thank you.',
    );
  });

  it('shows the personal list to an individual member, without the company’s complaints', async () => {
    await gw.login('member-senior');
    await renderPortal('/legal/myComplaintList');
    await screen.findByTestId('my-complaint-list');
    expect(document.title).toBe('Complaint and suggestion list - Member Center');
    await waitFor(() => expect(screen.getByTestId('opinion-counts')).toHaveTextContent('0 in all'));
  });
});
