import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatFen } from '@common/money';
import type {
  GroupRenewal as Renewal,
  GroupRenewalPay,
  GroupRenewalPerson,
  GroupRenewalRate,
} from '@contract/io/policy';
import { PolicyState } from '@contract/states';
import { useGatewayDispatch } from '@client/api/dispatch';
import { runCall } from '@client/api/callActor';
import { CashierPayWatch, useCashierPay } from '@client/shared/CashierPay';
import { paymentOf } from '@client/shared/payment/payment.machine';
import { RosterChanges } from '@client/shared/RosterChanges';
import { formatDate, formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { paths, policyDetailHref } from '@client/shared/paths';
import { useMay } from '@client/shared/useMay';
import { usePageTitle } from '@client/shared/usePageTitle';
import { policyApi, useAcceptGroupRenewalMutation, useGroupRenewalQuery } from '../api';
import { AutoRenewSetting, ConfirmDialog } from '../components/AutoRenewSetting';
import { DetailFrame, MY_POLICY } from '../components/PolicyDetailView';
import { GroupRenewalNotice } from '../components/GroupRenewalNotice';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

/** How long the page first waits between two questions while the company pays at the cashier. */
const PAY_POLL_MS = 2000;

const STATE_COLOR = { prepared: 'orange', accepted: 'blue', paid: 'green', lapsed: 'red' } as const;

/**
 * Paying a renewal through the shared payment machine (the cashier window opened in the click); once
 * the payment ends, the renewal, the company's renewals and policies are read again.
 */
function usePayRenewal() {
  const dispatch = useGatewayDispatch();
  const e = policyApi.endpoints;
  const link = useCallback(
    (policyNo: string, signal: AbortSignal) => runCall(dispatch, e.groupRenewalPayLink.initiate({ policyNo }), signal),
    [dispatch, e],
  );
  const status = useCallback(
    (policyNo: string, signal: AbortSignal) =>
      runCall(
        dispatch,
        e.groupRenewalPayStatus.initiate({ policyNo }, { forceRefetch: true, subscribe: false }),
        signal,
      ),
    [dispatch, e],
  );
  const settled = useCallback(
    () => dispatch(policyApi.util.invalidateTags(['GroupRenewal', 'Policy', { type: 'Policy', id: 'LIST' }])),
    [dispatch],
  );
  return useCashierPay<GroupRenewalPay>({ link, status, settled, pollBaseMs: PAY_POLL_MS });
}

function RenewalView({ renewal }: { renewal: Renewal }) {
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  const mayPay = useMay('approve');
  const mayPrepare = useMay('prepare');
  const payer = usePayRenewal();
  const [accept] = useAcceptGroupRenewalMutation();
  const [asking, setAsking] = useState(false);
  const open = renewal.state === 'prepared' || renewal.state === 'accepted';
  const paidNow = payer.paid(renewal.policyNo);
  const data = payer.snapshot ? paymentOf<GroupRenewalPay>(payer.snapshot) : null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="group-renewal-page">
      <GroupRenewalNotice renewal={renewal} open={renewal.state === 'paid'} />
      <CashierPayWatch
        subject={renewal.policyNo}
        payer={payer}
        texts={{
          ...m,
          paid: data?.newPolicyNo
            ? format(m.renewalPayDone, { policyNo: data.newPolicyNo, date: formatDate(data.startDate) })
            : format(m.renewalPayDone, { policyNo: renewal.newPolicyNo ?? '', date: formatDate(renewal.startDate) }),
        }}
        layout="below"
        testId="renewal-pay-watch"
        role="status"
      />
      <Card
        className="mc-wrap-title"
        title={
          <Space wrap size={[8, 4]}>
            <span>{renewal.productName}</span>
            <Tag color={STATE_COLOR[renewal.state]} data-testid="renewal-state">
              {m[`renewalState${renewal.state}`]}
            </Tag>
          </Space>
        }
      >
        {open && (
          <Space wrap size="small" className="mc-card-actions">
            {renewal.state === 'prepared' && mayPay && (
              <Button type="primary" data-testid="renewal-accept" onClick={() => setAsking(true)}>
                {m.renewalAccept}
              </Button>
            )}
            {renewal.state === 'accepted' && mayPay && !paidNow && (
              <Button
                type="primary"
                data-testid="renewal-pay"
                loading={payer.paying(renewal.policyNo)}
                onClick={() => payer.pay(renewal.policyNo)}
              >
                {m.renewalPay}
              </Button>
            )}
            {mayPrepare && (
              <>
                <RosterChanges roster={renewal.roster} policyNo={renewal.policyNo} state={PolicyState.inForce} />
                <Button onClick={() => navigate(paths.rosterReconcile.href(renewal.policyNo))}>
                  {m.renewalCompareRoster}
                </Button>
              </>
            )}
          </Space>
        )}
        {open && !mayPay && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={m.renewalNoRight}
            data-testid="renewal-no-right"
          />
        )}
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'policy',
              label: m.policyNo,
              children: <Link to={policyDetailHref(renewal.kind, renewal.policyNo)}>{renewal.policyNo}</Link>,
            },
            { key: 'holder', label: m.holder, children: renewal.holderName },
            { key: 'ends', label: m.renewalEnds, children: formatDate(renewal.policyEndDate) },
            {
              key: 'days',
              label: m.renewalDaysLeft,
              children: <span data-testid="renewal-days">{Math.max(renewal.daysLeft, 0)}</span>,
            },
            {
              key: 'next',
              label: m.renewalNextYear,
              children: `${formatDate(renewal.startDate)} ~ ${formatDate(renewal.endDate)}`,
            },
            {
              key: 'headcount',
              label: m.renewalHeadcount,
              children: <span data-testid="renewal-headcount">{renewal.headcount}</span>,
            },
            {
              key: 'premium',
              label: m.renewalPremium,
              children: (
                <Typography.Text strong data-testid="renewal-premium">
                  {formatFen(renewal.premiumFen)}
                </Typography.Text>
              ),
            },
            { key: 'previous', label: m.renewalPrevious, children: formatFen(renewal.previousPremiumFen) },
            { key: 'prepared', label: m.renewalPreparedOn, children: formatDate(renewal.preparedOn) },
            ...(renewal.acceptedAt
              ? [
                  {
                    key: 'accepted',
                    label: m.renewalStateaccepted,
                    children: format(m.renewalAcceptedBy, {
                      name: renewal.acceptedBy ?? '-',
                      date: formatDateTime(renewal.acceptedAt),
                    }),
                  },
                ]
              : []),
            ...(renewal.newPolicyNo
              ? [
                  {
                    key: 'newPolicy',
                    label: m.renewalNewPolicy,
                    children: (
                      <Link to={policyDetailHref(renewal.kind, renewal.newPolicyNo)} data-testid="renewal-new-policy">
                        {renewal.newPolicyNo}
                      </Link>
                    ),
                  },
                ]
              : []),
            {
              key: 'autoRenew',
              label: m.autoRenew,
              children: (
                <AutoRenewSetting
                  policyNo={renewal.policyNo}
                  autoRenew={renewal.autoRenew}
                  changeable={renewal.autoRenewChangeable && renewal.state !== 'lapsed'}
                  fixedNote={!renewal.autoRenewChangeable}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card title={m.renewalRates}>
        <DataList<GroupRenewalRate>
          rowKey={(r) => `${r.riskCategory ?? '-'}:${r.annualPremiumFen}`}
          size="small"
          testId="renewal-rates"
          rows={renewal.rates}
          columns={[
            {
              key: 'category',
              title: m.riskCategory,
              card: 'title',
              render: (r) => (r.riskCategory === null ? m.renewalAllInsured : `${m.riskCategory} ${r.riskCategory}`),
            },
            { key: 'rate', title: m.renewalRate, align: 'right', render: (r) => formatFen(r.annualPremiumFen) },
            { key: 'headcount', title: m.renewalHeadcount, align: 'right', render: (r) => r.headcount },
            { key: 'premium', title: m.premium, align: 'right', render: (r) => formatFen(r.premiumFen) },
          ]}
        />
      </Card>
      <Card title={m.renewalRoster}>
        {open && <Typography.Paragraph type="secondary">{m.renewalRosterNote}</Typography.Paragraph>}
        <DataList<GroupRenewalPerson>
          rowKey={(p) => `${p.idNumber}:${p.employeeNo ?? ''}:${p.name}`}
          size="small"
          testId="renewal-people"
          localPageSize={10}
          rows={renewal.people}
          columns={[
            { key: 'name', title: m.insured, card: 'title', render: (p) => p.name },
            { key: 'idNumber', title: m.idNumber, render: (p) => p.idNumber },
            { key: 'employeeNo', title: m.employeeNo, render: (p) => p.employeeNo ?? '-' },
            { key: 'department', title: m.department, render: (p) => p.department ?? '-' },
            { key: 'premium', title: m.renewalRate, align: 'right', render: (p) => formatFen(p.annualPremiumFen) },
          ]}
        />
      </Card>
      <ConfirmDialog
        open={asking}
        testId="renewal-accept-dialog"
        title={m.renewalAcceptTitle}
        text={format(m.renewalAcceptText, {
          headcount: renewal.headcount,
          start: formatDate(renewal.startDate),
          end: formatDate(renewal.endDate),
          premium: formatFen(renewal.premiumFen),
        })}
        onOk={() =>
          accept({ policyNo: renewal.policyNo, premiumFen: renewal.premiumFen })
            .unwrap()
            .then(() => undefined)
        }
        onClose={() => setAsking(false)}
      />
    </Space>
  );
}

/** A group policy's renewal for its next policy year: the quote, its rates and roster, accepting and paying it. */
export default function GroupRenewal() {
  const m = useMessages(policyMessages);
  usePageTitle(m.renewalTitle);
  const policyNo = usePolicyNo();
  const { data, isLoading, isError } = useGroupRenewalQuery(policyNo ? { policyNo } : skipToken, {
    // the quote is the roster as it stands now (a correction may have changed it since)
    refetchOnMountOrArgChange: true,
  });
  return (
    <DetailFrame title={m.renewalTitle} isLoading={isLoading} isError={isError || !policyNo} fallback={MY_POLICY}>
      {data && <RenewalView renewal={data} />}
    </DetailFrame>
  );
}
