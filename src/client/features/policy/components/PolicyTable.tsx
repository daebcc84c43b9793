import { PaymentState } from '@contract/states';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PolicyKind, PolicyRow } from '@contract/io/policy';
import type { PolicyState } from '@contract/states';
import type { LegalPolicyListQuery } from '@contract/io/policy.requests';
import { format, useMessages } from '@client/shared/i18n';
import { useDownloadPolicyMutation, useGetLegalPolicyListQuery } from '../api';
import { formatFen } from '@common/money';
import { paths, policyDetailHref } from '@client/shared/paths';
import { RosterChanges } from '@client/shared/RosterChanges';
import { kindText, STATE_COLORS, stateText } from '../format';
import { policyMessages } from '../messages';
import { FilterActions } from './FilterActions';
import { useDocumentResult } from './ResultDialog';
import { PayPolicyButton, StartsTag, usePayPolicy } from './PolicyPay';

interface Filters {
  policyNo?: string;
  productName?: string;
  state?: PolicyState;
  period?: [Dayjs | null, Dayjs | null] | null;
}

type SortField = NonNullable<LegalPolicyListQuery['sortField']>;
const SORTABLE: Record<string, SortField> = {
  policyNo: 'policyNo',
  productName: 'productName',
  startDate: 'startDate',
  endDate: 'endDate',
  premiumFen: 'premium',
};

/**
 * A list of the company's policies of some kinds: filters (number, product, state, period), server
 * sorting and pagination, links to the detail pages and, for roster policies, to the employee view.
 */
export function PolicyTable({
  kinds,
  testId,
  initialState,
}: {
  /** The kinds listed; none: every kind. */
  kinds: readonly PolicyKind[];
  testId: string;
  /** The state the list opens filtered by. */
  initialState?: LegalPolicyListQuery['state'];
}) {
  const kind = kinds.length ? [...kinds] : undefined;
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<LegalPolicyListQuery>({ kind, state: initialState, pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useGetLegalPolicyListQuery(query);
  const [download] = useDownloadPolicyMutation();
  const { run, dialog } = useDocumentResult();
  const payer = usePayPolicy();

  const apply = (values: Filters) => {
    const [from, to] = values.period ?? [null, null];
    setQuery({
      kind,
      policyNo: values.policyNo?.trim() || undefined,
      productName: values.productName?.trim() || undefined,
      state: values.state || undefined,
      periodFrom: from ? from.format('YYYY-MM-DD') : undefined,
      periodTo: to ? to.format('YYYY-MM-DD') : undefined,
      sortField: query.sortField,
      sortOrder: query.sortOrder,
      pageNum: 1,
      pageSize: query.pageSize,
    });
  };

  const onChange: TableProps<PolicyRow>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order ? SORTABLE[String(s.field)] : undefined;
    setQuery((q) => ({
      ...q,
      pageNum: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? 10,
      sortField: field,
      sortOrder: field ? (s.order ?? undefined) : undefined,
    }));
  };
  const sortOrderOf = (field: SortField) => (query.sortField === field ? (query.sortOrder ?? null) : null);

  const columns: TableProps<PolicyRow>['columns'] = [
    {
      title: m.policyNo,
      dataIndex: 'policyNo',
      sorter: true,
      sortOrder: sortOrderOf('policyNo'),
      // A policy awaiting its premium offers Pay here, where it is seen at any width (the table scrolls).
      render: (no: string, row) => (
        <Space orientation="vertical" size={4} align="start">
          <Link to={policyDetailHref(row.kind, no)}>{no}</Link>
          <PayPolicyButton policy={row} payer={payer} size="small" />
        </Space>
      ),
    },
    {
      title: m.product,
      dataIndex: 'productName',
      className: 'mc-wrap',
      sorter: true,
      sortOrder: sortOrderOf('productName'),
    },
    { title: m.kind, dataIndex: 'kind', render: (k: string) => kindText(m, k) },
    {
      title: m.state,
      dataIndex: 'state',
      render: (s: number, row) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLORS[s]}>{stateText(m, s)}</Tag>
          <StartsTag policy={row} />
        </Space>
      ),
    },
    {
      // The period's two dates one under the other: each whole, and the table fits a wide screen.
      title: m.period,
      dataIndex: 'startDate',
      sorter: true,
      sortOrder: sortOrderOf('startDate'),
      render: (start: string, row) => (
        <>
          <div>{start}</div>
          <div>~ {row.endDate}</div>
        </>
      ),
    },
    {
      title: m.premium,
      dataIndex: 'premiumFen',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('premium'),
      render: (v: number) => formatFen(v),
    },
    {
      title: m.insuredCount,
      dataIndex: 'insuredCount',
      align: 'right',
      render: (v: number, row) => (row.roster ? v : '-'),
    },
    {
      title: m.actions,
      key: 'actions',
      // The actions wrap onto two lines rather than widen the table past its card.
      width: 210,
      render: (_: unknown, row) => (
        <Space size="small" wrap>
          <Button size="small" type="link" onClick={() => navigate(policyDetailHref(row.kind, row.policyNo))}>
            {m.details}
          </Button>
          {row.roster && (
            <Button size="small" type="link" onClick={() => navigate(paths.employeeView.href(row.policyNo))}>
              {m.employees}
            </Button>
          )}
          <RosterChanges roster={row.roster} policyNo={row.policyNo} state={row.state} size="small" />
          {row.paymentState === PaymentState.paid && (
            <Button size="small" type="link" onClick={() => run(() => download({ policyNo: row.policyNo }))}>
              {m.ePolicy}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={testId}>
      <Form
        form={form}
        layout="inline"
        onFinish={apply}
        initialValues={{ state: initialState }}
        className="mc-filters"
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="policyNo" label={m.policyNo}>
          <Input allowClear maxLength={40} aria-label={m.policyNo} />
        </Form.Item>
        <Form.Item name="productName" label={m.product}>
          <Input allowClear maxLength={60} aria-label={m.product} />
        </Form.Item>
        <Form.Item name="state" label={m.state}>
          <Select
            allowClear
            aria-label={m.state}
            style={{ width: 190 }}
            placeholder={m.all}
            options={[1, 2, 3, 4, 5].map((s) => ({
              value: s,
              label: `${stateText(m, s)}${data?.stateCounts[String(s)] ? ` (${data.stateCounts[String(s)]})` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="period" label={m.period}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <FilterActions
          onReset={() => {
            form.resetFields();
            form.setFieldsValue({ state: undefined });
            apply({});
          }}
        />
      </Form>
      {payer.watch}
      <Table<PolicyRow>
        rowKey="policyNo"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        locale={{ emptyText: m.empty }}
        onChange={onChange}
        scroll={{ x: 1000 }}
        pagination={{
          current: query.pageNum as number,
          pageSize: query.pageSize as number,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => format(m.total, { total }),
        }}
      />
      {dialog}
    </div>
  );
}
