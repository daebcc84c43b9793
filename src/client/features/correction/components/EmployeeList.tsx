import { Button, Descriptions, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { InsuredState } from '../../../../contract/states';
import type { PolicySummary, RosterPerson } from '../../../../contract/io/correction';
import { useMessages } from '../../../shared/i18n';
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
  /** multiple: subtract; single: exchange; none: just the list. */
  selection?: 'none' | 'multiple' | 'single';
  selectedIds?: number[];
  onSelect?: (ids: number[], people: RosterPerson[]) => void;
  /** People already in the correction cannot be chosen again. */
  disabledIds?: number[];
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
          <Descriptions.Item label={m.birthdate}>{detail.birthdate}</Descriptions.Item>
          <Descriptions.Item label={m.phone}>{detail.phone}</Descriptions.Item>
          {!insured && <Descriptions.Item label={m.employeeNo}>{detail.employeeNo}</Descriptions.Item>}
          {!insured && <Descriptions.Item label={m.department}>{detail.department}</Descriptions.Item>}
          <Descriptions.Item label={m.occupation}>{detail.occupationName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={m.riskCategory}>{detail.riskCategory ?? ''}</Descriptions.Item>
          <Descriptions.Item label={m.effectiveDate}>{detail.effectiveDate}</Descriptions.Item>
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
          style={{ marginTop: 16 }}
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
 * The roster of a policy (employeeList / employeeListNew / getInsuranceList): search, filter by
 * state and risk category, multi-select for subtract, single select for exchange, export
 * (downloadEmployeeListExcel), person details and bank information.
 */
export function EmployeeList({
  policy,
  selection = 'none',
  selectedIds = [],
  onSelect,
  disabledIds = [],
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

  return (
    <div data-testid="employee-list">
      <Space wrap style={{ marginBottom: 12 }}>
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
          style={{ width: 280 }}
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
          style={{ width: 120 }}
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
            options={[1, 2, 3, 4, 5, 6].map((c) => ({ value: c, label: `${m.riskCategory} ${c}` }))}
            style={{ width: 160 }}
          />
        )}
        {policy.variant !== 'insured' && (
          <Button
            loading={exporting.isLoading}
            onClick={() =>
              void exportList({ policyId: policy.policyId, keyword: search || undefined, state, riskCategory })
            }
          >
            {m.export}
          </Button>
        )}
      </Space>
      <Table<RosterPerson>
        rowKey="personId"
        size="small"
        loading={result.isFetching}
        dataSource={page?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
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
        columns={[
          {
            title: m.name,
            dataIndex: 'name',
            render: (name: string, p) => (
              <Button type="link" size="small" onClick={() => setPersonId(p.personId)}>
                {name}
              </Button>
            ),
          },
          { title: m.idNumber, dataIndex: 'idNumber' },
          { title: m.sex, dataIndex: 'sex', render: (s: string) => (s === 'male' ? m.male : m.female) },
          { title: m.age, dataIndex: 'age' },
          { title: m.phone, dataIndex: 'phone' },
          ...(policy.variant === 'insured'
            ? []
            : [
                { title: m.employeeNo, dataIndex: 'employeeNo' },
                { title: m.department, dataIndex: 'department' },
              ]),
          ...(policy.variant === 'employeeNew'
            ? [
                { title: m.occupation, dataIndex: 'occupationName' },
                { title: m.riskCategory, dataIndex: 'riskCategory' },
              ]
            : []),
          { title: m.effectiveDate, dataIndex: 'effectiveDate' },
        ]}
      />
      <PersonDrawer policy={policy} personId={personId} onClose={() => setPersonId(null)} />
    </div>
  );
}
