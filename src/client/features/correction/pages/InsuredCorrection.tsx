import { CorrectionFlow } from '../components/CorrectionFlow';

/** /insuredCorrection?policyNo=...[&correctionId=...]: insured-person corrections (car policy correction included). */
export default function InsuredCorrection() {
  return <CorrectionFlow flow="insured" />;
}
