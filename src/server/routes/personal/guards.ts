import { randomInt } from 'node:crypto';
import { forbiddenText } from '../../services/errors';
import type { SessionUser } from '../../services/identity';

/** docs/SPEC.md §5, word for word. */
const ASSETS_REFUSAL = 'Your information is incomplete; you cannot access the My Assets page!';
export const CLUB_REFUSAL = 'Your information is incomplete; you cannot take part in club activities!';

/** The personal centre belongs to individual members; corporate accounts have their own centre. */
export function individual(user: SessionUser): SessionUser {
  if (user.legal_flag === 1)
    throw forbiddenText(
      'The personal centre is for individual members; corporate accounts use the corporate member centre.',
    );
  return user;
}

/** Club and asset calls need a senior member (userAnk 1), as the pages do. */
export function senior(user: SessionUser, area: 'assets' | 'club'): SessionUser {
  individual(user);
  if (user.user_ank !== 1) throw forbiddenText(area === 'assets' ? ASSETS_REFUSAL : CLUB_REFUSAL);
  return user;
}

/** Today's date (UTC), YYYY-MM-DD. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** A business number: prefix, date and six random digits (unique indexes catch the rare clash). */
export function businessNo(prefix: string, now = new Date()): string {
  return `${prefix}${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
