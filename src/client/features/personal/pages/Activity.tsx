import { Button, Switch, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Activity as ActivityRow } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import { useActivityQuery, useJoinActivityMutation, useQuitActivityMutation } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
import { formatDateTime } from '@client/shared/format';
import { label, personalMessages } from '../messages';

function Activities() {
  const m = useMessages(personalMessages);
  const [mine, setMine] = useState(false);
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useActivityQuery({ ...paging, mine: mine || undefined });
  const [join] = useJoinActivityMutation();
  const [quit] = useQuitActivityMutation();
  const columns: TableColumnsType<ActivityRow> = [
    { title: m.activityTitle, dataIndex: 'title' },
    { title: m.city, dataIndex: 'city' },
    { title: m.date, dataIndex: 'startsAt', render: (v: string) => formatDateTime(v) },
    { title: m.enrolUntil, dataIndex: 'enrolUntil', render: (v: string) => formatDateTime(v) },
    { title: m.state, key: 'n', render: (_v, a) => format(m.enrolled, { enrolled: a.enrolled, capacity: a.capacity }) },
    { title: m.state, dataIndex: 'status', render: (v: string) => <Tag>{label(m, 'activity', v)}</Tag> },
    {
      title: m.actions,
      key: 'a',
      render: (_v, a) =>
        a.joined ? (
          <Button
            size="small"
            disabled={a.status === 'closed'}
            onClick={async () => {
              if (await succeeded(() => quit({ code: a.code }).unwrap())) notify.success(m.quitDone);
            }}
          >
            {m.quit}
          </Button>
        ) : (
          <Button
            size="small"
            type="primary"
            disabled={a.status !== 'open'}
            onClick={async () => {
              if (await succeeded(() => join({ code: a.code }).unwrap())) notify.success(m.joined);
            }}
          >
            {m.join}
          </Button>
        ),
    },
  ];
  return (
    <div className="mc-page" data-testid="activity">
      <Typography.Title level={3}>{m.activityTitle}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Switch
          checked={mine}
          aria-label={m.onlyMine}
          onChange={(v) => {
            setMine(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        {m.onlyMine}
      </Space>
      <PagedTable data={data} loading={isFetching} columns={columns} rowKey="code" paging={paging} onPage={setPaging} />
    </div>
  );
}

export default function Activity() {
  return <Activities />;
}
