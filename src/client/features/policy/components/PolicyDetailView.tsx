import { PaymentState } from '@contract/states';
import { RosterChanges } from '@client/shared/RosterChanges';
import { paths, policyDetailHref } from '@client/shared/paths';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import type { LoginInfo } from '@contract/io/session';
import type { PolicyDetail, PolicyPayment, PolicyRate, PolicyRisk } from '@contract/io/policy';
import { format, useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { formatDate } from '@client/shared/format';
import { formatFen } from '@common/money';
import { usePolicyHistoryQuery } from '../api';
import { kindText, paymentStateText, STATE_COLORS, stateText } from '../format';
import { policyMessages } from '../messages';
import { BackButton } from './BackButton';
import { DocumentButtons } from './DocumentButtons';
import { PayPolicyButton, StartsTag, usePayPolicy } from './PolicyPay';
import { AuditTimeline } from '@client/shared/AuditTimeline';
import { AutoRenewSetting } from './AutoRenewSetting';
import { PolicyRenewalNotice } from './GroupRenewalNotice';

export const MY_POLICY = '/myPolicy';

/** Loading, refused (the central handler has shown why) or the page itself. */
export function DetailFrame({
  title,
  isLoading,
  isError,
  fallback,
  fallbackLabel,
  notFoundText,
  children,
}: {
  title: string;
  isLoading: boolean;
  isError: boolean;
  fallback: string;
  /** The list the way out of a refused page leads to (default: My policies). */
  fallbackLabel?: string;
  notFoundText?: string;
  children: ReactNode;
}) {
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  // A member's policies are under My policies of the personal centre, a company's under My policy.
  const individual = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info?.legalFlag !== 1);
  const back = fallback.startsWith(MY_POLICY) && individual ? paths.personalPolicies.href() : fallback;
  return (
    <div className="mc-page" data-testid="policy-detail-page">
      <Space style={{ marginBottom: 16 }} align="center">
        <BackButton fallback={back} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Space>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : isError ? (
        <Result
          status="warning"
          title={m.notFoundTitle}
          subTitle={notFoundText ?? m.notFoundText}
          data-testid="detail-refused"
          extra={[
            <Button type="primary" key="list" onClick={() => navigate(back)}>
              {fallbackLabel ?? m.toMyPolicies}
            </Button>,
            <Button key="home" onClick={() => navigate(paths.home.href())}>
              {m.toHome}
            </Button>,
          ]}
        />
      ) : (
        children
      )}
    </div>
  );
}

