import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import {
  actorNameIn,
  AUDIT_COLUMN_WORDS,
  AUDIT_KIND_WORDS,
  AUDIT_SUBJECT_WORDS,
  auditDetails,
  INSURER_ACTOR,
} from '@common/audit';
import type { AuditRow } from '@contract/io/audit';
import { AUDIT_KINDS, AUDIT_SUBJECTS } from '@contract/io/audit.codes';
import { formatDateTime } from '@client/shared/format';
import { format, useLocale, useMessages } from '@client/shared/i18n';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { dateFilter, oneOf, textFilter, useListQuery } from '@client/shared/list/useListQuery';
import { notify } from '@client/shared/notify';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useExportAuditTrailMutation, useGetAuditTrailQuery } from '../api';
import { auditMessages } from '../messages';

const FILTERS = {
  actor: textFilter,
  kind: oneOf(AUDIT_KINDS),
  subjectKind: oneOf(AUDIT_SUBJECTS),
  subject: textFilter,
  dateFrom: dateFilter,
  dateTo: dateFilter,
};

/** The kinds a person would look for first: what changes the roster and the money. */
const WRITE_COLOR: Partial<Record<AuditRow['kind'], string>> = {
  loginFailed: 'red',
  correctionSubmitted: 'blue',
  paymentStarted: 'gold',
  administratorChanged: 'purple',
  accountCancelled: 'red',
};

/**
 * The company's activity log (操作日志): who did what, when (Beijing time), from where and about what,
 * filtered and paged on the gateway, and exported as the filters say (Excel or CSV).
 */
export default function AuditTrail() {
  const m = useMessages(auditMessages);
  const locale = useLocale();
  usePageTitle(m.title);
  const list = useListQuery(useGetAuditTrailQuery, {
    filters: FILTERS,
    pageSize: 20,
    args: ({ filters, pageNum, pageSize }) => ({ ...filters, pageNum, pageSize }),
  });
  const [download, downloading] = useExportAuditTrailMutation();
  const save = async (fileFormat: 'xlsx' | 'csv') => {
    const done = await download({ ...list.state.filters, format: fileFormat })
      .unwrap()
      .catch(() => null);
    if (done) notify.success(format(m.exported, { name: done.filename }));
  };
  const words = (w: Record<string, string>) => w[locale] ?? '';

  const columns: ListColumn<AuditRow>[] = [
    {
      key: 'at',
      title: words(AUDIT_COLUMN_WORDS.time),
      className: 'mc-nowrap',
      card: 'subtitle',
      render: (r) => formatDateTime(r.at, { seconds: true }),
    },
    {
      key: 'kind',
      title: words(AUDIT_COLUMN_WORDS.kind),
      card: 'title',
      render: (r) => words(AUDIT_KIND_WORDS[r.kind]),
    },
    {
      key: 'actor',
      title: words(AUDIT_COLUMN_WORDS.actorName),
      card: 'state',
      render: (r) => (
        <Tag color={WRITE_COLOR[r.kind]}>
          {actorNameIn(r, locale)}
          {r.actor === INSURER_ACTOR ? '' : ` (${r.actor})`}
        </Tag>
      ),
    },
    {
      key: 'subject',
      title: words(AUDIT_COLUMN_WORDS.subject),
      className: 'mc-nowrap',
      render: (r) => (r.subjectKind ? `${words(AUDIT_SUBJECT_WORDS[r.subjectKind])} ${r.subject ?? ''}`.trim() : '-'),
    },
    {
      key: 'details',
      title: words(AUDIT_COLUMN_WORDS.after),
      className: 'mc-wrap',
      render: (r) =>
        [
          r.before.length ? `${words(AUDIT_COLUMN_WORDS.before)}: ${auditDetails(r.before, locale)}` : '',
          auditDetails(r.after, locale),
        ]
          .filter(Boolean)
          .join(' → ') || '-',
    },
    { key: 'source', title: words(AUDIT_COLUMN_WORDS.source), render: (r) => r.source ?? '-' },
  ];

  return (
    <div className="mc-page" data-testid="audit-trail">
      <Typography.Title level={3}>{m.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.intro}</Typography.Paragraph>
      <ListFilters
        list={list}
        fields={[
          {
            kind: 'select',
            name: 'kind',
            label: m.kind,
            width: 200,
            options: AUDIT_KINDS.map((k) => ({ value: k, label: words(AUDIT_KIND_WORDS[k]) })),
          },
          {
            kind: 'select',
            name: 'subjectKind',
            label: m.subjectKind,
            width: 140,
            options: AUDIT_SUBJECTS.map((k) => ({ value: k, label: words(AUDIT_SUBJECT_WORDS[k]) })),
          },
          { kind: 'text', name: 'subject', label: m.subject, maxLength: 40 },
          { kind: 'text', name: 'actor', label: m.actor, maxLength: 40 },
          { kind: 'dateRange', from: 'dateFrom', to: 'dateTo', label: m.dates },
        ]}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} loading={downloading.isLoading} onClick={() => void save('xlsx')}>
          {m.exportXlsx}
        </Button>
        <Button icon={<DownloadOutlined />} loading={downloading.isLoading} onClick={() => void save('csv')}>
          {m.exportCsv}
        </Button>
      </Space>
      <DataList<AuditRow>
        rowKey="id"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
        empty={<span className="mc-list-empty">{m.empty}</span>}
      />
    </div>
  );
}
