import { Empty, Timeline, Typography } from 'antd';
import { actorNameIn, AUDIT_KIND_WORDS, auditDetails } from '@common/audit';
import type { AuditRow } from '@contract/io/audit';
import { formatDateTime } from './format';
import { defineMessages, useLocale, useMessages } from './i18n';

export const auditTimelineMessages = defineMessages({
  'en-US': { history: 'History', noHistory: 'Nothing recorded yet.' },
  'zh-CN': { history: '操作记录', noHistory: '暂无记录。' },
});

/**
 * What was done to one subject (a correction, a policy), newest first, from the company's activity log:
 * when (Beijing time), what, who, and what was written.
 */
export function AuditTimeline({ rows }: { rows: readonly AuditRow[] | undefined }) {
  const m = useMessages(auditTimelineMessages);
  const locale = useLocale();
  return (
    <div data-testid="subject-history" className="mc-drawer-section">
      <Typography.Title level={5}>{m.history}</Typography.Title>
      {rows && rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.noHistory} />}
      {rows && rows.length > 0 && (
        <Timeline
          items={(rows ?? []).map((r) => ({
            key: r.id,
            content: (
              <div>
                <Typography.Text type="secondary" className="mc-nowrap">
                  {formatDateTime(r.at)}
                </Typography.Text>
                <div>
                  <Typography.Text strong>{AUDIT_KIND_WORDS[r.kind][locale]}</Typography.Text>{' '}
                  <Typography.Text type="secondary" className="mc-nowrap">
                    {actorNameIn(r, locale)}
                  </Typography.Text>
                </div>
                {r.after.length > 0 && <div>{auditDetails(r.after, locale)}</div>}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
