import { StatusPage } from './StatusPage';

/** A page the user's role does not reach (typed or linked): said so, with the way home. */
export default function RoleRestricted() {
  return <StatusPage status="403" title="restrictedTitle" text="roleRestrictedText" />;
}
