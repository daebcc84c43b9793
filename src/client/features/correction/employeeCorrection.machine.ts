import { createCorrectionMachine } from './correctionFlow';

/**
 * Employee correction (employee/...): add one, add a batch, subtract, exchange, on policies whose
 * roster is an employee list; the 'New' calls for group employer policies (roster employeeNew) are
 * chosen by the actors from the policy. Checks (checkGroupEmployeeCorrect) and underwriting are two steps.
 */
export const employeeCorrectionMachine = createCorrectionMachine({ id: 'employeeCorrection', checkUnderwrites: false });
