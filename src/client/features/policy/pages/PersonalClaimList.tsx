import { Button, Space, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { ClaimRow } from '@contract/io/policy';
import { ClaimState } from '@contract/states';
import { formatFen } from '@common/money';
import { useMessages } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { oneOf, useListQuery } from '@client/shared/list/useListQuery';
import { paths } from '@client/shared/paths';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useQueryClaimListQuery } from '../api';
import { claimMessages } from '../claimMessages';
import { CLAIM_COLORS, claimStateText } from '../format';
import { policyMessages } from '../messages';

const STATES = Object.values(ClaimState);
const FILTERS = { state: oneOf(STATES) };

/** The member's claims with their progress; each row opens the claim's details; report a new one. */
export default function PersonalClaimList() {
  const m = useMessages(policyMessages);
  const c = useMessages(claimMessages);
  const navigate = useNavigate();
  usePageTitle(c.myClaimsTitle);
  const list = useListQuery(useQueryClaimListQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({ pageNum, pageSize, state: filters.state }),
  });
  // Seven columns that fit a desktop's card: the policy under its claim, the paid amount under the
  // claimed one, the dates whole; the claim number opens the details (a double click on the row too).
  const columns: ListColumn<ClaimRow>[] = [
    {
      key: 'claimNo',
      title: m.claimAndPolicyNo,
      card: 'subtitle',
      render: (row) => (
        <>
          <Link to={paths.claimDetail.href(row.claimNo)}>{row.claimNo}</Link>
          <div className="mc-secondary">{row.policyNo}</div>
        </>
      ),
    },
    { key: 'productName', title: m.product, className: 'mc-wrap', card: 'title', render: (row) => row.productName },
    { key: 'claimant', title: m.claimant, render: (row) => row.claimantName },
    { key: 'accidentDate', title: m.accidentDate, className: 'mc-nowrap', render: (row) => row.accidentDate },
    { key: 'reportDate', title: m.reportDate, className: 'mc-nowrap', render: (row) => row.reportDate },
    {
      key: 'claimed',
      title: m.claimedAndPaid,
      align: 'right',
      render: (row) => (
        <>
          <div>{formatFen(row.claimedFen)}</div>
          <div className="mc-secondary">{formatFen(row.paidFen)}</div>
        </>
      ),
    },
    {
      key: 'state',
      title: m.state,
      card: 'state',
      render: (row) => <Tag color={CLAIM_COLORS[row.state]}>{claimStateText(m, row.state)}</Tag>,
    },
  ];
  return (
    <div className="mc-page" data-testid="personal-claim-list">
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {c.myClaimsTitle}
        </Typography.Title>
        <Space wrap>
          <Button type="primary" onClick={() => navigate(paths.claimReport.href('nonCar'))}>
            {c.reportNonCarTitle}
          </Button>
          <Button onClick={() => navigate(paths.claimReport.href('car'))}>{c.reportCarTitle}</Button>
        </Space>
      </Space>
      <ListFilters
        list={list}
        live
        fields={[
          {
            kind: 'select',
            name: 'state',
            label: m.state,
            width: 160,
            options: STATES.map((s) => ({ value: s, label: claimStateText(m, s) })),
          },
        ]}
      />
      <DataList<ClaimRow>
        rowKey="claimNo"
        columns={columns}
        control={list}
        rows={list.data?.list}
        total={list.data?.total}
        onOpen={(row) => navigate(paths.claimDetail.href(row.claimNo))}
        actionsTitle={c.details}
        actions={(row) => (
          <ListButton onClick={() => navigate(paths.claimDetail.href(row.claimNo))}>{c.details}</ListButton>
        )}
      />
    </div>
  );
}
