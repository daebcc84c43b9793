/**
 * The words and limits of the policy area that both ends use at run time (the portal's pickers and
 * checks, the gateway's rules). No TypeBox here: the portal imports this file itself.
 */
export type PolicyKind =
  'property' | 'motor' | 'employer' | 'group_accident' | 'group_health' | 'group_life' | 'life' | 'health';
export const POLICY_KINDS: readonly PolicyKind[] = [
  'property',
  'motor',
  'employer',
  'group_accident',
  'group_health',
  'group_life',
  'life',
  'health',
];
/** Kinds whose people are on a roster (the group and employer policies). */
export const GROUP_KINDS: readonly PolicyKind[] = ['employer', 'group_accident', 'group_health', 'group_life'];
/** Kinds of claim a customer reports: motor (car) and everything else. */
export const CLAIM_KINDS = ['car', 'nonCar'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
/** What a claim file shows: a picture (of the damage, the scene) or a document the claim needs. */
export const CLAIM_FILE_PURPOSES = ['picture', 'document'] as const;
export type ClaimFilePurpose = (typeof CLAIM_FILE_PURPOSES)[number];
/** Pictures and documents of a claim: at most this large each (bytes). */
export const CLAIM_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** Personal-insurance kinds: their e-policy is the life policy download and they have premium receipts. */
export const LIFE_KINDS: readonly PolicyKind[] = ['life', 'health', 'group_life', 'group_health', 'group_accident'];
