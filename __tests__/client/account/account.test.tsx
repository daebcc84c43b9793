import { PaymentState } from '@contract/states';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Captcha } from '@server/services/captcha';
import { reauthMessages } from '@client/app/reauth/messages';
import { accountMessages } from '@client/features/account/messages';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
  // The seam: pictures whose text the test knows.
  gw.app.services.captcha = new Captcha(gw.app.services.db, () => 'Kp7m');
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const latestCode = async (phone: string) => {
  const row = await gw.app.services.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.text.match(/\b(\d{6})\b/)![1];
};

describe('account information', () => {
  it('shows the company, credit code, administrator and the masked phone', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalAccountInfo');
    const page = await screen.findByTestId('legal-account-info');
    expect(await within(page).findByText('上海恒晟精密制造有限公司')).toBeInTheDocument();
    expect(within(page).getByText('91310115MA1K4B2C3J')).toBeInTheDocument();
    expect(within(page).getByText('138****0418')).toBeInTheDocument();
    expect(page).not.toHaveTextContent('13816620418');
    expect(document.title).toBe('Account information - Member Center');
  });
});

describe('changing the administrator', () => {
  it('verifies by SMS, refuses a wrong code with the gateway’s sentence, shows the resend countdown, then changes', async () => {
    await gw.login('corp-hr');
    await renderPortal('/legal/legalaccountChange');
    await waitFor(() => expect(screen.getByTestId('greeting')).toHaveTextContent('Hello, 王晓梅 (HR)'));
    await screen.findByText(/will be sent by SMS to the administrator's phone 138\*\*\*\*0418/);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/A 6-digit code was sent to 138\*\*\*\*0418/);
    expect(screen.getByTestId('resend')).toBeDisabled();
    expect(screen.getByTestId('resend')).toHaveTextContent(/Resend in (59|60) s/);

    const code = await latestCode('13816620418');
    const wrong = code === '000000' ? '111111' : '000000';
    const field = screen.getByLabelText('SMS code');
    fireEvent.change(field, { target: { value: wrong } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('flow-error')).toHaveTextContent('The SMS code is wrong; 4 attempts left.');

    fireEvent.change(screen.getByLabelText('SMS code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByLabelText("New administrator's name");

    fireEvent.change(screen.getByLabelText("New administrator's name"), { target: { value: '周敏' } });
    fireEvent.change(screen.getByLabelText("New administrator's ID number"), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText("New administrator's mobile phone"), { target: { value: '13700001111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('wrong number of digits in the ID number')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("New administrator's ID number"), {
      target: { value: '11010519491231002x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByText('Please check the new administrator before confirming.');
    expect(screen.getByText('11010519491231002X')).toBeInTheDocument();
    // The login was more than five minutes ago: confirming asks for the password, then goes on.
    await gw.app.services.db
      .updateTable('session')
      .set({ reauth_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .execute();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByTestId('reauth-dialog');
    fireEvent.change(within(dialog).getByLabelText(reauthMessages['en-US'].password), {
      target: { value: 'Demo@2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: reauthMessages['en-US'].continue }));
    expect(await screen.findByText('The administrator has been changed.')).toBeInTheDocument();
    expect(screen.getByText('周敏 · 137****1111')).toBeInTheDocument();
    // The top bar names the new administrator at once, not the old one.
    await waitFor(() => expect(screen.getByTestId('greeting')).toHaveTextContent('Hello, 周敏'));
    expect(screen.getByTestId('top-bar')).not.toHaveTextContent('王晓梅');
    expect(screen.getByTestId('changed-logged-out')).toHaveTextContent(accountMessages['en-US'].changedLoggedOut);
    const row = await gw.app.services.db
      .selectFrom('app_user')
      .select(['real_name', 'nick_name', 'phone'])
      .where('username', '=', 'corp-hr')
      .executeTakeFirstOrThrow();
    // The new administrator's next login is greeted by their name too.
    expect(row).toEqual({ real_name: '周敏', nick_name: '周敏', phone: '13700001111' });

    // The old password is retired; the new administrator sets one with the reset (code to the new phone).
    await expect(gw.login('corp-hr')).rejects.toThrow(/failed/);
    const reset = (values: Record<string, string>) =>
      fetch(`${gw.url}/idprovider/reset`, {
        method: 'POST',
        body: new URLSearchParams({ account: 'corp-hr', flag: 'legal', ...values }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        redirect: 'manual',
      });
    await reset({ action: 'send' });
    const resetCode = await latestCode('13700001111');
    expect(
      (await reset({ action: 'reset', code: resetCode, password: 'Demo@2026', confirm: 'Demo@2026' })).status,
    ).toBe(303);
    await gw.login('corp-hr');
  });
});

describe('cancelling the account', () => {
  it('says why an account with a policy in force cannot be cancelled', async () => {
    const db = gw.app.services.db;
    const customer = await db
      .selectFrom('customer')
      .select('id')
      .where('name', '=', '上海恒晟精密制造有限公司')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('policy')
      .values({
        policy_no: 'TP-CANCEL-1',
        customer_id: customer.id,
        kind: 'group_accident',
        product_code: 'GA',
        product_name: '团体意外险',
        state: 1,
        holder_name: 'x',
        insured_name: null,
        issue_date: '2026-01-01',
        start_date: '2026-01-01',
        end_date: '2027-01-01',
        premium_fen: 1,
        sum_insured_fen: 1,
        payment_state: PaymentState.paid,
        auto_renew: 2,
        roster: null,
        min_members: 0,
        min_age: 0,
        max_age: 120,
        details: '{}',
        created_at: new Date().toISOString(),
      })
      .execute();
    await gw.login('corp-hr');
    await renderPortal('/legal/legalaccountCancel');
    expect(await screen.findByText('The account cannot be cancelled yet')).toBeInTheDocument();
    expect(screen.getByTestId('cancel-reasons')).toHaveTextContent(/policy in force|policies in force/);
  });

  it('after a wrong picture answer, cancels with the SMS code instead; the session ends', async () => {
    await gw.login('corp-closing');
    await renderPortal('/legal/legalaccountCancel');
    const picture = await screen.findByTestId('captcha');
    const first = picture.getAttribute('data-rand-name');
    expect(picture.getAttribute('src')).toContain(`randName=${first}`);
    // The picture must exist on the gateway before it can be checked: the browser would load it.
    await fetch(new URL(picture.getAttribute('src')!, window.location.href).toString());

    fireEvent.change(screen.getByLabelText('Characters in the picture'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('flow-error')).toHaveTextContent(
      "A picture check failed a short while ago: to cancel the account, confirm with the SMS code sent to the administrator's phone instead.",
    );

    fireEvent.click(screen.getByRole('button', { name: 'Use an SMS code instead' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    const phone = (
      await gw.app.services.db
        .selectFrom('app_user')
        .select('phone')
        .where('username', '=', 'corp-closing')
        .executeTakeFirstOrThrow()
    ).phone as string;
    await screen.findByText(/A 6-digit code was sent to/);
    fireEvent.change(screen.getByLabelText('SMS code'), { target: { value: await latestCode(phone) } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Cancel the corporate account?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the account' }));
    expect(
      await screen.findByText('The account has been cancelled. You are being taken to the login page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute(
      'href',
      '/idprovider/login?flag=legal',
    );
    const state = await gw.app.services.db
      .selectFrom('app_user')
      .select('state')
      .where('username', '=', 'corp-closing')
      .executeTakeFirstOrThrow();
    expect(state.state).toBe(2);
    const sessions = await gw.app.services.db
      .selectFrom('session')
      .innerJoin('app_user', 'app_user.id', 'session.user_id')
      .select('session.sso_id')
      .where('app_user.username', '=', 'corp-closing')
      .execute();
    expect(sessions).toEqual([]);
  });
});
