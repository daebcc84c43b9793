import {
  Button,
  Descriptions,
  Drawer,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type ReactNode } from 'react';
import type { PolicySummary, RosterPerson } from '@contract/io/correction';
import { InsuredState } from '@contract/states';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
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
}

const PAGE_SIZE = 10;

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
          <Descriptions.Item label={m.idNumber}>{detail.idNumber}</Descriptions.Item>
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
}: EmployeeListProps) {
  const m = useMessages(correctionMessages);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<InsuredState>(InsuredState.insured);
  const [riskCategory, setRiskCategory] = useState<number | undefined>(undefined);
  const [pageNum, setPageNum] = useState(1);
  const [personId, setPersonId] = useState<number | null>(null);
  const [exportList, exporting] = useDownloadEmployeeListExcelMutation();
  const query = {
    policyId: policy.policyId,
    keyword: search || undefined,
    state,
    riskCategory,
    pageNum,
    pageSize: PAGE_SIZE,
  };
  const employee = useEmployeeListQuery(query, { skip: policy.variant !== 'employee' });
  const employeeNew = useEmployeeListNewQuery(query, { skip: policy.variant !== 'employeeNew' });
  const insured = useGetInsuranceListQuery(query, { skip: policy.variant !== 'insured' });
  const result = policy.variant === 'employeeNew' ? employeeNew : policy.variant === 'insured' ? insured : employee;
  const page = result.data;
  const doExport = async () => {
    const r = await exportList({ policyId: policy.policyId, keyword: search || undefined, state, riskCategory });
    if ('data' in r && r.data) notify.success(format(m.downloaded, { file: r.data.filename }));
  };

  const columns: TableColumnsType<RosterPerson> = [
    {
      title: m.name,
      dataIndex: 'name',
      width: 140,
      render: (name: string, p) => (
        <Button type="link" size="small" className="mc-link-cell" onClick={() => setPersonId(p.personId)}>
          {name}
        </Button>
      ),
    },
    { title: m.idNumber, dataIndex: 'idNumber', width: 180, className: 'mc-nowrap' },
    { title: m.sex, dataIndex: 'sex', width: 64, render: (s: string) => (s === 'male' ? m.male : m.female) },
    { title: m.age, dataIndex: 'age', width: 64, align: 'right' },
    { title: m.phone, dataIndex: 'phone', width: 130, className: 'mc-nowrap' },
    ...(policy.variant === 'insured'
      ? []
      : ([
          { title: m.employeeNo, dataIndex: 'employeeNo', width: 150, className: 'mc-nowrap' },
          {
            title: m.department,
            dataIndex: 'department',
            width: 140,
            ellipsis: { showTitle: false },
            render: (d: string | null) => <Typography.Text ellipsis={{ tooltip: d }}>{d}</Typography.Text>,
          },
        ] satisfies TableColumnsType<RosterPerson>)),
    ...(policy.variant === 'employeeNew'
      ? ([
          {
            title: m.occupation,
            dataIndex: 'occupationName',
            ellipsis: { showTitle: false },
            render: (o: string | null) => <Typography.Text ellipsis={{ tooltip: o }}>{o}</Typography.Text>,
          },
          { title: m.riskCategory, dataIndex: 'riskCategory', width: 120, align: 'right' },
        ] satisfies TableColumnsType<RosterPerson>)
      : []),
    {
      title: m.effectiveDate,
      dataIndex: 'effectiveDate',
      width: 120,
      className: 'mc-nowrap',
      render: (d: string) => formatDate(d),
    },
  ];

  return (
    <div data-testid="employee-list" className="mc-employee-list">
      <Space wrap className="mc-list-filters">
        <Input.Search
          aria-label={m.search}
          placeholder={m.search}
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => {
            setSearch(v.trim());
            setPageNum(1);
          }}
          className="mc-search"
        />
        <Select
          aria-label={m.state}
          value={state}
          onChange={(v) => {
            setState(v);
            setPageNum(1);
          }}
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
            onChange={(v) => {
              setRiskCategory(v);
              setPageNum(1);
            }}
            options={[1, 2, 3, 4, 5, 6].map((c) => ({ value: c, label: format(m.categoryN, { n: c }) }))}
            className="mc-select-category"
          />
        )}
        <Button loading={exporting.isLoading} onClick={() => void doExport()}>
          {m.export}
        </Button>
        {actions}
      </Space>
      <Table<RosterPerson>
        rowKey="personId"
        size="small"
        tableLayout="fixed"
        scroll={{ x: 900 }}
        loading={result.isFetching}
        dataSource={page?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
          showTotal: (total) => format(m.peopleTotal, { total }),
        }}
        rowSelection={
          selection === 'none' || state !== InsuredState.insured
            ? undefined
            : {
                type: selection === 'single' ? 'radio' : 'checkbox',
                selectedRowKeys: selectedIds,
                preserveSelectedRowKeys: true,
                getCheckboxProps: (p) => ({ disabled: disabledIds.includes(p.personId), 'aria-label': p.name }),
                onChange: (keys, rows) => onSelect?.(keys.map(Number), rows),
              }
        }
        columns={columns}
      />
      <PersonDrawer policy={policy} personId={personId} onClose={() => setPersonId(null)} />
    </div>
  );
}
