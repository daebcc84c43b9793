import { Button, Popconfirm, Segmented, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Favourite } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import { useCollectQuery, useRemoveCollectMutation } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
import { formatDateTime } from '@client/shared/format';
import { label, personalMessages } from '../messages';

function Favourites() {
  const m = useMessages(personalMessages);
  const [kind, setKind] = useState<Favourite['kind'] | ''>('');
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useCollectQuery({ ...paging, kind: kind || undefined });
  const [remove] = useRemoveCollectMutation();
  const columns: TableColumnsType<Favourite> = [
    { title: m.kind, dataIndex: 'kind', render: (v: string) => label(m, 'fav', v) },
    { title: m.product, dataIndex: 'title', className: 'mc-wrap' },
    { title: m.description, dataIndex: 'summary', className: 'mc-wrap' },
    { title: m.date, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      title: m.actions,
      key: 'a',
      render: (_v, f) => (
        <Popconfirm
          title={format(m.removeConfirm, { title: f.title })}
          okText={m.remove}
          cancelText={m.keep}
          onConfirm={async () => {
            if (await succeeded(() => remove({ id: f.id }).unwrap())) notify.success(m.removed);
          }}
        >
          <Button size="small">{m.remove}</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <div className="mc-page" data-testid="collect">
      <Typography.Title level={3}>{m.collectTitle}</Typography.Title>
      <Segmented
        style={{ marginBottom: 16 }}
        value={kind}
        options={[
          { value: '', label: m.all },
          { value: 'product', label: m.fav_product },
          { value: 'article', label: m.fav_article },
          { value: 'service', label: m.fav_service },
        ]}
        onChange={(v) => {
          setKind((v ?? '') as Favourite['kind'] | '');
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
      />
      <PagedTable data={data} loading={isFetching} columns={columns} rowKey="id" paging={paging} onPage={setPaging} />
    </div>
  );
}

export default function Collect() {
  return <Favourites />;
}
