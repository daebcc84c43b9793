/** The site's page that checks a certificate of insurance by its verification code (no login). */
import { INSURER } from '@common/insurer';
import type { MessageKey } from '@server/messages/catalogue';
import type { Verification } from '@server/services/certificates/certificates';
import { esc, type SiteContext } from './frame';

/** The form, and what a code said: valid (with the certificate's facts and today's standing), or why not. */
export function verifyBody(c: SiteContext, typed: string, result: Verification | null, tooMany = false): string {
  const { t } = c;
  let answer = '';
  if (tooMany)
    answer = `<p class="error" role="alert" data-testid="verify-limited">${esc(t('certificate.verify.tooMany'))}</p>`;
  else if (result?.outcome === 'malformed')
    answer = `<p class="error" role="alert" data-testid="verify-malformed">${esc(t('certificate.verify.malformed'))}</p>`;
  else if (result?.outcome === 'unknown')
    answer = `<p class="error" role="alert" data-testid="verify-unknown">${esc(t('certificate.verify.unknown', { code: result.code, hotline: INSURER.hotline }))}</p>`;
  else if (result?.outcome === 'valid') {
    const s = result.standing;
    const standing =
      s.state === 'inForce'
        ? t('certificate.verify.inForce', { today: result.today })
        : s.state === 'notYet'
          ? t('certificate.verify.notYet', { date: s.from })
          : s.state === 'ended'
            ? t('certificate.verify.ended', { date: s.on })
            : t('certificate.verify.policyEnded', {
                state: t(`certificate.verify.state.${s.policyState}` as MessageKey),
              });
    const row = (label: MessageKey, value: string, nowrap = false) =>
      `<dt>${esc(t(label))}</dt><dd${nowrap ? ' class="nowrap"' : ''}>${esc(value)}</dd>`;
    answer = `<div data-testid="verify-valid">
<p class="ok" role="status">${esc(t('certificate.verify.valid', { date: result.issuedOn }))}</p>
<p class="${s.state === 'inForce' ? 'ok' : 'error'}" data-testid="verify-standing" data-standing="${s.state}">${esc(standing)}</p>
<dl class="facts-list">
${row('certificate.code', result.code, true)}
${row('certificate.name', result.maskedName)}
${row('certificate.idNumber', result.idNumberMasked, true)}
${row('certificate.holder', result.holder)}
${row('certificate.policyNo', result.policyNo, true)}
${row('certificate.product', result.product)}
${row('certificate.period', `${result.coverFrom} ~ ${result.coverTo}`, true)}
</dl>
</div>`;
  }
  return `<h1>${esc(t('site.nav.verify'))}</h1>
<p class="lead">${esc(t('certificate.verify.intro'))}</p>
<form class="search" method="get" action="/site/verify">
  <input type="hidden" name="lang" value="${esc(c.locale)}">
  <label for="code">${esc(t('certificate.verify.label'))}</label>
  <input id="code" type="text" name="code" value="${esc(typed)}" maxlength="40" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="XXXX-XXXX-XXXX-XXXX" required>
  <button type="submit">${esc(t('certificate.verify.check'))}</button>
</form>
${answer}`;
}
