import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, pickLocale, type Locale } from '@common/i18n';
import { LOCALE_COOKIE } from '@contract/locale';

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The language of a request: the user's choice in the portal (its cookie), else the browser's
 * Accept-Language, else the install's default.
 */
export function requestLocale(request: FastifyRequest, fallback: Locale): Locale {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  return pickLocale(request.headers['accept-language'], fallback);
}

/**
 * The language of an identity page: the one asked for (`lang` in the address, or the form's field
 * when a page posts back), else requestLocale's.
 */
export function pageLocale(request: FastifyRequest, fallback: Locale, asked?: unknown): Locale {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (isLocale(asked)) return asked;
  if (isLocale(query.lang)) return query.lang;
  return requestLocale(request, fallback);
}

/**
 * Hands the language an identity page is shown in to the portal behind it: the locale cookie, set
 * when it does not hold that language yet. A page is shown in the cookie's language unless the
 * visitor asked for another (its switch), so this never overrides a choice: it records the browser's
 * language on a first visit, and a language asked for on the page's switch.
 */
export function rememberPageLocale(
  request: FastifyRequest,
  reply: FastifyReply,
  locale: Locale,
  secure: boolean,
): void {
  if (request.cookies?.[LOCALE_COOKIE] !== locale)
    reply.setCookie(LOCALE_COOKIE, locale, { path: '/', sameSite: 'lax', secure, maxAge: 365 * 24 * 3600 });
}
