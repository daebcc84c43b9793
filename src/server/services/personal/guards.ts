import { randomInt } from 'node:crypto';
import { insurerToday } from '@common/correction';
import { forbidden } from '../errors';
import type { SessionUser } from '../identity';

/** The personal centre belongs to individual members; corporate accounts have their own centre. */
export function individual(user: SessionUser): SessionUser {
  if (user.legal_flag === 1) throw forbidden('personal.individualsOnly');
  return user;
}

/** Club and asset calls need a senior member (userAnk 1), as the pages do (docs/SPEC.md §5). */
export function senior(user: SessionUser, area: 'assets' | 'club'): SessionUser {
  individual(user);
  if (user.user_ank !== 1) throw forbidden(area === 'assets' ? 'personal.assetsRefused' : 'personal.clubRefused');
  return user;
}

/** A business number: prefix, the insurer's date and six random digits (unique indexes catch the rare clash). */
export function businessNo(prefix: string, now: Date): string {
  return `${prefix}${insurerToday(now).replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
