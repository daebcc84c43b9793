import { Alert, Button, Form, Input, Select, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { InsuredPersonRow } from '../../../../contract/io/policy';
import type { InsuredPersonQuery } from '../../../../contract/io/policy.requests';
import type { InsuredState } from '../../../../contract/states';
import { format, useMessages } from '../../../shared/i18n';
import { useGetLegalPolicyInfoQuery, useQueryInsuredPersonQuery } from '../api';
import { kindText } from '../format';
import { BackButton } from '../components/BackButton';
import { MY_POLICY } from '../components/PolicyDetailView';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

type SortField = NonNullable<InsuredPersonQuery['sortField']>;
const SORTABLE: Record<string, SortField> = { name: 'name', employeeNo: 'employeeNo', effectiveDate: 'effectiveDate' };

/** The insured employees of one policy, searchable by name or ID number, paginated on the server. */
export default function EmployeeView() {
  const m = useMessages(policyMessages);
  const policyNo = usePolicyNo();
  const policy = useGetLegalPolicyInfoQuery(policyNo ? { policyNo } : skipToken);
  const [query, setQuery] = useState<InsuredPersonQuery>({ policyNo, state: 1, pageNum: 1, pageSize: 20 });
  const { data, isFetching, isError } = useQueryInsuredPersonQuery(policyNo ? { ...query, policyNo } : skipToken);

  const onChange: TableProps<InsuredPersonRow>['onChange'] = (pagination, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order ? SORTABLE[String(s.field)] : undefined;
    setQuery((q) => ({
      ...q,
      pageNum: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? 20,
      sortField: field,
      sortOrder: field ? (s.order ?? undefined) : undefined,
    }));
  };
  const sortOrderOf = (f: SortField) => (query.sortField === f ? (query.sortOrder ?? null) : null);
  const withCategory = policy.data?.roster === 'employeeNew';

  const columns: TableProps<InsuredPersonRow>['columns'] = [
    { title: m.name, dataIndex: 'name', sorter: true, sortOrder: sortOrderOf('name') },
    { title: m.idNumber, dataIndex: 'idNumber' },
    { title: m.sex, dataIndex: 'sex', render: (s: string) => (s === 'male' ? m.male : m.female) },
    { title: m.age, dataIndex: 'age', align: 'right' },
    { title: m.employeeNo, dataIndex: 'employeeNo', sorter: true, sortOrder: sortOrderOf('employeeNo') },
    { title: m.department, dataIndex: 'department' },
    ...(withCategory
      ? [
          { title: m.occupation, dataIndex: 'occupationName' },
          { title: m.riskCategory, dataIndex: 'riskCategory', align: 'right' as const },
        ]
      : []),
    { title: m.effectiveDate, dataIndex: 'effectiveDate', sorter: true, sortOrder: sortOrderOf('effectiveDate') },
    {
      title: m.state,
      dataIndex: 'state',
      render: (s: number, r) => (
        <Tag color={s === 1 ? 'green' : 'default'}>
          {s === 1 ? m.insuredState1 : `${m.insuredState2} ${r.endDate ?? ''}`}
        </Tag>
      ),
    },
  ];

  return (
    <div className="mc-page" data-testid="employee-view">
      <Space style={{ marginBottom: 16 }} align="center">
        <BackButton fallback={`${MY_POLICY}?tab=group`} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {m.employeeViewTitle}
        </Typography.Title>
      </Space>
      {!policyNo ? (
        <Alert type="info" title={m.choosePolicy} showIcon />
      ) : (
        <>
          {policy.data && (
            <Typography.Paragraph data-testid="employee-view-policy">
              {policy.data.policyNo} · {policy.data.productName} · {kindText(m, policy.data.kind)}
            </Typography.Paragraph>
          )}
          <Form
            layout="inline"
            initialValues={{ state: 1 }}
            onFinish={(v: { keyword?: string; state?: InsuredState }) =>
              setQuery((q) => ({
                ...q,
                keyword: v.keyword?.trim() || undefined,
                state: v.state ?? undefined,
                pageNum: 1,
              }))
            }
            style={{ marginBottom: 16, rowGap: 8 }}
          >
            <Form.Item name="keyword" label={m.keyword}>
              <Input
                allowClear
                maxLength={30}
                placeholder={m.keywordPlaceholder}
                aria-label={m.keyword}
                style={{ width: 260 }}
              />
            </Form.Item>
            <Form.Item name="state" label={m.state}>
              <Select
                aria-label={m.state}
                style={{ width: 130 }}
                options={[
                  { value: 1, label: m.insuredState1 },
                  { value: 2, label: m.insuredState2 },
                  { value: 0, label: m.all },
                ]}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit">
                {m.search}
              </Button>
            </Form.Item>
          </Form>
          <Table<InsuredPersonRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={isError ? [] : (data?.list ?? [])}
            loading={isFetching}
            onChange={onChange}
            locale={{ emptyText: m.empty }}
            scroll={{ x: 900 }}
            pagination={{
              current: query.pageNum as number,
              pageSize: query.pageSize as number,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => format(m.total, { total }),
            }}
          />
        </>
      )}
    </div>
  );
}
