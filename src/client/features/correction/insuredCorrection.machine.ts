import { createCorrectionMachine } from './correctionFlow';

/**
 * Insured correction (correctInsured/...): add, subtract, exchange and modify insured persons of
 * policies whose roster is not an employee list. checkInsuredCorrect runs the checks and answers the
 * premium in one call, so the flow has no separate underwriting step.
 */
export const insuredCorrectionMachine = createCorrectionMachine({ id: 'insuredCorrection', checkUnderwrites: true });
