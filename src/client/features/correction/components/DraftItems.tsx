import { Button, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { CorrectionItem } from '@contract/io/correction';
import { formatFen } from '@common/money';
import { maskIdNumber } from '@common/mask';
import { format, useMessages } from '@client/shared/i18n';
import { correctionMessages, fieldNames } from '../messages';

type M = (typeof correctionMessages)['en-US'];

/** What a line does to the policy, in a tag. */
function Change({ item, m }: { item: CorrectionItem; m: M }) {
  switch (item.action) {
    case 'subtract':
      return <Tag color="orange">{m.leaves}</Tag>;
    case 'exchange':
      return <Tag color="blue">{m.exchanges}</Tag>;
    case 'modify':
      return <Tag color="purple">{m.changes}</Tag>;
    default:
      return <Tag color="green">{m.joins}</Tag>;
  }
}

/** Who the line is about: an exchange names the person leaving and the one joining. */
function Who({ item }: { item: CorrectionItem }) {
  if (item.action === 'exchange' && item.replaced)
    return (
      <span className="mc-nowrap">
        {item.replaced.name} → {item.name}
      </span>
    );
  return <span className="mc-nowrap">{item.name}</span>;
}

/**
 * The people of the correction: who joins, leaves, is exchanged (the leaver's refund and the
 * joiner's premium once priced) or changed (old -> new), and a remove button that asks first.
 */
export function DraftItems({
  items,
  total,
  onRemove,
  showPremium,
}: {
  items: CorrectionItem[];
  /** All the draft's lines (the list may be its first page). */
  total?: number;
  onRemove?: (itemId: number) => void;
  showPremium?: boolean;
}) {
  const m = useMessages(correctionMessages);
  const fields = useMessages(fieldNames);
  const columns: TableColumnsType<CorrectionItem> = [
    { title: m.change, key: 'change', width: 96, render: (_: unknown, it) => <Change item={it} m={m} /> },
    { title: m.name, key: 'name', width: 150, render: (_: unknown, it) => <Who item={it} /> },
    {
      title: m.idNumber,
      dataIndex: 'idNumber',
      width: 170,
      className: 'mc-nowrap',
      render: (id: string) => maskIdNumber(id),
    },
    { title: m.age, dataIndex: 'age', width: 64, align: 'right' },
    {
      title: m.details,
      key: 'details',
      width: 170,
      ellipsis: { showTitle: false },
      render: (_: unknown, it) => {
        const text =
          it.action === 'modify'
            ? it.changes
                .map((c) => `${fields[c.field] ?? c.field}: ${c.before || m.empty} → ${c.after || m.empty}`)
                .join('; ')
            : [it.occupationName, it.riskCategory ? format(m.categoryN, { n: it.riskCategory }) : null]
                .filter(Boolean)
                .join(' · ');
        return (
          <Typography.Text ellipsis={{ tooltip: text }} data-testid={`item-details-${it.itemId}`}>
            {text}
          </Typography.Text>
        );
      },
    },
    ...(showPremium
      ? ([
          { title: m.days, dataIndex: 'days', width: 64, align: 'right' },
          {
            title: m.premium,
            key: 'premium',
            width: 200,
            align: 'right',
            render: (_: unknown, it) => (
              <div className="mc-money-cell">
                <span className="mc-nowrap" data-testid={`item-premium-${it.itemId}`}>
                  {formatFen(it.premiumFen)}
                </span>
                {it.action === 'exchange' && it.refundFen !== null && it.joinerPremiumFen !== null && (
                  <Typography.Text type="secondary" className="mc-nowrap mc-money-split">
                    {format(m.exchangeSplit, {
                      premium: formatFen(it.joinerPremiumFen),
                      refund: formatFen(-it.refundFen),
                    })}
                  </Typography.Text>
                )}
                {it.refundWithheld && <Tag color="orange">{m.refundWithheld}</Tag>}
              </div>
            ),
          },
        ] satisfies TableColumnsType<CorrectionItem>)
      : []),
    // an empty column of problems would take the details' room: shown when a line has one
    ...(items.some((it) => it.problems.length)
      ? ([
          {
            title: m.problems,
            dataIndex: 'problems',
            width: 200,
            render: (p: string[]) =>
              p.length ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: p.join(' ') }}>
                  {p.join(' ')}
                </Typography.Text>
              ) : null,
          },
        ] satisfies TableColumnsType<CorrectionItem>)
      : []),
    ...(onRemove
      ? ([
          {
            title: m.actions,
            key: 'remove',
            width: 96,
            render: (_: unknown, it) => (
              <Popconfirm
                title={format(m.removeLineConfirm, { name: it.name })}
                okText={m.remove}
                cancelText={m.keep}
                onConfirm={() => onRemove(it.itemId)}
              >
                <Button size="small" danger aria-label={`${m.remove} ${it.name}`}>
                  {m.remove}
                </Button>
              </Popconfirm>
            ),
          },
        ] satisfies TableColumnsType<CorrectionItem>)
      : []),
  ];
  return (
    <Table<CorrectionItem>
      data-testid="draft-items"
      size="small"
      rowKey="itemId"
      tableLayout="fixed"
      // the columns' own widths: a narrow box (the record's drawer) scrolls instead of squeezing the details
      scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
      locale={{ emptyText: m.draftEmpty }}
      pagination={items.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      dataSource={items}
      columns={columns}
      footer={
        total !== undefined && total > items.length
          ? () => format(m.firstLines, { shown: items.length, total })
          : undefined
      }
    />
  );
}
