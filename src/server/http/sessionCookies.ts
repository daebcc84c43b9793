import type { FastifyReply } from 'fastify';
import type { GatewayConfig } from '../config';
import type { SessionUser } from '../services/identity';
import { LEGAL_COOKIE, SESSION_COOKIE, SSO_COOKIE } from '@contract/cookies';

export function setSessionCookies(reply: FastifyReply, config: GatewayConfig, token: string, user: SessionUser) {
  const base = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(SSO_COOKIE, user.sso_id, { ...base, httpOnly: false });
  if (user.legal_flag === 1) reply.setCookie(LEGAL_COOKIE, '1', { ...base, httpOnly: false });
  else reply.clearCookie(LEGAL_COOKIE, { path: '/' });
}

export function clearSessionCookies(reply: FastifyReply) {
  for (const name of [SESSION_COOKIE, SSO_COOKIE, LEGAL_COOKIE]) reply.clearCookie(name, { path: '/' });
}
