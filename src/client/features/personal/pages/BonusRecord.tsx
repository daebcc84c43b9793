import { Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { BonusRecord as BonusRow } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { useBonusRecordQuery } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
import { formatFen } from '@common/money';
import { label, personalMessages } from '../messages';

function Bonuses() {
  const m = useMessages(personalMessages);
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useBonusRecordQuery(paging);
  const columns: TableColumnsType<BonusRow> = [
    { title: m.policyNo, dataIndex: 'policyNo' },
    { title: m.product, dataIndex: 'productName', className: 'mc-wrap' },
    { title: m.bonusYear, dataIndex: 'bonusYear' },
    { title: m.declaredOn, dataIndex: 'declaredOn' },
    { title: m.method, dataIndex: 'method', render: (v: string) => label(m, 'method', v) },
    { title: m.amount, dataIndex: 'amountFen', align: 'right', render: (v: number) => formatFen(v) },
    { title: m.state, dataIndex: 'state', render: (v: number) => <Tag>{label(m, 'bonusState', v)}</Tag> },
  ];
  return (
    <div className="mc-page" data-testid="bonus-record">
      <Typography.Title level={3}>{m.bonusTitle}</Typography.Title>
      {data && (
        <Typography.Paragraph strong>{format(m.totalBonus, { amount: formatFen(data.totalFen) })}</Typography.Paragraph>
      )}
      <PagedTable
        data={data}
        loading={isFetching}
        columns={columns}
        rowKey="declaredOn"
        paging={paging}
        onPage={setPaging}
      />
    </div>
  );
}

export default function BonusRecord() {
  return <Bonuses />;
}
