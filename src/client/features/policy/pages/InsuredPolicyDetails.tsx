import { ApplicationDetail } from './LegalinsuranceDetail';

/** Application details (the insured's entry to the same page). */
export default ApplicationDetail;
