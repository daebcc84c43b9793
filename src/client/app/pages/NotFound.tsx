import { StatusPage } from './StatusPage';

export default function NotFound() {
  return <StatusPage status="404" title="pageNotFoundTitle" text="pageNotFoundText" />;
}
