import { CorrectionFlow } from '../components/CorrectionFlow';

/** /employeeCorrection?policyNo=...[&correctionId=...]: employee and group (employer) policy corrections. */
export default function EmployeeCorrection() {
  return <CorrectionFlow flow="employee" />;
}
