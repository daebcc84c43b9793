import { Badge, Button, Card, Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { OpinionKind, OpinionSummary } from '@contract/io/opinion';
import { formatDate } from '@client/shared/format';
import { format, useMessages, type Locale } from '@client/shared/i18n';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useGetOpinionCountsQuery, useGetOpinionsQuery } from '../api';
import { opinionMessages, typeNames } from '../messages';
import { NewOpinionDialog } from './NewOpinionDialog';
import { Deadline, StateTag } from './parts';
import { OpinionDrawer } from './OpinionDrawer';

/** The complaint centre: counts, list with state, deadline and unread replies, new form, detail. */
export function ComplaintCenter({ title, testId }: { title: 'legalTitle' | 'personalTitle'; testId: string }) {
  const m = useMessages(opinionMessages);
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
  usePageTitle(m[title]);
  const [kind, setKind] = useState<OpinionKind | ''>('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useGetOpinionsQuery({ kind: kind || undefined, ...page });
  const counts = useGetOpinionCountsQuery();
  const [creating, setCreating] = useState(false);
  const [openNo, setOpenNo] = useState<string | null>(null);

  return (
    <div className="mc-page" data-testid={testId}>
      <Typography.Title level={3}>{m[title]}</Typography.Title>
      <Card>
        <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
          <Segmented<OpinionKind | ''>
            value={kind}
            onChange={(v) => (setKind(v), setPage({ ...page, pageNum: 1 }))}
            options={[
              { label: m.all, value: '' },
              { label: m.complaints, value: 'complaint' },
              { label: m.suggestions, value: 'suggestion' },
            ]}
          />
          {counts.data && (
            <Space data-testid="opinion-counts">
              <span>{format(m.counts, counts.data as never)}</span>
              {counts.data.unread > 0 && (
                <Badge
                  color="red"
                  text={
                    counts.data.unread === 1 ? m.unreadCountOne : format(m.unreadCount, { count: counts.data.unread })
                  }
                />
              )}
            </Space>
          )}
          <Button type="primary" onClick={() => setCreating(true)}>
            {m.newOpinion}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary">{m.deadlineNote}</Typography.Paragraph>
        <Table<OpinionSummary>
          rowKey="opinionNo"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          columns={[
            { title: m.number, dataIndex: 'opinionNo' },
            {
              title: m.kind,
              dataIndex: 'kind',
              render: (v: OpinionKind) => (v === 'complaint' ? m.complaint : m.suggestion),
            },
            { title: m.type, dataIndex: 'typeCode', render: (v: string) => typeNames[locale][v] ?? v },
            { title: m.titleField, dataIndex: 'title', className: 'mc-wrap' },
            { title: m.state, dataIndex: 'state', render: (v: number) => <StateTag state={v} m={m} /> },
            { title: m.filedOn, dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
            { title: m.deadline, key: 'deadline', render: (_v, row) => <Deadline o={row} m={m} /> },
            {
              title: m.unread,
              dataIndex: 'unreadCount',
              render: (v: number) => (v > 0 ? <Badge count={v} data-testid="unread-badge" /> : null),
            },
            {
              title: '',
              key: 'view',
              render: (_v, row) => (
                <Button size="small" onClick={() => setOpenNo(row.opinionNo)}>
                  {m.view}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {creating && <NewOpinionDialog m={m} locale={locale} onClose={() => setCreating(false)} />}
      {openNo && <OpinionDrawer m={m} opinionNo={openNo} onClose={() => setOpenNo(null)} />}
    </div>
  );
}
