import { OrderTable } from '../components/OrderTable';

export default function ApplicationList() {
  return <OrderTable kind="application" />;
}
