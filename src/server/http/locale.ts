import type { FastifyRequest } from 'fastify';
import { LOCALES, pickLocale, type Locale } from '../../common/i18n';
import { LOCALE_COOKIE } from '../../contract/locale';

/**
 * The language of a request: the user's choice in the portal (its cookie), else the browser's
 * Accept-Language, else the install's default.
 */
export function requestLocale(request: FastifyRequest, fallback: Locale): Locale {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  return pickLocale(request.headers['accept-language'], fallback);
}
