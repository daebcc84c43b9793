/**
 * The identity pages' own forms carry a token: a random value the page puts in a hidden field and in
 * a cookie only the identity pages receive (SameSite=Strict, HttpOnly). A form posted by another site
 * cannot read the page's token nor set the cookie, so a browser that states neither Sec-Fetch-Site nor
 * Origin still cannot be made to log in, register or reset from elsewhere (http/sameOrigin.ts).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const FORM_COOKIE = 'mc_form';
export const FORM_FIELD = 'formToken';
const PATTERN = /^[A-Za-z0-9_-]{24,64}$/;

/** The token of this browser's identity forms: its cookie's, else a new one set on the answer. */
export function formToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const kept = request.cookies[FORM_COOKIE];
  if (kept && PATTERN.test(kept)) return kept;
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(FORM_COOKIE, token, { path: '/idprovider', httpOnly: true, sameSite: 'strict', secure });
  return token;
}

/** Whether a posted form carries the token of the cookie the browser sent. */
export function formTokenMatches(request: FastifyRequest): boolean {
  const cookie = request.cookies[FORM_COOKIE];
  const raw = (request.body as Record<string, unknown> | undefined)?.[FORM_FIELD];
  const field = typeof raw === 'string' ? raw : undefined;
  if (!cookie || !field || !PATTERN.test(cookie) || cookie.length !== field.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}
