/** The identity provider's registration and password reset pages: plain forms, no script. */
import type { PageContext } from './loginPage';
import { consent, escape, messages, renderFrame, tokenField } from './identityLayout';

export interface RegisterPageModel {
  mobile: string;
  consent: boolean;
  error: string | null;
  notice: string | null;
}

const frame = (c: PageContext, title: string, body: string) =>
  renderFrame({
    lang: c.t('idp.lang'),
    title,
    portalName: c.portalName,
    tagline: c.t('idp.tagline'),
    switchLanguage: { label: c.t('idp.switchLanguage'), title: c.t('idp.switchLanguageLabel'), href: c.switchHref },
    body,
  });

const passwordFields = (
  c: PageContext,
) => `<label>${escape(c.t('idp.newPassword'))} <input type="password" name="password" required minlength="8" maxlength="32" autocomplete="new-password" aria-describedby="password-rules"></label>
    <span class="hint" id="password-rules">${escape(c.t('idp.passwordRules'))}</span>
    <label>${escape(c.t('idp.confirmPassword'))} <input type="password" name="confirm" required maxlength="32" autocomplete="new-password"></label>`;

export function renderRegisterPage(c: PageContext, m: RegisterPageModel): string {
  const { t } = c;
  const body = `  <h2>${escape(t('idp.registerTitle'))}</h2>
  <p class="intro">${escape(t('idp.registerIntro'))}</p>
  <form method="post" action="/idprovider/register" autocomplete="on">
    ${messages(m.error, m.notice)}
    <input type="hidden" name="lang" value="${escape(c.locale)}">
    ${tokenField(c)}
    <div class="field"><label for="mobile">${escape(t('idp.mobile'))}</label><span class="with-button"><input type="tel" id="mobile" name="mobile" value="${escape(m.mobile)}" required maxlength="11" inputmode="numeric" autocomplete="tel-national" pattern="1[3-9][0-9]{9}" placeholder="${escape(t('idp.mobileHint'))}"${m.mobile ? '' : ' autofocus'}><button type="submit" name="action" value="send" class="secondary" formnovalidate data-testid="send-code">${escape(t('idp.sendCode'))}</button></span></div>
    <label>${escape(t('idp.code'))} <input type="text" name="code" required maxlength="6" inputmode="numeric" autocomplete="one-time-code"${m.mobile ? ' autofocus' : ''}></label>
    ${passwordFields(c)}
    ${consent({ before: t('idp.consentBefore'), link: t('idp.privacyPolicy'), after: t('idp.consentAfter') }, c.links.privacy, m.consent)}
    <button type="submit" name="action" value="register" data-testid="register-submit">${escape(t('idp.createAccount'))}</button>
  </form>
  <footer><a href="${escape(c.links.login)}" data-testid="back-to-login">${escape(t('idp.backToLogin'))}</a></footer>`;
  return frame(c, t('idp.registerTitle'), body);
}

export interface ResetPageModel {
  /** The account asked for: the second step (code and new password) once it is known. */
  account: string;
  codeStep: boolean;
  corporate: boolean;
  error: string | null;
  notice: string | null;
}

export function renderResetPage(c: PageContext, m: ResetPageModel): string {
  const { t } = c;
  const hidden = `<input type="hidden" name="lang" value="${escape(c.locale)}">
    <input type="hidden" name="flag" value="${m.corporate ? 'legal' : ''}">
    ${tokenField(c)}`;
  const action = `/idprovider/reset${m.corporate ? '?flag=legal' : ''}`;
  const form = m.codeStep
    ? `<form method="post" action="${action}" autocomplete="on">
    ${messages(m.error, m.notice)}
    ${hidden}
    <input type="hidden" name="account" value="${escape(m.account)}">
    <p class="intro">${escape(t('idp.resetCodeIntro', { account: m.account }))}</p>
    <div class="field"><label for="code">${escape(t('idp.code'))}</label><span class="with-button"><input type="text" id="code" name="code" required maxlength="6" inputmode="numeric" autocomplete="one-time-code" autofocus><button type="submit" name="action" value="send" class="secondary" formnovalidate data-testid="send-code">${escape(t('idp.resendCode'))}</button></span></div>
    ${passwordFields(c)}
    <button type="submit" name="action" value="reset" data-testid="reset-submit">${escape(t('idp.setPassword'))}</button>
  </form>`
    : `<form method="post" action="${action}" autocomplete="on">
    ${messages(m.error, m.notice)}
    ${hidden}
    <label>${escape(t('idp.account'))} <input type="text" name="account" value="${escape(m.account)}" required maxlength="64" autocomplete="username" autofocus></label>
    <button type="submit" name="action" value="send" data-testid="send-code">${escape(t('idp.sendCode'))}</button>
  </form>`;
  const body = `  <h2>${escape(t('idp.resetTitle'))}</h2>
  ${m.codeStep ? '' : `<p class="intro">${escape(t('idp.resetIntro'))}</p>`}
  ${form}
  <footer>
    <a href="${escape(c.links.login)}" data-testid="back-to-login">${escape(t('idp.backToLogin'))}</a>
    ${m.codeStep ? `<a href="${escape(c.links.reset)}">${escape(t('idp.otherAccount'))}</a>` : ''}
  </footer>`;
  return frame(c, t('idp.resetTitle'), body);
}

export interface InvitationPageModel {
  /** The invitation the link opens; null when it opens none (the error says why). */
  invitation: { company: string; name: string; role: string } | null;
  token: string;
  userName: string;
  error: string | null;
}

/** The page an invitation's link opens: the colleague chooses a user name and a password. */
export function renderInvitationPage(c: PageContext, m: InvitationPageModel): string {
  const { t } = c;
  const form = m.invitation
    ? `<p class="intro">${escape(t('idp.invitationIntro', m.invitation))}</p>
  <form method="post" action="/idprovider/invitation" autocomplete="on">
    ${messages(m.error, null)}
    <input type="hidden" name="lang" value="${escape(c.locale)}">
    <input type="hidden" name="token" value="${escape(m.token)}">
    ${tokenField(c)}
    <label>${escape(t('idp.userName'))} <input type="text" name="userName" value="${escape(m.userName)}" required minlength="4" maxlength="32" autocomplete="username" aria-describedby="user-name-rules" autofocus></label>
    <span class="hint" id="user-name-rules">${escape(t('idp.userNameRules'))}</span>
    ${passwordFields(c)}
    <button type="submit" data-testid="invitation-submit">${escape(t('idp.invitationSubmit'))}</button>
  </form>`
    : messages(m.error, null);
  const body = `  <h2>${escape(t('idp.invitationTitle'))}</h2>
  ${form}
  <footer><a href="${escape(c.links.login)}" data-testid="back-to-login">${escape(t('idp.backToLogin'))}</a></footer>`;
  return frame(c, t('idp.invitationTitle'), body);
}
