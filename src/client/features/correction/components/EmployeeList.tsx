import { Button, Descriptions, Drawer, Input, Select, Space, Tag } from 'antd';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import type { PolicySummary, RosterPerson } from '@contract/io/correction';
import type { RosterQuery } from '@contract/io/correction.requests';
import { InsuredState } from '@contract/states';
import { formatDate } from '@client/shared/format';
import { IdDocument } from '@client/shared/IdDocument';
import { format, useMessages } from '@client/shared/i18n';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { oneOf, textFilter, useListQuery } from '@client/shared/list/useListQuery';
import { notify } from '@client/shared/notify';
import {
  useBankInfoQuery,
  useDownloadEmployeeListExcelMutation,
  useEmployeeDetailNewQuery,
  useEmployeeListNewQuery,
  useEmployeeListQuery,
  useGetInsuranceDetailQuery,
  useGetInsuranceListQuery,
  useInsuredBankInfoQuery,
} from '../api';
import { correctionMessages } from '../messages';

export interface EmployeeListProps {
  policy: PolicySummary;
  /** multiple: removals; single: an exchange or a change of details; none: just the list. */
  selection?: 'none' | 'multiple' | 'single';
  selectedIds?: number[];
  onSelect?: (ids: number[], people: RosterPerson[]) => void;
  /** People already in the correction cannot be chosen again. */
  disabledIds?: number[];
  /** Buttons beside the search (the employee view's changes). */
  actions?: ReactNode;
  /** A person's own buttons (ListButton): the table's last column, the foot of a phone's card. */
  rowActions?: (person: RosterPerson) => ReactNode;
  rowActionsTitle?: string;
}

const FILTERS = {
  keyword: textFilter,
  state: oneOf([InsuredState.insured, InsuredState.removed]),
  riskCategory: oneOf([1, 2, 3, 4, 5, 6]),
};

/** The roster of a policy, from the call its roster kind answers on. */
function useRosterQuery(arg: { variant: PolicySummary['variant']; query: RosterQuery } | SkipToken) {
  const of = (variant: PolicySummary['variant']) =>
    arg !== skipToken && arg.variant === variant ? arg.query : skipToken;
  const employee = useEmployeeListQuery(of('employee'));
  const employeeNew = useEmployeeListNewQuery(of('employeeNew'));
  const insured = useGetInsuranceListQuery(of('insured'));
  const variant = arg === skipToken ? null : arg.variant;
  return variant === 'employeeNew' ? employeeNew : variant === 'insured' ? insured : employee;
}

