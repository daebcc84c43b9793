/**
 * The frame of the identity provider's pages (login, registration, password reset): plain HTML
 * without script, in the reader's language, one card that fits a phone.
 */

export const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface FrameModel {
  /** The html element's lang. */
  lang: string;
  /** The document title (before the portal's name). */
  title: string;
  portalName: string;
  tagline: string;
  /** The other language: its name and the address of this page in it. */
  switchLanguage: { label: string; title: string; href: string };
  /** Already escaped HTML: the card's content below its header. */
  body: string;
}

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: linear-gradient(135deg, #0b3d91 0%, #1d6fd8 100%); min-height: 100vh; display: flex; align-items: center; justify-content: center; color: #1f2937; padding: 16px 0; }
  main { background: #fff; width: 400px; max-width: calc(100vw - 24px); border-radius: 10px; box-shadow: 0 18px 40px rgba(0,0,0,.25); overflow: hidden; }
  header { padding: 20px 24px 4px; display: flex; gap: 12px; align-items: flex-start; justify-content: space-between; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; color: #6b7280; font-size: 13px; }
  .lang { flex: none; font-size: 13px; color: #0b5ed7; text-decoration: none; border: 1px solid #bfdbfe; border-radius: 14px; padding: 3px 10px; white-space: nowrap; }
  .lang:hover { background: #eff6ff; }
  h2 { margin: 14px 24px 0; font-size: 17px; }
  .intro { margin: 6px 24px 0; font-size: 13px; color: #4b5563; }
  form .intro { margin: 0; }
  nav { display: flex; border-bottom: 1px solid #e5e7eb; margin: 12px 24px 0; }
  .tab { flex: 1; text-align: center; padding: 10px 0; color: #6b7280; text-decoration: none; border-bottom: 2px solid transparent; font-weight: 600; }
  .tab small { display: block; font-weight: 400; font-size: 11px; }
  .tab.active { color: #0b5ed7; border-bottom-color: #0b5ed7; }
  form { padding: 18px 24px 20px; display: grid; gap: 14px; }
  label, .field { display: grid; gap: 6px; font-size: 13px; font-weight: 600; }
  .hint { font-weight: 400; font-size: 12px; color: #6b7280; margin-top: -8px; }
  .field .hint { margin-top: 0; }
  input[aria-invalid=true] { border-color: #dc2626; }
  .field-error { font-weight: 400; font-size: 12px; color: #b91c1c; }
  .default-submit { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
  input[type=text], input[type=password], input[type=tel] { font: inherit; font-weight: 400; width: 100%; padding: 10px 12px; border: 1px solid #d1d5db; border-radius: 6px; }
  input:focus { outline: 2px solid #93c5fd; border-color: #0b5ed7; }
  .with-button { display: flex; gap: 8px; }
  .with-button input { flex: 1; min-width: 0; }
  .consent { display: flex; gap: 8px; align-items: flex-start; font-weight: 400; font-size: 12px; color: #4b5563; line-height: 1.5; }
  .consent input { margin-top: 3px; flex: none; }
  a { color: #0b5ed7; }
  button { font: inherit; font-weight: 600; padding: 11px; border: 0; border-radius: 6px; background: #0b5ed7; color: #fff; cursor: pointer; }
  button:hover { background: #0a53be; }
  button.secondary { flex: none; background: #fff; color: #0b5ed7; border: 1px solid #0b5ed7; padding: 9px 12px; white-space: nowrap; }
  button.secondary:hover { background: #eff6ff; }
  .error { background: #fef2f2; color: #b91c1c; border: 1px solid #fecaca; padding: 10px 12px; border-radius: 6px; font-size: 13px; }
  .notice { background: #eff6ff; color: #1e40af; border: 1px solid #bfdbfe; padding: 10px 12px; border-radius: 6px; font-size: 13px; }
  footer { padding: 0 24px 20px; font-size: 13px; color: #6b7280; display: flex; flex-wrap: wrap; gap: 6px 16px; justify-content: space-between; }
`;

export function renderFrame(m: FrameModel): string {
  return `<!doctype html>
<html lang="${escape(m.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(m.title)} - ${escape(m.portalName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <header>
    <div>
      <h1>${escape(m.portalName)}</h1>
      <p>${escape(m.tagline)}</p>
    </div>
    <a class="lang" href="${escape(m.switchLanguage.href)}" hreflang="${m.lang === 'zh-CN' ? 'en' : 'zh-CN'}" title="${escape(m.switchLanguage.title)}" data-testid="switch-language">${escape(m.switchLanguage.label)}</a>
  </header>
${m.body}
</main>
</body>
</html>`;
}

/** The hidden field of the page's own form token (http/formToken.ts). */
export const tokenField = (c: { formToken: string }) =>
  `<input type="hidden" name="formToken" value="${escape(c.formToken)}">`;

/** The error and the notice a page may carry, each in its box. */
export function messages(error: string | null, notice: string | null, errorId = 'page-error'): string {
  return [
    error ? `<div class="error" role="alert" id="${errorId}">${escape(error)}</div>` : '',
    notice ? `<div class="notice" role="status" id="page-notice">${escape(notice)}</div>` : '',
  ].join('');
}

/** The privacy consent with the policy linked (opened beside the form, which keeps what was typed). */
export function consent(text: { before: string; link: string; after: string }, href: string, checked: boolean) {
  return `<label class="consent"><input type="checkbox" name="privacy" value="1" required${checked ? ' checked' : ''}> <span>${escape(text.before)}<a href="${escape(href)}" target="_blank" rel="noopener" data-testid="privacy-link">${escape(text.link)}</a>${escape(text.after)}</span></label>`;
}
