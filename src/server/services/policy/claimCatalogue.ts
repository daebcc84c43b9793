/**
 * What a claim needs, by the kind of policy it is on: the documents the insurer asks for, the usual
 * causes (suggestions for the report form), the claim number's kind code and the line (and so the
 * hotline) that handles it. Names and causes are the catalogue's ('claim.doc.<code>',
 * 'claim.cause.<code>').
 */
import type { ClaimContact, ClaimKind, PolicyKind } from '@contract/io/policy';

/** The documents a claim needs, in the order the insurer lists them. */
const DOCUMENTS: Record<PolicyKind, readonly string[]> = {
  motor: ['accidentReport', 'drivingLicences', 'damageAssessment', 'repairInvoice', 'scenePhotos'],
  property: ['lossNotice', 'lossList', 'scenePhotos', 'repairPurchaseInvoices'],
  health: ['medicalRecord', 'medicalInvoice', 'dischargeSummary', 'medicalInsuranceStatement', 'bankAccount'],
  group_health: ['medicalRecord', 'medicalInvoice', 'socialInsuranceStatement', 'bankAccount'],
  group_accident: ['medicalRecord', 'medicalInvoice', 'injuredId', 'bankAccount'],
  employer: ['injuryRuling', 'medicalRecord', 'medicalInvoice', 'absenceProof', 'injuredId', 'bankAccount'],
  life: ['deathCertificate', 'beneficiaryId', 'medicalRecord', 'bankAccount'],
  group_life: ['deathCertificate', 'beneficiaryId', 'injuredId', 'bankAccount'],
};

/** Every document the catalogue names (seeded claims use some that no kind asks for by default). */
export const DOCUMENT_CODES: readonly string[] = [
  ...new Set([
    ...Object.values(DOCUMENTS).flat(),
    'hospitalBill',
    'outpatientRecord',
    'pastRecords',
    'weatherCertificate',
    'repairReport',
    'costBreakdown',
  ]),
];

const CAUSES: Record<'car' | 'health' | 'accident' | 'property' | 'life', readonly string[]> = {
  car: ['collision', 'rearEnded', 'scrape', 'glass', 'flood', 'theft'],
  health: ['inpatient', 'outpatient', 'criticalIllness'],
  accident: ['injuryAtWork', 'injuryCommuting', 'injuryOther'],
  property: ['fire', 'water', 'storm', 'theft', 'machinery'],
  life: ['death', 'disability'],
};

export function claimDocuments(kind: PolicyKind): readonly string[] {
  return DOCUMENTS[kind] ?? DOCUMENTS.property;
}

export function claimCauses(kind: PolicyKind): readonly string[] {
  switch (kind) {
    case 'motor':
      return CAUSES.car;
    case 'health':
    case 'group_health':
      return CAUSES.health;
    case 'group_accident':
    case 'employer':
      return CAUSES.accident;
    case 'life':
    case 'group_life':
      return CAUSES.life;
    default:
      return CAUSES.property;
  }
}

/** A car claim is on a motor policy; a non-car claim on any other. */
export const fitsClaimKind = (kind: PolicyKind, claimKind: ClaimKind) => (kind === 'motor') === (claimKind === 'car');

/** The two letters of a claim number that say its kind (CLM2026<EL>0000931). */
export const CLAIM_NO_KIND: Record<PolicyKind, string> = {
  property: 'PR',
  motor: 'DA',
  employer: 'EL',
  group_accident: 'GA',
  group_health: 'GH',
  group_life: 'GL',
  life: 'LF',
  health: 'MD',
};

/** The service hotlines (the portal's footer names the same numbers). */
const HOTLINES: Record<ClaimContact['line'], string> = {
  property: '400-889-5518',
  life: '400-888-5518',
  health: '400-886-5518',
};

export function claimLine(kind: PolicyKind): { line: ClaimContact['line']; hotline: string } {
  const line: ClaimContact['line'] =
    kind === 'life' || kind === 'group_life'
      ? 'life'
      : kind === 'health' || kind === 'group_health' || kind === 'group_accident'
        ? 'health'
        : 'property';
  return { line, hotline: HOTLINES[line] };
}
