/**
 * The employee correction machine's model driven through the rendered EmployeeCorrection flow: a
 * greedy covering set of the model's paths within a step budget (see ./pageModel.tsx). The insured
 * machine's is insuredFlowModel.test.tsx. Coverage figures are printed; a floor is asserted.
 */
import { employeeCorrectionMachine } from '../../../src/client/features/correction/employeeCorrection.machine';
import { describePageModel } from './pageModel';

describePageModel({
  name: 'employeeCorrection',
  machine: employeeCorrectionMachine,
  flow: 'employee',
  maxSteps: 600,
  transitionFloor: 128,
});
