/** The identity provider's login page of the standalone install: no script, works without JavaScript. */
import type { Translate } from '../messages/catalogue';
import { consent, escape, messages, renderFrame, tokenField } from './identityLayout';

/** What every identity page needs to know about where it is: language and links. */
export interface PageContext {
  t: Translate;
  portalName: string;
  /** This page in the other language. */
  switchHref: string;
  /** The language the page is shown in, sent back with its forms. */
  locale: string;
  /** The token of the page's own form (http/formToken.ts), in a hidden field. */
  formToken: string;
  links: { privacy: string; register: string; reset: string; login: string };
}

export interface LoginPageModel {
  corporate: boolean;
  username: string;
  error: string | null;
  notice: string | null;
  redirect: string;
  /** After a few failed attempts: the field of the code sent by SMS to the account's bound phone. */
  code?: { error: string | null } | null;
}

export function renderLoginPage(c: PageContext, m: LoginPageModel): string {
  const { t } = c;
  const tab = (corporate: boolean, label: string, sub: string) => {
    const href = `/idprovider/login?${corporate ? 'flag=legal&' : ''}redirect=${encodeURIComponent(m.redirect)}`;
    const active = corporate === m.corporate;
    return `<a class="tab${active ? ' active' : ''}" href="${escape(href)}" role="tab" aria-selected="${active}" data-tab="${corporate ? 'corporate' : 'personal'}">${escape(label)}<small>${escape(sub)}</small></a>`;
  };
  const body = `  <nav role="tablist">
    ${tab(false, t('idp.personal'), t('idp.personalSub'))}
    ${tab(true, t('idp.corporate'), t('idp.corporateSub'))}
  </nav>
  <form method="post" action="/idprovider/login${m.corporate ? '?flag=legal' : ''}" autocomplete="on">
    ${m.code ? `<button type="submit" class="default-submit" tabindex="-1" aria-hidden="true">${escape(t('idp.login'))}</button>` : ''}
    ${messages(m.error, m.notice, 'login-error')}
    <input type="hidden" name="flag" value="${m.corporate ? 'legal' : ''}">
    <input type="hidden" name="redirect" value="${escape(m.redirect)}">
    <input type="hidden" name="lang" value="${escape(c.locale)}">
    ${tokenField(c)}
    <label>${escape(t('idp.username'))} <input type="text" name="username" value="${escape(m.username)}" required maxlength="64" autocomplete="username" autofocus></label>
    <label>${escape(t('idp.password'))} <input type="password" name="password" required maxlength="128" autocomplete="current-password"></label>
    ${m.code ? codeField(c, m.code.error) : ''}
    ${consent({ before: t('idp.consentBefore'), link: t('idp.privacyPolicy'), after: t('idp.consentAfter') }, c.links.privacy, false)}
    <button type="submit" name="action" value="login">${escape(m.corporate ? t('idp.loginCorporate') : t('idp.login'))}</button>
  </form>
  <footer>
    <a href="${escape(c.links.reset)}" data-testid="forgot-password">${escape(t('idp.forgot'))}</a>
    ${m.corporate ? '' : `<span>${escape(t('idp.noAccount'))} <a href="${escape(c.links.register)}" data-testid="register">${escape(t('idp.register'))}</a></span>`}
    <a href="${escape(`/site/verify?lang=${encodeURIComponent(c.locale)}`)}" data-testid="verify-certificate">${escape(t('idp.verifyCertificate'))}</a>
  </footer>`;
  return renderFrame({
    lang: t('idp.lang'),
    title: t('idp.loginTitle'),
    portalName: c.portalName,
    tagline: t('idp.tagline'),
    switchLanguage: { label: t('idp.switchLanguage'), title: t('idp.switchLanguageLabel'), href: c.switchHref },
    body,
  });
}

/**
 * The SMS code's field with its "Send code" button (a submit of its own: the page works without
 * script). The form's first button is a hidden "Log in", so Enter in a field logs in, not sends.
 */
function codeField(c: PageContext, error: string | null): string {
  const { t } = c;
  const described = `code-hint${error ? ' code-error' : ''}`;
  return `<div class="field"><label for="code">${escape(t('idp.code'))}</label><span class="with-button"><input type="text" id="code" name="code" maxlength="6" inputmode="numeric" autocomplete="one-time-code" aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}><button type="submit" name="action" value="send" class="secondary" formnovalidate data-testid="send-code">${escape(t('idp.sendCode'))}</button></span>
    <span class="hint" id="code-hint">${escape(t('login.codeHint'))}</span>
    ${error ? `<span class="field-error" role="alert" id="code-error">${escape(error)}</span>` : ''}</div>`;
}
