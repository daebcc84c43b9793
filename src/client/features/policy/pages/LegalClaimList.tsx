import { paths } from '@client/shared/paths';
import { Tabs, Tag, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import type { ClaimRow } from '@contract/io/policy';
import type { ClaimListQuery } from '@contract/io/policy.requests';
import { ClaimState } from '@contract/states';
import { useMessages, useAside } from '@client/shared/i18n';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { dateFilter, oneOf, textFilter, useListQuery } from '@client/shared/list/useListQuery';
import { useQueryClaimListQuery } from '../api';
import { formatFen } from '@common/money';
import { CLAIM_COLORS, claimStateText } from '../format';
import { policyMessages } from '../messages';

const STATES = Object.values(ClaimState);
/** The fields the gateway sorts claims by. */
const SORTS = ['reportDate', 'accidentDate', 'claimedFen', 'claimNo'] as const satisfies readonly NonNullable<
  ClaimListQuery['sortField']
>[];
const FILTERS = {
  claimNo: textFilter,
  policyNo: textFilter,
  claimantName: textFilter,
  state: oneOf(STATES),
  reportFrom: dateFilter,
  reportTo: dateFilter,
};

/**
 * The claims of a query, their arrival rendered in a transition, between frames: React Redux renders
 * a store change in one task (the rows, the tabs' counts, the pagination at once).
 */
function useDeferredClaims(query: ClaimListQuery) {
  return useDeferredValue(useQueryClaimListQuery(query));
}

/** Claims query: the company's claims with filters, state tabs, sorting and server pagination, all in the address. */
export default function LegalClaimList() {
  const m = useMessages(policyMessages);
  const aside = useAside();
  const list = useListQuery(useDeferredClaims, {
    filters: FILTERS,
    sorts: SORTS,
    defaultSort: { field: 'reportDate', order: 'descend' },
    args: ({ filters, pageNum, pageSize, sort, sortChosen }) => ({
      ...filters,
      pageNum,
      pageSize,
      sortField: sortChosen ? sort?.field : undefined,
      sortOrder: sortChosen ? sort?.order : undefined,
    }),
  });
  const { data } = list;
  const counts = data?.stateCounts ?? {};
  const all = Object.values(counts).reduce((a, b) => a + b, 0);

  // Seven columns that fit a desktop's card: the policy under its claim, the cause under the
  // claimant, the paid amount under the claimed one; the dates whole, each sortable.
  const columns: ListColumn<ClaimRow>[] = [
    {
      key: 'claimNo',
      title: m.claimAndPolicyNo,
      sort: 'claimNo',
      card: 'subtitle',
      render: (row) => (
        <>
          <Link to={paths.claimDetail.href(row.claimNo)}>{row.claimNo}</Link>
          <div className="mc-secondary">{row.policyNo}</div>
        </>
      ),
    },
    {
      key: 'productName',
      title: m.product,
      className: 'mc-wrap mc-wrap-short',
      card: 'title',
      render: (row) => row.productName,
    },
    {
      key: 'claimant',
      title: m.claimantAndCause,
      className: 'mc-wrap mc-wrap-narrow',
      render: (row) => (
        <>
          <div>{row.claimantName}</div>
          <div className="mc-secondary">{row.cause}</div>
        </>
      ),
    },
    {
      key: 'accidentDate',
      title: m.accidentDate,
      className: 'mc-nowrap',
      sort: 'accidentDate',
      render: (r) => r.accidentDate,
    },
    { key: 'reportDate', title: m.reportDate, className: 'mc-nowrap', sort: 'reportDate', render: (r) => r.reportDate },
    {
      key: 'claimed',
      title: m.claimedAndPaid,
      align: 'right',
      sort: 'claimedFen',
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
    <div className="mc-page" data-testid="claim-list">
      <Typography.Title level={3}>{m.claimsTitle}</Typography.Title>
      <ListFilters
        list={list}
        fields={[
          { kind: 'text', name: 'claimNo', label: m.claimNo, maxLength: 40 },
          { kind: 'text', name: 'policyNo', label: m.policyNo, maxLength: 40 },
          { kind: 'text', name: 'claimantName', label: m.claimant },
          { kind: 'dateRange', from: 'reportFrom', to: 'reportTo', label: m.reportDate },
        ]}
      />
      <Tabs
        activeKey={String(list.state.filters.state ?? 0)}
        onChange={(key) => list.setFilter('state', key === '0' ? undefined : (Number(key) as ClaimState))}
        items={[0, ...STATES].map((s) => ({
          key: String(s),
          label: aside(s === 0 ? m.all : claimStateText(m, s), s === 0 ? all : (counts[String(s)] ?? 0)),
        }))}
      />
      <DataList<ClaimRow> rowKey="claimNo" columns={columns} control={list} rows={data?.list} total={data?.total} />
    </div>
  );
}
