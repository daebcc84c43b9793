import { Popconfirm, Tag, Typography } from 'antd';
import type { CorrectionItem } from '@contract/io/correction';
import { formatFen } from '@common/money';
import { maskIdNumber } from '@common/mask';
import { IdDocument } from '@client/shared/IdDocument';
import { format, useMessages } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
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
  const details = (it: CorrectionItem) =>
    it.action === 'modify'
      ? it.changes
          .map((c) => `${fields[c.field] ?? c.field}: ${c.before || m.empty} → ${c.after || m.empty}`)
          .join('; ')
      : [it.occupationName, it.riskCategory ? format(m.categoryN, { n: it.riskCategory }) : null]
          .filter(Boolean)
          .join(' · ');
  // The table fits its box (a page, or the record's drawer at 736 px): the details and the problems
  // wrap between words, the names, numbers and amounts stay whole.
  const columns: ListColumn<CorrectionItem>[] = [
    { key: 'change', title: m.change, card: 'state', render: (it) => <Change item={it} m={m} /> },
    {
      // in the table the masked ID number under the name: the table fits the record's drawer
      key: 'who',
      title: `${m.name} / ${m.idNumber}`,
      only: 'table',
      render: (it) => (
        <>
          <Who item={it} />
          <div className="mc-secondary">
            <IdDocument type={it.idType} number={maskIdNumber(it.idNumber)} />
          </div>
        </>
      ),
    },
    { key: 'name', title: m.name, card: 'title', only: 'card', render: (it) => <Who item={it} /> },
    {
      key: 'idNumber',
      title: m.idNumber,
      card: 'subtitle',
      only: 'card',
      render: (it) => <IdDocument type={it.idType} number={maskIdNumber(it.idNumber)} />,
    },
    { key: 'age', title: m.age, align: 'right', render: (it) => it.age },
    {
      key: 'details',
      title: m.details,
      className: 'mc-wrap mc-wrap-narrow',
      render: (it) => details(it) || null,
    },
    ...(showPremium
      ? ([
          { key: 'days', title: m.days, align: 'right', render: (it) => it.days },
          {
            key: 'premium',
            title: m.premium,
            align: 'right',
            render: (it) => (
              <div className="mc-money-cell">
                <span className="mc-nowrap" data-testid={`item-premium-${it.itemId}`}>
                  {formatFen(it.premiumFen)}
                </span>
                {it.action === 'exchange' && it.refundFen !== null && it.joinerPremiumFen !== null && (
                  <Typography.Text type="secondary" className="mc-money-split">
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
        ] satisfies ListColumn<CorrectionItem>[])
      : []),
    // an empty column of problems would take the details' room: shown when a line has one
    ...(items.some((it) => it.problems.length)
      ? ([
          {
            key: 'problems',
            title: m.problems,
            className: 'mc-wrap',
            render: (it) =>
              it.problems.length ? <Typography.Text type="danger">{it.problems.join(' ')}</Typography.Text> : null,
          },
        ] satisfies ListColumn<CorrectionItem>[])
      : []),
  ];
  return (
    <DataList<CorrectionItem>
      testId="draft-items"
      size="small"
      rowKey="itemId"
      rows={items}
      columns={columns}
      empty={m.draftEmpty}
      localPageSize={20}
      footer={
        total !== undefined && total > items.length ? format(m.firstLines, { shown: items.length, total }) : undefined
      }
      actions={
        onRemove
          ? (it) => (
              <Popconfirm
                title={format(m.removeLineConfirm, { name: it.name })}
                okText={m.remove}
                cancelText={m.keep}
                onConfirm={() => onRemove(it.itemId)}
              >
                <ListButton danger aria-label={`${m.remove} ${it.name}`}>
                  {m.remove}
                </ListButton>
              </Popconfirm>
            )
          : undefined
      }
    />
  );
}
