import { Popconfirm, Segmented, Typography } from 'antd';
import type { Favourite } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import { useCollectQuery, useRemoveCollectMutation } from '../api';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { oneOf, useListQuery } from '@client/shared/list/useListQuery';
import { formatDateTime } from '@client/shared/format';
import { label, personalMessages } from '../messages';

const KINDS = ['product', 'article', 'service'] as const satisfies readonly Favourite['kind'][];
const FILTERS = { kind: oneOf(KINDS) };

function Favourites() {
  const m = useMessages(personalMessages);
  const list = useListQuery(useCollectQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({ pageNum, pageSize, kind: filters.kind }),
  });
  const [remove] = useRemoveCollectMutation();
  const columns: ListColumn<Favourite>[] = [
    { key: 'kind', title: m.kind, card: 'subtitle', render: (f) => label(m, 'fav', f.kind) },
    { key: 'title', title: m.product, className: 'mc-wrap', card: 'title', render: (f) => f.title },
    { key: 'summary', title: m.description, className: 'mc-wrap', render: (f) => f.summary },
    { key: 'createdAt', title: m.date, className: 'mc-nowrap', render: (f) => formatDateTime(f.createdAt) },
  ];
  return (
    <div className="mc-page" data-testid="collect">
      <Typography.Title level={3}>{m.collectTitle}</Typography.Title>
      <Segmented
        style={{ marginBottom: 16 }}
        value={list.state.filters.kind ?? ''}
        options={[
          { value: '', label: m.all },
          { value: 'product', label: m.fav_product },
          { value: 'article', label: m.fav_article },
          { value: 'service', label: m.fav_service },
        ]}
        onChange={(v) => list.setFilter('kind', (v || undefined) as Favourite['kind'] | undefined)}
      />
      <DataList<Favourite>
        rowKey="id"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
        actions={(f) => (
          <Popconfirm
            title={format(m.removeConfirm, { title: f.title })}
            okText={m.remove}
            cancelText={m.keep}
            onConfirm={async () => {
              if (await succeeded(() => remove({ id: f.id }).unwrap())) notify.success(m.removed);
            }}
          >
            <ListButton>{m.remove}</ListButton>
          </Popconfirm>
        )}
      />
    </div>
  );
}

export default function Collect() {
  return <Favourites />;
}
