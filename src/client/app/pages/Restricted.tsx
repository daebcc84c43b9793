import { StatusPage } from './StatusPage';

/** The restriction notice (ERR_0002 sends the user here). */
export default function Restricted() {
  return <StatusPage status="403" title="restrictedTitle" text="restrictedText" />;
}
