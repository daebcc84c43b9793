import { PaymentState, PolicyState } from '@contract/states';
import { Tag } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { PolicyKind, PolicyRow } from '@contract/io/policy';
import type { LegalPolicyListQuery } from '@contract/io/policy.requests';
import { useMessages } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { dateFilter, oneOf, textFilter, useListQuery } from '@client/shared/list/useListQuery';
import { useDownloadPolicyMutation, useGetLegalPolicyListQuery } from '../api';
import { formatFen } from '@common/money';
import { paths, policyDetailHref } from '@client/shared/paths';
import { RosterChanges } from '@client/shared/RosterChanges';
import { kindText, STATE_COLORS, stateText } from '../format';
import { policyMessages } from '../messages';
import { useDocumentResult } from './ResultDialog';
import { PayPolicyButton, StartsTag, usePayPolicy } from './PolicyPay';
import { useMay } from '@client/shared/useMay';

const STATES = Object.values(PolicyState);
/** The fields the gateway sorts policies by. */
const SORTS = [
  'policyNo',
  'productName',
  'startDate',
  'endDate',
  'premium',
  'issueDate',
] as const satisfies readonly NonNullable<LegalPolicyListQuery['sortField']>[];
const FILTERS = {
  policyNo: textFilter,
  productName: textFilter,
  state: oneOf(STATES),
  periodFrom: dateFilter,
  periodTo: dateFilter,
};

/**
 * A list of the company's policies of some kinds: filters (number, product, state, period), server
 * sorting and pagination, all in the address; links to the detail pages and, for roster policies, to
 * the employee view and the employee changes.
 */
export function PolicyTable({
  kinds,
  testId,
}: {
  /** The kinds listed; none: every kind. */
  kinds: readonly PolicyKind[];
  testId: string;
}) {
  const kind = kinds.length ? [...kinds] : undefined;
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  const pays = useMay('approve');
  const list = useListQuery(useGetLegalPolicyListQuery, {
    filters: FILTERS,
    sorts: SORTS,
    args: ({ filters, pageNum, pageSize, sort }) => ({
      kind,
      ...filters,
      pageNum,
      pageSize,
      sortField: sort?.field,
      sortOrder: sort?.order,
    }),
  });
  const { data } = list;
  const [download] = useDownloadPolicyMutation();
  const { run, dialog } = useDocumentResult();
  const payer = usePayPolicy();

  const columns: ListColumn<PolicyRow>[] = [
    {
      key: 'policyNo',
      title: m.policyNo,
      sort: 'policyNo',
      card: 'subtitle',
      render: (row) => <Link to={policyDetailHref(row.kind, row.policyNo)}>{row.policyNo}</Link>,
    },
    {
      key: 'productName',
      title: m.product,
      className: 'mc-wrap',
      sort: 'productName',
      card: 'title',
      render: (row) => row.productName,
    },
    { key: 'kind', title: m.kind, render: (row) => kindText(m, row.kind) },
    {
      key: 'state',
      title: m.state,
      card: 'state',
      render: (row) => (
        <>
          <Tag color={STATE_COLORS[row.state]}>{stateText(m, row.state)}</Tag>
          <StartsTag policy={row} />
        </>
      ),
    },
    {
      // The period's two dates one under the other: each whole, and the table fits a wide screen.
      key: 'period',
      title: m.period,
      sort: 'startDate',
      render: (row) => (
        <>
          <div className="mc-nowrap">{row.startDate}</div>
          <div className="mc-nowrap">~ {row.endDate}</div>
        </>
      ),
    },
    { key: 'premium', title: m.premium, align: 'right', sort: 'premium', render: (row) => formatFen(row.premiumFen) },
    {
      key: 'insuredCount',
      title: m.insuredCount,
      align: 'right',
      render: (row) => (row.roster ? row.insuredCount : null),
    },
  ];

  return (
    <div data-testid={testId}>
      <ListFilters
        list={list}
        fields={[
          { kind: 'text', name: 'policyNo', label: m.policyNo, maxLength: 40 },
          { kind: 'text', name: 'productName', label: m.product },
          {
            kind: 'select',
            name: 'state',
            label: m.state,
            width: 190,
            options: STATES.map((s) => ({
              value: s,
              label: `${stateText(m, s)}${data?.stateCounts[String(s)] ? ` (${data.stateCounts[String(s)]})` : ''}`,
            })),
          },
          { kind: 'dateRange', from: 'periodFrom', to: 'periodTo', label: m.period },
        ]}
      />
      {payer.watch}
      <DataList<PolicyRow>
        rowKey="policyNo"
        columns={columns}
        control={list}
        rows={data?.list}
        total={data?.total}
        actionsWidth={210}
        actions={(row) => (
          <>
            {pays && <PayPolicyButton policy={row} payer={payer} />}
            <ListButton onClick={() => navigate(policyDetailHref(row.kind, row.policyNo))}>{m.details}</ListButton>
            {row.roster && (
              <ListButton onClick={() => navigate(paths.employeeView.href(row.policyNo))}>{m.employees}</ListButton>
            )}
            <RosterChanges roster={row.roster} policyNo={row.policyNo} state={row.state} />
            {row.paymentState === PaymentState.paid && (
              <ListButton onClick={() => run(() => download({ policyNo: row.policyNo }))}>{m.ePolicy}</ListButton>
            )}
          </>
        )}
      />
      {dialog}
    </div>
  );
}