function PersonDrawer({
  policy,
  personId,
  onClose,
}: {
  policy: PolicySummary;
  personId: number | null;
  onClose: () => void;
}) {
  const m = useMessages(correctionMessages);
  const insured = policy.variant === 'insured';
  const skip = personId === null;
  const employeeDetail = useEmployeeDetailNewQuery({ personId: personId ?? 0 }, { skip: skip || insured });
  const insuredDetail = useGetInsuranceDetailQuery({ personId: personId ?? 0 }, { skip: skip || !insured });
  const employeeBank = useBankInfoQuery({ personId: personId ?? 0 }, { skip: skip || insured });
  const insuredBank = useInsuredBankInfoQuery({ personId: personId ?? 0 }, { skip: skip || !insured });
  const detail = insured ? insuredDetail.data : employeeDetail.data;
  const bank = insured ? insuredBank.data : employeeBank.data;
  return (
    <Drawer open={!skip} onClose={onClose} title={m.personDetail} size="large">
      {detail && (
        <Descriptions column={1} bordered size="small" data-testid="person-detail">
          <Descriptions.Item label={m.name}>{detail.name}</Descriptions.Item>
          <Descriptions.Item label={m.idNumber}>
            <IdDocument type={detail.idType} number={detail.idNumber} />
          </Descriptions.Item>
          <Descriptions.Item label={m.sex}>{detail.sex === 'male' ? m.male : m.female}</Descriptions.Item>
          <Descriptions.Item label={m.birthdate}>{formatDate(detail.birthdate)}</Descriptions.Item>
          <Descriptions.Item label={m.phone}>{detail.phone ?? ''}</Descriptions.Item>
          {!insured && <Descriptions.Item label={m.employeeNo}>{detail.employeeNo ?? ''}</Descriptions.Item>}
          {!insured && <Descriptions.Item label={m.department}>{detail.department ?? ''}</Descriptions.Item>}
          <Descriptions.Item label={m.occupation}>{detail.occupationName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={m.riskCategory}>{detail.riskCategory ?? ''}</Descriptions.Item>
          <Descriptions.Item label={m.effectiveDate}>{formatDate(detail.effectiveDate)}</Descriptions.Item>
          <Descriptions.Item label={m.claims}>
            {detail.claimCount} {detail.claimPaid && <Tag color="orange">{m.claimPaid}</Tag>}
          </Descriptions.Item>
        </Descriptions>
      )}
      {bank && (
        <Descriptions
          column={1}
          bordered
          size="small"
          title={m.bankInfo}
          className="mc-drawer-section"
          data-testid="bank-info"
        >
          <Descriptions.Item label={m.bankName}>{bank.bankName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={m.accountNo}>{bank.bankAccount ?? ''}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/**
 * The roster of a policy (employeeList / employeeListNew / getInsuranceList, by the policy's roster
 * kind): search, filter by state and risk category, selections for removals and exchanges, export
 * (downloadEmployeeListExcel), each person's details and bank information.
 */
export function EmployeeList({
  policy,
  selection = 'none',
  selectedIds = [],
  onSelect,
  disabledIds = [],
  actions,
  rowActions,
  rowActionsTitle,
}: EmployeeListProps) {
  const m = useMessages(correctionMessages);
  const list = useListQuery(useRosterQuery, {
    filters: FILTERS,
    args: ({ filters, pageNum, pageSize }) => ({
      variant: policy.variant,
      query: {
        policyId: policy.policyId,
        keyword: filters.keyword,
        state: filters.state ?? InsuredState.insured,
        riskCategory: filters.riskCategory,
        pageNum,
        pageSize,
      },
    }),
  });
  const { filters } = list.state;
  const search = filters.keyword;
  const state = filters.state ?? InsuredState.insured;
  const riskCategory = filters.riskCategory;
  const [personId, setPersonId] = useState<number | null>(null);
  const [exportList, exporting] = useDownloadEmployeeListExcelMutation();
  const page = list.data;
  const doExport = async () => {
    const r = await exportList({ policyId: policy.policyId, keyword: search, state, riskCategory });
    if ('data' in r && r.data) notify.success(format(m.downloaded, { file: r.data.filename }));
  };

  const columns: ListColumn<RosterPerson>[] = [
    {
      key: 'name',
      title: m.name,
      card: 'title',
      render: (p) => (
        <Button type="link" size="small" className="mc-link-cell" onClick={() => setPersonId(p.personId)}>
          {p.name}
        </Button>
      ),
    },
    {
      key: 'idNumber',
      title: m.idNumber,
      className: 'mc-nowrap',
      card: 'subtitle',
      render: (p) => <IdDocument type={p.idType} number={p.idNumber} />,
    },
    { key: 'sex', title: m.sex, only: 'table', render: (p) => (p.sex === 'male' ? m.male : m.female) },
    { key: 'age', title: m.age, align: 'right', render: (p) => p.age },
    { key: 'phone', title: m.phone, className: 'mc-nowrap', render: (p) => p.phone },
    ...(policy.variant === 'insured'
      ? []
      : ([
          {
            key: 'employeeNo',
            title: m.employeeNo,
            className: 'mc-nowrap',
            only: 'table',
            render: (p) => p.employeeNo,
          },
          { key: 'department', title: m.department, className: 'mc-wrap mc-wrap-narrow', render: (p) => p.department },
        ] satisfies ListColumn<RosterPerson>[])),
    ...(policy.variant === 'employeeNew'
      ? ([
          {
            key: 'occupation',
            title: m.occupation,
            className: 'mc-wrap mc-wrap-narrow',
            render: (p) => p.occupationName,
          },
          { key: 'riskCategory', title: m.riskCategory, align: 'right', render: (p) => p.riskCategory },
        ] satisfies ListColumn<RosterPerson>[])
      : []),
    {
      key: 'effectiveDate',
      title: m.effectiveDate,
      className: 'mc-nowrap',
      render: (p) => formatDate(p.effectiveDate),
    },
  ];
  return (
    <div data-testid="employee-list" className="mc-employee-list">
      <Space wrap className="mc-list-filters">
        <Input.Search
          aria-label={m.search}
          placeholder={m.search}
          allowClear
          // a new field when the address's search changes (back and forward)
          key={search ?? ''}
          defaultValue={search}
          onSearch={(v) => list.setFilter('keyword', v.trim() || undefined)}
          className="mc-search"
        />
        <Select
          aria-label={m.state}
          value={state}
          onChange={(v) => list.setFilter('state', v === InsuredState.insured ? undefined : v)}
          options={[
            { value: InsuredState.insured, label: m.insured },
            { value: InsuredState.removed, label: m.removed },
          ]}
          className="mc-select-state"
        />
        {policy.variant !== 'employee' && (
          <Select
            aria-label={m.riskCategory}
            allowClear
            placeholder={m.allCategories}
            value={riskCategory}
            onChange={(v) => list.setFilter('riskCategory', v)}
            options={[1, 2, 3, 4, 5, 6].map((c) => ({ value: c, label: format(m.categoryN, { n: c }) }))}
            className="mc-select-category"
          />
        )}
        <Button loading={exporting.isLoading} onClick={() => void doExport()}>
          {m.export}
        </Button>
        {actions}
      </Space>
      <DataList<RosterPerson>
        rowKey="personId"
        size="small"
        control={list}
        rows={page?.list}
        total={page?.total}
        totalText={(total) => format(m.peopleTotal, { total })}
        selection={
          selection === 'none' || state !== InsuredState.insured
            ? undefined
            : {
                type: selection === 'single' ? 'radio' : 'checkbox',
                selectedKeys: selectedIds,
                disabled: (p) => disabledIds.includes(p.personId),
                label: (p) => p.name,
                onChange: (keys, rows) => onSelect?.(keys.map(Number), rows),
              }
        }
        columns={columns}
        actions={rowActions}
        actionsTitle={rowActionsTitle}
      />
      <PersonDrawer policy={policy} personId={personId} onClose={() => setPersonId(null)} />
    </div>
  );
}
