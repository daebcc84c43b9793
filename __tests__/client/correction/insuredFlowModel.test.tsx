/**
 * The insured correction machine's model (insuredCorrection.machine.ts: the same factory with the
 * insured check step, which underwrites as it checks) driven through the rendered InsuredCorrection
 * flow: a greedy covering set of the model's paths within a step budget (see ./pageModel.tsx).
 * Coverage figures are printed; a floor is asserted.
 */
import { insuredCorrectionMachine } from '../../../src/client/features/correction/insuredCorrection.machine';
import { describePageModel } from './pageModel';

describePageModel({
  name: 'insuredCorrection',
  machine: insuredCorrectionMachine,
  flow: 'insured',
  maxSteps: 600,
  transitionFloor: 123,
});
