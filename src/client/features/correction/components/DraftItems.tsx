import { Button, Table, Tag } from 'antd';
import type { CorrectionItem } from '../../../../contract/io/correction';
import { useMessages } from '../../../shared/i18n';
import { formatFen } from '../../../../common/money';
import { correctionMessages } from '../messages';

/** The people of the correction, with their premium once underwritten, and a remove button while editing. */
export function DraftItems({
  items,
  onRemove,
  showPremium,
  problems = {},
}: {
  items: CorrectionItem[];
  onRemove?: (itemId: number) => void;
  showPremium?: boolean;
  problems?: Record<number, string[]>;
}) {
  const m = useMessages(correctionMessages);
  return (
    <Table<CorrectionItem>
      data-testid="draft-items"
      size="small"
      rowKey="itemId"
      locale={{ emptyText: m.draftEmpty }}
      pagination={items.length > 20 ? { pageSize: 20 } : false}
      dataSource={items}
      columns={[
        {
          title: m.kind,
          dataIndex: 'action',
          render: (a: string, it) =>
            a === 'subtract' ? (
              <Tag color="orange">{m.leaving}</Tag>
            ) : a === 'exchange' ? (
              <span>
                <Tag color="orange">{it.replaced?.name}</Tag>→<Tag color="green">{m.joining}</Tag>
              </span>
            ) : (
              <Tag color="green">{a === 'modify' ? m.kindModify : m.joining}</Tag>
            ),
        },
        { title: m.name, dataIndex: 'name' },
        { title: m.idNumber, dataIndex: 'idNumber' },
        { title: m.age, dataIndex: 'age' },
        { title: m.riskCategory, dataIndex: 'riskCategory' },
        ...(showPremium
          ? [
              { title: m.days, dataIndex: 'days' },
              {
                title: m.premium,
                dataIndex: 'premiumFen',
                render: (fen: number | null, it: CorrectionItem) => (
                  <span>
                    {formatFen(fen)} {it.refundWithheld && <Tag color="orange">{m.refundWithheld}</Tag>}
                  </span>
                ),
              },
            ]
          : []),
        {
          title: m.reasons,
          dataIndex: 'problems',
          render: (p: string[], it) => {
            const list = [...(p ?? []), ...(problems[it.itemId] ?? [])];
            return list.length ? <span style={{ color: '#cf1322' }}>{list.join(' ')}</span> : null;
          },
        },
        ...(onRemove
          ? [
              {
                title: m.actions,
                key: 'remove',
                render: (_: unknown, it: CorrectionItem) => (
                  <Button size="small" danger onClick={() => onRemove(it.itemId)} aria-label={`${m.remove} ${it.name}`}>
                    {m.remove}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
