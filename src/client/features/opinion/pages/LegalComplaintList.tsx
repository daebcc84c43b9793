import { ComplaintCenter } from '../components/ComplaintCenter';

/** Complaints and suggestions of a corporate customer (legalcomplaintProposalList). */
export default function LegalComplaintList() {
  return <ComplaintCenter title="legalTitle" testId="legal-complaint-list" />;
}
