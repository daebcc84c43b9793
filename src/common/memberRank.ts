/**
 * When an individual member is senior (userAnk 1): the club and asset pages are theirs.
 *
 * The rule: a member is senior once the account carries
 *   1. a verified real name and resident ID number (the true-name verification of Personal
 *      information: the ID number passes GB 11643 and the name is 2-30 characters), and
 *   2. a bound mobile phone (11 digits starting with 1).
 * Completing the last missing piece promotes the member at once. The gateway never demotes a
 * member (a senior who changes the bound phone stays senior: the new phone is verified by SMS).
 */

import { maskIdNumber as maskId, maskPhone as maskPhoneNumber } from './mask';

export type SeniorRequirement = 'realName' | 'phone';

export interface RankFacts {
  real_name: string | null;
  id_number: string | null;
  phone: string | null;
}

/** A mainland mobile number: 11 digits starting 13-19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function missingForSenior(user: RankFacts): SeniorRequirement[] {
  const missing: SeniorRequirement[] = [];
  if (!user.real_name || !user.id_number) missing.push('realName');
  if (!user.phone || !MOBILE_PATTERN.test(user.phone)) missing.push('phone');
  return missing;
}

export function qualifiesAsSenior(user: RankFacts): boolean {
  return missingForSenior(user).length === 0;
}

/** 310104196001010026 -> 310***********0026 (src/common/mask.ts) */
export const maskIdNumber = (value: string | null): string | null => (value ? maskId(value) : null);

/** 13901728856 -> 139****8856 (src/common/mask.ts) */
export const maskPhone = (value: string | null): string | null => (value ? maskPhoneNumber(value) : null);
