import { OrderTable } from '../components/OrderTable';

export default function OrderList() {
  return <OrderTable kind="order" />;
}
