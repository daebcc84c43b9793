import { Badge, Button, Card, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { OpinionKind, OpinionSummary } from '@contract/io/opinion';
import { formatDate } from '@client/shared/format';
import { PROMISES } from '@common/insurer';
import { format, useMessages, type Locale } from '@client/shared/i18n';
import { DataList, ListButton } from '@client/shared/list/DataList';
import { oneOf, useListQuery } from '@client/shared/list/useListQuery';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useGetOpinionCountsQuery, useGetOpinionsQuery } from '../api';
import { opinionMessages, typeNames } from '../messages';
import { NewOpinionDialog } from './NewOpinionDialog';
import { Deadline, StateTag } from './parts';
import { OpinionDrawer } from './OpinionDrawer';
import { useMay } from '@client/shared/useMay';

const FILTERS = { kind: oneOf(['complaint', 'suggestion'] as const satisfies readonly OpinionKind[]) };

/** The complaint centre: counts, list with state, deadline and unread replies, new form, detail. */
export function ComplaintCenter({ title, testId }: { title: 'legalTitle' | 'personalTitle'; testId: string }) {
  const m = useMessages(opinionMessages);
  const complains = useMay('complain');
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
  usePageTitle(m[title]);
  const list = useListQuery(useGetOpinionsQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({ kind: filters.kind, pageNum, pageSize }),
  });
  const counts = useGetOpinionCountsQuery();
  const [creating, setCreating] = useState(false);
  const [openNo, setOpenNo] = useState<string | null>(null);

  return (
    <div className="mc-page" data-testid={testId}>
      <Typography.Title level={3}>{m[title]}</Typography.Title>
      <Card>
        <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
          <Segmented<OpinionKind | ''>
            value={list.state.filters.kind ?? ''}
            onChange={(v) => list.setFilter('kind', v || undefined)}
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
          {complains && (
            <Button type="primary" onClick={() => setCreating(true)}>
              {m.newOpinion}
            </Button>
          )}
        </Space>
        <Typography.Paragraph type="secondary">{format(m.deadlineNote, PROMISES)}</Typography.Paragraph>
        <DataList<OpinionSummary>
          rowKey="opinionNo"
          control={list}
          rows={list.data?.list}
          total={list.data?.total}
          columns={[
            { key: 'opinionNo', title: m.number, card: 'subtitle', render: (o) => o.opinionNo },
            {
              key: 'kind',
              title: m.kind,
              render: (o) => (o.kind === 'complaint' ? m.complaint : m.suggestion),
            },
            { key: 'type', title: m.type, render: (o) => typeNames[locale][o.typeCode] ?? o.typeCode },
            { key: 'title', title: m.titleField, className: 'mc-wrap', card: 'title', render: (o) => o.title },
            {
              key: 'state',
              title: m.state,
              card: 'state',
              render: (o) => (
                <>
                  <StateTag state={o.state} m={m} />
                  {o.unreadCount > 0 && <Badge count={o.unreadCount} data-testid="unread-badge" />}
                </>
              ),
            },
            { key: 'filedOn', title: m.filedOn, className: 'mc-nowrap', render: (o) => formatDate(o.createdAt) },
            { key: 'deadline', title: m.deadline, render: (o) => <Deadline o={o} m={m} /> },
          ]}
          actions={(o) => <ListButton onClick={() => setOpenNo(o.opinionNo)}>{m.view}</ListButton>}
        />
      </Card>
      {creating && <NewOpinionDialog m={m} locale={locale} onClose={() => setCreating(false)} />}
      {openNo && <OpinionDrawer m={m} opinionNo={openNo} onClose={() => setOpenNo(null)} />}
    </div>
  );
}