/** The parts every policy detail page shows: parties, period, coverages, payment, documents. */
export function PolicyDetailView({ detail, children }: { detail: PolicyDetail; children?: ReactNode }) {
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  const payer = usePayPolicy();
  // a company's policy shows its own history from the activity log
  const individual = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info?.legalFlag !== 1);
  const history = usePolicyHistoryQuery(
    { subjectKind: 'policy', subject: detail.policyNo, pageSize: 20 },
    { skip: individual },
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="policy-detail">
      {payer.watch}
      {!individual && detail.roster && <PolicyRenewalNotice policyNo={detail.policyNo} skip={false} />}
      <Card
        className="mc-wrap-title"
        title={
          <Space wrap size={[8, 4]}>
            <span>{detail.productName}</span>
            <Tag color={STATE_COLORS[detail.state]}>{stateText(m, detail.state)}</Tag>
            <StartsTag policy={detail} />
          </Space>
        }
      >
        {/* The policy's actions above its facts, not in the card's head: the head keeps the product's
            name and state whole at any width. */}
        <Space wrap size="small" className="mc-card-actions">
          <PayPolicyButton policy={detail} payer={payer} />
          {(detail.renewal?.state === 'due' || detail.renewal?.state === 'ordered') && (
            <>
              <Button type="primary" onClick={() => navigate(paths.renewPolicy.href(detail.policyNo))}>
                {detail.renewal.state === 'ordered' ? m.payRenewal : m.renew}
              </Button>
              {detail.renewal.until && (
                <Typography.Text type="secondary">
                  {format(m.renewUntil, { date: detail.renewal.until })}
                </Typography.Text>
              )}
            </>
          )}
          {detail.roster && (
            <>
              <RosterChanges roster={detail.roster} policyNo={detail.policyNo} state={detail.state} variant="buttons" />
              <Button onClick={() => navigate(paths.employeeView.href(detail.policyNo))}>{m.viewEmployees}</Button>
            </>
          )}
        </Space>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'no', label: m.policyNo, children: <span data-testid="policy-no">{detail.policyNo}</span> },
            { key: 'kind', label: m.kind, children: kindText(m, detail.kind) },
            { key: 'holder', label: m.holder, children: detail.holder.name },
            { key: 'credit', label: m.creditCode, children: detail.holder.creditCode ?? '-' },
            {
              key: 'insured',
              label: m.insured,
              children:
                detail.insuredName ?? (detail.roster ? `${detail.insuredCount} ${m.count}` : detail.holder.name),
            },
            {
              key: 'contact',
              label: m.contact,
              children: [detail.holder.contactName, detail.holder.contactPhone].filter(Boolean).join(' ') || '-',
            },
            { key: 'address', label: m.address, children: detail.holder.address ?? '-' },
          ]}
        />
      </Card>
      <Card title={m.periodAndPayment}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'period', label: m.period, children: `${detail.startDate} ~ ${detail.endDate}` },
            { key: 'issued', label: m.issueDate, children: detail.issueDate },
            { key: 'premium', label: m.premium, children: formatFen(detail.premiumFen) },
            { key: 'sum', label: m.sumInsured, children: formatFen(detail.sumInsuredFen) },
            {
              key: 'payment',
              label: m.payment,
              children: (
                <Tag color={detail.paymentState === PaymentState.paid ? 'green' : 'orange'}>
                  {detail.paymentState === PaymentState.paid ? m.paid : m.unpaid}
                </Tag>
              ),
            },
            {
              key: 'renew',
              label: m.autoRenew,
              children: (
                <AutoRenewSetting
                  policyNo={detail.policyNo}
                  autoRenew={detail.autoRenew}
                  changeable={!individual && detail.autoRenewChangeable}
                  fixedNote={false}
                />
              ),
            },
            ...(detail.renewal?.state === 'renewed' && detail.renewal.policyNo
              ? [
                  {
                    key: 'renewedBy',
                    label: m.renewedBy,
                    children: (
                      <Link to={policyDetailHref(detail.kind, detail.renewal.policyNo)} data-testid="renewed-by">
                        {detail.renewal.policyNo}
                      </Link>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title={m.coverages}>
        <DataList<PolicyRisk>
          rowKey="code"
          size="small"
          rows={detail.risks}
          columns={[
            { key: 'name', title: m.coverage, className: 'mc-wrap', card: 'title', render: (r) => r.name },
            { key: 'sumInsured', title: m.sumInsured, align: 'right', render: (r) => formatFen(r.sumInsuredFen) },
            { key: 'premium', title: m.premium, align: 'right', render: (r) => formatFen(r.premiumFen) },
            { key: 'deductible', title: m.deductible, render: (r) => r.deductible ?? '-' },
          ]}
        />
        {detail.rates.length > 0 && (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {m.rates}
            </Typography.Title>
            <DataList<PolicyRate>
              rowKey="riskCategory"
              size="small"
              rows={detail.rates}
              columns={[
                { key: 'riskCategory', title: m.riskCategory, only: 'table', render: (r) => r.riskCategory },
                {
                  key: 'riskCategoryCard',
                  title: m.riskCategory,
                  only: 'card',
                  card: 'title',
                  render: (r) => `${m.riskCategory} ${r.riskCategory}`,
                },
                {
                  key: 'annualPremium',
                  title: m.annualPremium,
                  align: 'right',
                  render: (r) => formatFen(r.annualPremiumFen),
                },
              ]}
            />
          </>
        )}
      </Card>
      {children}
      <Card title={m.payments}>
        <DataList<PolicyPayment>
          rowKey="paymentNo"
          size="small"
          localPageSize={10}
          rows={detail.payments}
          columns={[
            { key: 'paymentNo', title: m.paymentNo, card: 'subtitle', render: (p) => p.paymentNo },
            {
              key: 'description',
              title: m.description,
              className: 'mc-wrap',
              card: 'title',
              render: (p) => p.description,
            },
            { key: 'amount', title: m.amount, align: 'right', render: (p) => formatFen(p.amountFen) },
            { key: 'state', title: m.state, card: 'state', render: (p) => paymentStateText(m, p.state) },
            {
              key: 'paidAt',
              title: m.paidAt,
              className: 'mc-nowrap',
              render: (p) => (p.paidAt ? formatDate(p.paidAt) : '-'),
            },
          ]}
        />
      </Card>
      <Card title={m.documents}>
        <DocumentButtons policyNo={detail.policyNo} documents={detail.documents} />
      </Card>
      {!individual && (
        <Card>
          <AuditTimeline rows={history.data?.list} />
        </Card>
      )}
      {detail.claimCount > 0 && (
        <Typography.Text type="secondary">
          {m.claims}: {detail.claimCount}
        </Typography.Text>
      )}
    </Space>
  );
}
