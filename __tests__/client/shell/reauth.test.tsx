/**
 * The password dialog: when the gateway refuses what takes an account until the user proves it is
 * them again, the portal asks for the password in a dialog, then the action goes on; a wrong password
 * is said in the dialog, and giving up leaves the refusal on the page with nothing changed.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reauthMessages } from '@client/app/reauth/messages';
import { personalMessages } from '@client/features/personal/messages';
import { setLocale } from '@client/state/ui';
import { translate } from '@server/messages/catalogue';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const db = () => gw.app.services.db;

/** The user's sessions proved their user longer ago than the gateway accepts (the login is ten minutes old). */
async function ageProof(username: string) {
  const user = await db()
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await db()
    .updateTable('session')
    .set({ reauth_at: new Date(Date.now() - 10 * 60_000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

const sentTo = (phone: string, purpose: string) =>
  db().selectFrom('sms_outbox').select('text').where('phone', '=', phone).where('purpose', '=', purpose).execute();

describe('binding a phone (en-US)', () => {
  const m = reauthMessages['en-US'];
  const personal = personalMessages['en-US'];

  it('asks for the password, says a wrong one in the dialog, then sends the code and binds the phone', async () => {
    await gw.login('member-senior');
    await ageProof('member-senior');
    await renderPortal('/legal/myprofile/accountSecurity');
    const page = await screen.findByTestId('account-security');
    type(within(page).getByLabelText(personal.newPhone), '13755550301');
    fireEvent.click(within(page).getByRole('button', { name: personal.sendCode }));

    const dialog = await screen.findByTestId('reauth-dialog');
    expect(within(dialog).getByText(m.title)).toBeInTheDocument();
    expect(within(dialog).getByText(m.text)).toBeInTheDocument();
    expect(await sentTo('13755550301', 'bind-phone')).toEqual([]);

    type(within(dialog).getByLabelText(m.password), 'Wrong2026x');
    fireEvent.click(within(dialog).getByRole('button', { name: m.continue }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(translate('en-US', 'reauth.wrongPassword'));

    type(within(dialog).getByLabelText(m.password), 'Demo@2026');
    fireEvent.click(within(dialog).getByRole('button', { name: m.continue }));
    await waitFor(() => expect(screen.queryByTestId('reauth-dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await sentTo('13755550301', 'bind-phone')).toHaveLength(1));
    // The flow goes on: the code that came back binds the phone (the password was just given).
    const [message] = await sentTo('13755550301', 'bind-phone');
    type(within(page).getByLabelText(personal.smsCode), message!.text.match(/\b(\d{6})\b/)![1]!);
    await waitFor(() => expect(within(page).getByRole('button', { name: personal.changePhone })).toBeEnabled());
    fireEvent.click(within(page).getByRole('button', { name: personal.changePhone }));
    await waitFor(() => expect(within(page).getByTestId('bound-phone')).toHaveTextContent('137****0301'));
  });

  it('leaves the refusal on the page and sends nothing when the user cancels', async () => {
    await gw.login('member-senior');
    await ageProof('member-senior');
    await renderPortal('/legal/myprofile/accountSecurity');
    const page = await screen.findByTestId('account-security');
    type(within(page).getByLabelText(personal.newPhone), '13755550302');
    fireEvent.click(within(page).getByRole('button', { name: personal.sendCode }));
    const dialog = await screen.findByTestId('reauth-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: m.cancel }));
    expect(await within(page).findByText(translate('en-US', 'reauth.needed', { minutes: 5 }))).toBeInTheDocument();
    expect(await sentTo('13755550302', 'bind-phone')).toEqual([]);
  });
});

describe('changing the e-mail (zh-CN)', () => {
  const m = reauthMessages['zh-CN'];
  const personal = personalMessages['zh-CN'];
  /** antd puts a space between the two characters of a two-character Chinese button. */
  const buttonName = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

  it('asks in Chinese, then saves the new address', async () => {
    await gw.login('member-senior');
    await ageProof('member-senior');
    const portal = await renderPortal('/legal/myprofile/personalInfo');
    act(() => {
      portal.store.dispatch(setLocale('zh-CN'));
    });
    const page = await screen.findByTestId('personal-info');
    fireEvent.click(await within(page).findByRole('button', { name: buttonName(personal.edit) }));
    type(await screen.findByLabelText(personal.email), 'wenjing.li@example.cn');
    fireEvent.click(screen.getByRole('button', { name: buttonName(personal.save) }));

    const dialog = await screen.findByTestId('reauth-dialog');
    expect(within(dialog).getByText(m.title)).toBeInTheDocument();
    type(within(dialog).getByLabelText(m.password), 'Demo@2026');
    fireEvent.click(within(dialog).getByRole('button', { name: buttonName(m.continue) }));
    await waitFor(async () =>
      expect(
        (
          await db()
            .selectFrom('app_user')
            .select('email')
            .where('username', '=', 'member-senior')
            .executeTakeFirstOrThrow()
        ).email,
      ).toBe('wenjing.li@example.cn'),
    );
    expect(screen.queryByTestId('reauth-dialog')).not.toBeInTheDocument();
  });
});
