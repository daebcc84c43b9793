/** The identity provider's login page of the standalone install: no script, works without JavaScript. */

export interface LoginPageModel {
  corporate: boolean;
  username: string;
  error: string | null;
  notice: string | null;
  redirect: string;
  portalName: string;
  /** The picture check the page asks for after a few failed attempts. */
  picture?: { randName: string; src: string; label: string; alt: string } | null;
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function renderLoginPage(m: LoginPageModel): string {
  const tab = (corporate: boolean, label: string, sub: string) => {
    const href = `/idprovider/login?${corporate ? 'flag=legal&' : ''}redirect=${encodeURIComponent(m.redirect)}`;
    const active = corporate === m.corporate;
    return `<a class="tab${active ? ' active' : ''}" href="${escape(href)}" role="tab" aria-selected="${active}" data-tab="${corporate ? 'corporate' : 'personal'}">${label}<small>${sub}</small></a>`;
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in - ${escape(m.portalName)}</title>
<style>
  body { margin: 0; font-family: -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: linear-gradient(135deg, #0b3d91 0%, #1d6fd8 100%); min-height: 100vh; display: flex; align-items: center; justify-content: center; color: #1f2937; }
  main { background: #fff; width: 380px; max-width: calc(100vw - 32px); border-radius: 10px; box-shadow: 0 18px 40px rgba(0,0,0,.25); overflow: hidden; }
  header { padding: 24px 28px 8px; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; color: #6b7280; font-size: 13px; }
  nav { display: flex; border-bottom: 1px solid #e5e7eb; margin: 12px 28px 0; }
  .tab { flex: 1; text-align: center; padding: 10px 0; color: #6b7280; text-decoration: none; border-bottom: 2px solid transparent; font-weight: 600; }
  .tab small { display: block; font-weight: 400; font-size: 11px; }
  .tab.active { color: #0b5ed7; border-bottom-color: #0b5ed7; }
  form { padding: 20px 28px 28px; display: grid; gap: 14px; }
  label { display: grid; gap: 6px; font-size: 13px; font-weight: 600; }
  input[type=text], input[type=password] { font: inherit; padding: 10px 12px; border: 1px solid #d1d5db; border-radius: 6px; }
  input:focus { outline: 2px solid #93c5fd; border-color: #0b5ed7; }
  .consent { display: flex; gap: 8px; align-items: flex-start; font-weight: 400; font-size: 12px; color: #4b5563; }
  button { font: inherit; font-weight: 600; padding: 11px; border: 0; border-radius: 6px; background: #0b5ed7; color: #fff; cursor: pointer; }
  button:hover { background: #0a53be; }
  .error { background: #fef2f2; color: #b91c1c; border: 1px solid #fecaca; padding: 10px 12px; border-radius: 6px; font-size: 13px; }
  .notice { background: #eff6ff; color: #1e40af; border: 1px solid #bfdbfe; padding: 10px 12px; border-radius: 6px; font-size: 13px; }
  footer { padding: 0 28px 20px; font-size: 12px; color: #6b7280; }
</style>
</head>
<body>
<main>
  <header>
    <h1>${escape(m.portalName)}</h1>
    <p>Log in to manage your insurance. National hotline 95518.</p>
  </header>
  <nav role="tablist">
    ${tab(false, 'Personal', '个人用户')}
    ${tab(true, 'Corporate', '企业用户')}
  </nav>
  <form method="post" action="/idprovider/login" autocomplete="on">
    ${m.error ? `<div class="error" role="alert" id="login-error">${escape(m.error)}</div>` : ''}
    ${m.notice ? `<div class="notice" role="status">${escape(m.notice)}</div>` : ''}
    <input type="hidden" name="flag" value="${m.corporate ? 'legal' : ''}">
    <input type="hidden" name="redirect" value="${escape(m.redirect)}">
    <label>User name <input type="text" name="username" value="${escape(m.username)}" required maxlength="64" autocomplete="username" autofocus></label>
    <label>Password <input type="password" name="password" required maxlength="128" autocomplete="current-password"></label>
    ${
      m.picture
        ? `<input type="hidden" name="randName" value="${escape(m.picture.randName)}">
    <label>${escape(m.picture.label)} <img src="${escape(m.picture.src)}" alt="${escape(m.picture.alt)}" width="160" height="56" data-testid="login-picture"> <input type="text" name="captcha" required maxlength="10" autocomplete="off" spellcheck="false"></label>`
        : ''
    }
    <label class="consent"><input type="checkbox" name="privacy" value="1" required> I have read and agree to the privacy policy and authorise the processing of my personal information for my insurance services.</label>
    <button type="submit">${m.corporate ? 'Log in as a corporate customer' : 'Log in'}</button>
  </form>
  <footer>Forgot your password? Call 95518.</footer>
</main>
</body>
</html>`;
}
