import { Switch, Space, Tag, Typography } from 'antd';
import type { Activity as ActivityRow } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { succeeded } from '../components/errorText';
import { useActivityQuery, useJoinActivityMutation, useQuitActivityMutation } from '../api';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { flagFilter, useListQuery } from '@client/shared/list/useListQuery';
import { formatDateTime } from '@client/shared/format';
import { label, personalMessages } from '../messages';

const FILTERS = { mine: flagFilter };

function Activities() {
  const m = useMessages(personalMessages);
  const list = useListQuery(useActivityQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({ pageNum, pageSize, mine: filters.mine }),
  });
  const mine = list.state.filters.mine ?? false;
  const [join] = useJoinActivityMutation();
  const [quit] = useQuitActivityMutation();
  const columns: ListColumn<ActivityRow>[] = [
    { key: 'title', title: m.activityTitle, className: 'mc-wrap', card: 'title', render: (a) => a.title },
    { key: 'city', title: m.city, card: 'subtitle', render: (a) => a.city },
    { key: 'startsAt', title: m.date, className: 'mc-nowrap', render: (a) => formatDateTime(a.startsAt) },
    { key: 'enrolUntil', title: m.enrolUntil, className: 'mc-nowrap', render: (a) => formatDateTime(a.enrolUntil) },
    {
      key: 'enrolled',
      title: m.state,
      render: (a) => format(m.enrolled, { enrolled: a.enrolled, capacity: a.capacity }),
    },
    {
      key: 'status',
      title: m.state,
      card: 'state',
      render: (a) => <Tag>{label(m, 'activity', a.status)}</Tag>,
    },
  ];
  return (
    <div className="mc-page" data-testid="activity">
      <Typography.Title level={3}>{m.activityTitle}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Switch checked={mine} aria-label={m.onlyMine} onChange={(v) => list.setFilter('mine', v || undefined)} />
        {m.onlyMine}
      </Space>
      <DataList<ActivityRow>
        rowKey="code"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
        actions={(a) =>
          a.joined ? (
            <ListButton
              disabled={a.status === 'closed'}
              onClick={async () => {
                if (await succeeded(() => quit({ code: a.code }).unwrap())) notify.success(m.quitDone);
              }}
            >
              {m.quit}
            </ListButton>
          ) : (
            <ListButton
              primary
              disabled={a.status !== 'open'}
              onClick={async () => {
                if (await succeeded(() => join({ code: a.code }).unwrap())) notify.success(m.joined);
              }}
            >
              {m.join}
            </ListButton>
          )
        }
      />
    </div>
  );
}

export default function Activity() {
  return <Activities />;
}
