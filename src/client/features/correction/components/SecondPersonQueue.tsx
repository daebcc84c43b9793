import { Button, Card, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { CorrectionSummary } from '@contract/io/correction';
import { formatFen } from '@common/money';
import { formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { correctionHref, paths } from '@client/shared/paths';
import { useMay } from '@client/shared/useMay';
import { useGetCompanySettingsQuery } from '@client/api/companySettings';
import { useCorrectRecordListQuery } from '../api';
import { correctionMessages, kindNames } from '../messages';

const SHOWN = 5;

/**
 * The second person's queue on the corporate home (two-person approval on, a user who may send and pay):
 * the corrections another user prepared that wait to be sent for approval or paid, newest first, each
 * opened where it is continued; the rest in Correction records. Nothing for anyone else.
 */
export function SecondPersonQueue() {
  const approves = useMay('approve');
  const settings = useGetCompanySettingsQuery(undefined, { skip: !approves });
  const on = approves && !!settings.data?.twoPersonApproval;
  const { data, isLoading } = useCorrectRecordListQuery(
    { waitingForMe: true, pageNum: 1, pageSize: SHOWN },
    { skip: !on },
  );
  const m = useMessages(correctionMessages);
  const kinds = useMessages(kindNames);
  const navigate = useNavigate();
  if (!on) return null;
  const total = data?.total ?? 0;
  return (
    <Card
      data-testid="second-person-queue"
      style={{ marginTop: 16 }}
      loading={isLoading}
      title={format(m.queueTitle, { count: total })}
      extra={
        total > SHOWN ? (
          <Button type="link" onClick={() => navigate(paths.correctRecord.path)}>
            {format(m.queueAll, { count: total })}
          </Button>
        ) : null
      }
    >
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.queueEmpty} />
      ) : (
        <ul className="mc-queue">
          {data?.list.map((c: CorrectionSummary) => (
            <li key={c.correctionId}>
              <Flex justify="space-between" align="center" gap={12} wrap>
                <Space orientation="vertical" size={0}>
                  <Space size={8} wrap>
                    <Typography.Text strong className="mc-nowrap">
                      {c.correctionNo}
                    </Typography.Text>
                    <Tag>{kinds[c.kind]}</Tag>
                    <Tag color="orange">{c.stateText}</Tag>
                  </Space>
                  <Typography.Text type="secondary">
                    {c.policyNo} · {c.productName}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {format(m.queuePrepared, {
                      name: c.preparedBy ?? '',
                      at: formatDateTime(c.updatedAt),
                      count: c.itemCount,
                    })}
                    {c.netFen !== null && c.netFen > 0 ? ` · ${formatFen(c.netFen)}` : ''}
                  </Typography.Text>
                </Space>
                <Button
                  type="primary"
                  onClick={() => navigate(correctionHref(c.variant, c.policyNo, { correctionId: c.correctionId }))}
                >
                  {c.state === 'underwritten' ? m.queueSend : m.queuePay}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
