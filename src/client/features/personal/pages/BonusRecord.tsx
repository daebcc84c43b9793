import { Tag, Typography } from 'antd';
import type { BonusRecord as BonusRow } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { useBonusRecordQuery } from '../api';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { useListQuery } from '@client/shared/list/useListQuery';
import { formatFen } from '@common/money';
import { label, personalMessages } from '../messages';

function Bonuses() {
  const m = useMessages(personalMessages);
  const list = useListQuery(useBonusRecordQuery, { args: ({ pageNum, pageSize }) => ({ pageNum, pageSize }) });
  const { data } = list;
  const columns: ListColumn<BonusRow>[] = [
    { key: 'policyNo', title: m.policyNo, card: 'subtitle', render: (b) => b.policyNo },
    { key: 'product', title: m.product, className: 'mc-wrap', card: 'title', render: (b) => b.productName },
    { key: 'bonusYear', title: m.bonusYear, render: (b) => b.bonusYear },
    { key: 'declaredOn', title: m.declaredOn, className: 'mc-nowrap', render: (b) => b.declaredOn },
    { key: 'method', title: m.method, render: (b) => label(m, 'method', b.method) },
    { key: 'amount', title: m.amount, align: 'right', render: (b) => formatFen(b.amountFen) },
    { key: 'state', title: m.state, card: 'state', render: (b) => <Tag>{label(m, 'bonusState', b.state)}</Tag> },
  ];
  return (
    <div className="mc-page" data-testid="bonus-record">
      <Typography.Title level={3}>{m.bonusTitle}</Typography.Title>
      {data && (
        <Typography.Paragraph strong>{format(m.totalBonus, { amount: formatFen(data.totalFen) })}</Typography.Paragraph>
      )}
      <DataList<BonusRow> rowKey="declaredOn" columns={columns} control={list} rows={data?.list} total={data?.total} />
    </div>
  );
}

export default function BonusRecord() {
  return <Bonuses />;
}
