import { Card, Descriptions, Space, Tag, Timeline, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useSearchParams } from 'react-router-dom';
import { useMessages } from '../../../shared/i18n';
import { useQueryClaimDetailQuery } from '../api';
import { formatFen } from '../../../../common/money';
import { policyDetailHref } from '../../../shared/paths';
import { CLAIM_COLORS, claimStateText, kindText } from '../format';
import { DetailFrame } from '../components/PolicyDetailView';
import { policyMessages } from '../messages';

const TIMELINE_COLOR: Record<number, string> = { 1: 'blue', 2: 'blue', 3: 'green', 4: 'green', 5: 'red', 6: 'gray' };

/** Corporate claim details: progress timeline, amounts, the insured person and the claim's documents. */
export default function MyclaimsQueryDetail() {
  const m = useMessages(policyMessages);
  const [params] = useSearchParams();
  const claimNo = (params.get('claimNo') ?? '').trim();
  const { data, isLoading, isError } = useQueryClaimDetailQuery(claimNo ? { claimNo } : skipToken);
  return (
    <DetailFrame
      title={m.claimDetailTitle}
      isLoading={isLoading}
      isError={isError || !claimNo}
      fallback="/legalqueryListClaim"
    >
      {data && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="claim-detail">
          <Card
            title={
              <Space>
                <span data-testid="claim-no">{data.claimNo}</span>
                <Tag color={CLAIM_COLORS[data.state]}>{claimStateText(m, data.state)}</Tag>
              </Space>
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'policy',
                  label: m.policy,
                  children: (
                    <Link to={policyDetailHref(data.policy.kind, data.policy.policyNo)}>{data.policy.policyNo}</Link>
                  ),
                },
                {
                  key: 'product',
                  label: m.product,
                  children: `${data.policy.productName} (${kindText(m, data.policy.kind)})`,
                },
                { key: 'claimant', label: m.claimant, children: data.claimantName },
                {
                  key: 'insured',
                  label: m.insuredPerson,
                  children: data.insured
                    ? `${data.insured.name} ${data.insured.idNumber} ${data.insured.department ?? ''} ${data.insured.employeeNo ?? ''}`
                    : '-',
                },
                { key: 'accident', label: m.accidentDate, children: data.accidentDate },
                { key: 'report', label: m.reportDate, children: data.reportDate },
                { key: 'cause', label: m.cause, children: data.cause },
                { key: 'desc', label: m.description, children: data.description },
              ]}
            />
          </Card>
          <Card title={m.amounts}>
            <Descriptions
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'claimed', label: m.claimed, children: formatFen(data.claimedFen) },
                { key: 'approved', label: m.approved, children: formatFen(data.approvedFen) },
                {
                  key: 'paid',
                  label: m.paidAmount,
                  children: <span data-testid="claim-paid">{formatFen(data.paidFen)}</span>,
                },
              ]}
            />
          </Card>
          <Card title={m.progress}>
            <Timeline
              data-testid="claim-timeline"
              items={data.timeline.map((e, i) => ({
                key: i,
                color: TIMELINE_COLOR[e.state],
                title: `${e.at.slice(0, 16).replace('T', ' ')}`,
                content: (
                  <div>
                    <Typography.Text strong>{claimStateText(m, e.state)}</Typography.Text>
                    <div>{e.text}</div>
                  </div>
                ),
              }))}
            />
          </Card>
          <Card title={m.claimDocuments}>
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="claim-documents">
              {data.documents.map((d) => (
                <li
                  key={d.name}
                  style={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    padding: '8px 0',
                    borderBottom: '1px solid #f0f0f0',
                  }}
                >
                  <Space>
                    <span>{d.name}</span>
                    <Tag color={d.state === 1 ? 'green' : 'orange'}>{d.state === 1 ? m.received : m.outstanding}</Tag>
                  </Space>
                  <Typography.Text type="secondary">{d.receivedAt ? d.receivedAt.slice(0, 10) : ''}</Typography.Text>
                </li>
              ))}
            </ul>
          </Card>
        </Space>
      )}
    </DetailFrame>
  );
}
