import { Tag, Typography } from 'antd';
import type { AssetTransaction } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { dateFilter, oneOf, useListQuery } from '@client/shared/list/useListQuery';
import { useTransactionQueryQuery } from '../api';
import { formatFen } from '@common/money';
import { label, personalMessages } from '../messages';
import { TRANSACTION_KINDS } from '@contract/io/personal.codes';

const KINDS = TRANSACTION_KINDS;
const FILTERS = { kind: oneOf(KINDS), from: dateFilter, to: dateFilter };

function Transactions() {
  const m = useMessages(personalMessages);
  const list = useListQuery(useTransactionQueryQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({ pageNum, pageSize, ...filters }),
  });
  const columns: ListColumn<AssetTransaction>[] = [
    { key: 'onDate', title: m.date, className: 'mc-nowrap', card: 'subtitle', render: (t) => t.onDate },
    { key: 'txnNo', title: m.txnNo, render: (t) => t.txnNo },
    { key: 'account', title: m.account, className: 'mc-wrap', card: 'title', render: (t) => t.accountName },
    { key: 'kind', title: m.kind, render: (t) => label(m, 'txn', t.kind) },
    { key: 'description', title: m.description, className: 'mc-wrap', render: (t) => t.description },
    { key: 'amount', title: m.amount, align: 'right', render: (t) => formatFen(t.amountFen) },
    {
      key: 'state',
      title: m.state,
      card: 'state',
      render: (t) => (
        <Tag color={t.state === 3 ? 'red' : t.state === 2 ? 'blue' : 'green'}>{label(m, 'txnState', t.state)}</Tag>
      ),
    },
  ];
  return (
    <div className="mc-page" data-testid="transaction-query">
      <Typography.Title level={3}>{m.transactionTitle}</Typography.Title>
      <ListFilters
        list={list}
        fields={[
          {
            kind: 'select',
            name: 'kind',
            label: m.kind,
            width: 160,
            options: KINDS.map((k) => ({ value: k, label: label(m, 'txn', k) })),
          },
          { kind: 'dateRange', from: 'from', to: 'to', label: m.date },
        ]}
      />
      <DataList<AssetTransaction>
        rowKey="txnNo"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
      />
    </div>
  );
}

export default function TransactionQuery() {
  return <Transactions />;
}
