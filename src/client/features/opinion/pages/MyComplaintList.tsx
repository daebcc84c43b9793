import { ComplaintCenter } from '../components/ComplaintCenter';

/** Complaints and suggestions of an individual member (myComplaintList). */
export default function MyComplaintList() {
  return <ComplaintCenter title="personalTitle" testId="my-complaint-list" />;
}
