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
  /** The picture check the page asks for after a few failed attempts. */
  picture?: { randName: string; src: string; label: string; alt: string } | null;
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
    ${messages(m.error, m.notice, 'login-error')}
    <input type="hidden" name="flag" value="${m.corporate ? 'legal' : ''}">
    <input type="hidden" name="redirect" value="${escape(m.redirect)}">
    <input type="hidden" name="lang" value="${escape(c.locale)}">
    ${tokenField(c)}
    <label>${escape(t('idp.username'))} <input type="text" name="username" value="${escape(m.username)}" required maxlength="64" autocomplete="username" autofocus></label>
    <label>${escape(t('idp.password'))} <input type="password" name="password" required maxlength="128" autocomplete="current-password"></label>
    ${
      m.picture
        ? `<input type="hidden" name="randName" value="${escape(m.picture.randName)}">
    <label>${escape(m.picture.label)} <img src="${escape(m.picture.src)}" alt="${escape(m.picture.alt)}" width="160" height="56" data-testid="login-picture"> <input type="text" name="captcha" required maxlength="10" autocomplete="off" spellcheck="false"></label>`
        : ''
    }
    ${consent({ before: t('idp.consentBefore'), link: t('idp.privacyPolicy'), after: t('idp.consentAfter') }, c.links.privacy, false)}
    <button type="submit">${escape(m.corporate ? t('idp.loginCorporate') : t('idp.login'))}</button>
  </form>
  <footer>
    <a href="${escape(c.links.reset)}" data-testid="forgot-password">${escape(t('idp.forgot'))}</a>
    ${m.corporate ? '' : `<span>${escape(t('idp.noAccount'))} <a href="${escape(c.links.register)}" data-testid="register">${escape(t('idp.register'))}</a></span>`}
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
