import { paths } from '@client/shared/paths';
import { DatePicker, Form, Input, Table, Tabs, Tag, Typography, type FormInstance, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { memo, useCallback, useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ClaimRow } from '@contract/io/policy';
import type { ClaimListQuery } from '@contract/io/policy.requests';
import type { ClaimState } from '@contract/states';
import { format, useMessages } from '@client/shared/i18n';
import { useQueryClaimListQuery } from '../api';
import { formatFen } from '@common/money';
import { CLAIM_COLORS, claimStateText } from '../format';
import { FilterActions } from '../components/FilterActions';
import { policyMessages } from '../messages';

type SortField = NonNullable<ClaimListQuery['sortField']>;
const SORTABLE: Record<string, SortField> = {
  reportDate: 'reportDate',
  accidentDate: 'accidentDate',
  claimedFen: 'claimedFen',
  claimNo: 'claimNo',
};

type FilterValues = {
  claimNo?: string;
  policyNo?: string;
  claimantName?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/**
 * The filters, a component of their own that renders only when its props change: the rows' arrival
 * renders the table and the tabs, not the form (antd's form items measure their visibility, a layout,
 * every time they render).
 */
const ClaimFilters = memo(function ClaimFilters({
  form,
  onFinish,
  onReset,
}: {
  form: FormInstance<FilterValues>;
  onFinish: (values: FilterValues) => void;
  onReset: () => void;
}) {
  const m = useMessages(policyMessages);
  return (
    <Form form={form} layout="inline" onFinish={onFinish} style={{ marginBottom: 8, rowGap: 8 }}>
      <Form.Item name="claimNo" label={m.claimNo}>
        <Input allowClear maxLength={40} aria-label={m.claimNo} />
      </Form.Item>
      <Form.Item name="policyNo" label={m.policyNo}>
        <Input allowClear maxLength={40} aria-label={m.policyNo} />
      </Form.Item>
      <Form.Item name="claimantName" label={m.claimant}>
        <Input allowClear maxLength={60} aria-label={m.claimant} />
      </Form.Item>
      <Form.Item name="range" label={m.reportDate}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <FilterActions onReset={onReset} />
    </Form>
  );
});

/** Claims query: the company's claims with filters, state tabs, sorting and server pagination. */
export default function LegalClaimList() {
  const m = useMessages(policyMessages);
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<ClaimListQuery>({ pageNum: 1, pageSize: 10 });
  // The answer's arrival renders the rows in a transition, between frames: React Redux renders a store
  // change in one task (the rows, the tabs' counts, the pagination at once).
  const { data, isFetching, isError } = useDeferredValue(useQueryClaimListQuery(query));

  const onFinish = useCallback((v: FilterValues) => {
    const [from, to] = v.range ?? [null, null];
    setQuery((q) => ({
      ...q,
      claimNo: v.claimNo?.trim() || undefined,
      policyNo: v.policyNo?.trim() || undefined,
      claimantName: v.claimantName?.trim() || undefined,
      reportFrom: from?.format('YYYY-MM-DD'),
      reportTo: to?.format('YYYY-MM-DD'),
      pageNum: 1,
    }));
  }, []);
  const onReset = useCallback(() => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  }, [form]);
  const onChange: TableProps<ClaimRow>['onChange'] = (pagination, _f, sorter) => {
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
  const sortOrderOf = (f: SortField) =>
    query.sortField === f ? (query.sortOrder ?? null) : f === 'reportDate' && !query.sortField ? 'descend' : null;
  const counts = data?.stateCounts ?? {};
  const all = Object.values(counts).reduce((a, b) => a + b, 0);

  return (
    <div className="mc-page" data-testid="claim-list">
      <Typography.Title level={3}>{m.claimsTitle}</Typography.Title>
      <ClaimFilters form={form} onFinish={onFinish} onReset={onReset} />
      <Tabs
        activeKey={String(query.state ?? 0)}
        onChange={(key) =>
          setQuery((q) => ({ ...q, state: key === '0' ? undefined : (Number(key) as ClaimState), pageNum: 1 }))
        }
        items={[0, 1, 2, 3, 4, 5, 6].map((s) => ({
          key: String(s),
          label: `${s === 0 ? m.all : claimStateText(m, s)} (${s === 0 ? all : (counts[String(s)] ?? 0)})`,
        }))}
      />
      <Table<ClaimRow>
        rowKey="claimNo"
        size="middle"
        loading={isFetching}
        dataSource={isError ? [] : (data?.list ?? [])}
        onChange={onChange}
        locale={{ emptyText: m.empty }}
        // Seven columns that fit a desktop's card: the policy under its claim, the cause under the
        // claimant, the paid amount under the claimed one; the dates whole, each sortable.
        columns={[
          {
            title: m.claimAndPolicyNo,
            dataIndex: 'claimNo',
            sorter: true,
            sortOrder: sortOrderOf('claimNo'),
            render: (no: string, row) => (
              <>
                <Link to={paths.claimDetail.href(no)}>{no}</Link>
                <div className="mc-secondary">{row.policyNo}</div>
              </>
            ),
          },
          { title: m.product, dataIndex: 'productName', className: 'mc-wrap mc-wrap-short' },
          {
            title: m.claimantAndCause,
            dataIndex: 'claimantName',
            className: 'mc-wrap mc-wrap-narrow',
            render: (name: string, row) => (
              <>
                <div>{name}</div>
                <div className="mc-secondary">{row.cause}</div>
              </>
            ),
          },
          { title: m.accidentDate, dataIndex: 'accidentDate', sorter: true, sortOrder: sortOrderOf('accidentDate') },
          { title: m.reportDate, dataIndex: 'reportDate', sorter: true, sortOrder: sortOrderOf('reportDate') },
          {
            title: m.claimedAndPaid,
            dataIndex: 'claimedFen',
            align: 'right',
            sorter: true,
            sortOrder: sortOrderOf('claimedFen'),
            render: (v: number, row) => (
              <>
                <div>{formatFen(v)}</div>
                <div className="mc-secondary">{formatFen(row.paidFen)}</div>
              </>
            ),
          },
          {
            title: m.state,
            dataIndex: 'state',
            render: (s: number) => <Tag color={CLAIM_COLORS[s]}>{claimStateText(m, s)}</Tag>,
          },
        ]}
        pagination={{
          current: query.pageNum as number,
          pageSize: query.pageSize as number,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => format(m.total, { total }),
        }}
      />
    </div>
  );
}
