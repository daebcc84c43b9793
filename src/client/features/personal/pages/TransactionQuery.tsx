import { Button, DatePicker, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { AssetTransaction } from '@contract/io/personal';
import { useMessages } from '@client/shared/i18n';
import { useTransactionQueryQuery } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
import { formatFen } from '@common/money';
import { label, personalMessages } from '../messages';
import { TRANSACTION_KINDS } from '@contract/io/personal.codes';

const KINDS = TRANSACTION_KINDS;
type TransactionKind = (typeof KINDS)[number];

function Transactions() {
  const m = useMessages(personalMessages);
  const [kind, setKind] = useState<TransactionKind | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filters, setFilters] = useState<{ kind?: TransactionKind; from?: string; to?: string }>({});
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useTransactionQueryQuery({ ...paging, ...filters });
  const columns: TableColumnsType<AssetTransaction> = [
    { title: m.date, dataIndex: 'onDate' },
    { title: m.txnNo, dataIndex: 'txnNo' },
    { title: m.account, dataIndex: 'accountName', className: 'mc-wrap' },
    { title: m.kind, dataIndex: 'kind', render: (v: string) => label(m, 'txn', v) },
    { title: m.description, dataIndex: 'description', className: 'mc-wrap' },
    { title: m.amount, dataIndex: 'amountFen', align: 'right', render: (v: number) => formatFen(v) },
    {
      title: m.state,
      dataIndex: 'state',
      render: (v: number) => <Tag color={v === 3 ? 'red' : v === 2 ? 'blue' : 'green'}>{label(m, 'txnState', v)}</Tag>,
    },
  ];
  return (
    <div className="mc-page" data-testid="transaction-query">
      <Typography.Title level={3}>{m.transactionTitle}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={m.kind}
          allowClear
          placeholder={m.kind}
          style={{ width: 160 }}
          value={kind}
          options={KINDS.map((k) => ({ value: k, label: label(m, 'txn', k) }))}
          onChange={setKind}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
          placeholder={[m.from, m.to]}
        />
        <Button
          type="primary"
          onClick={() => {
            setFilters({ kind, from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') });
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          {m.search}
        </Button>
        <Button
          onClick={() => {
            setKind(undefined);
            setRange(null);
            setFilters({});
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          {m.reset}
        </Button>
      </Space>
      <PagedTable
        data={data}
        loading={isFetching}
        columns={columns}
        rowKey="txnNo"
        paging={paging}
        onPage={setPaging}
      />
    </div>
  );
}

export default function TransactionQuery() {
  return <Transactions />;
}
