import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { InsuranceRecordItem, InsuranceRecordRow } from '@contract/io/policy';
import type { InsuranceRecordQuery } from '@contract/io/policy.requests';
import { format, useMessages } from '@client/shared/i18n';
import { useQueryInsuranceRecordInfoQuery, useQueryInsuranceRecordListQuery } from '../api';
import { formatFen } from '@common/money';
import { kindText, recordTypeText } from '../format';
import { policyMessages } from '../messages';

const TYPES = ['issue', 'add', 'remove', 'endorsement', 'renewal'];

function RecordDetail({ recordNo, onClose }: { recordNo: string | null; onClose: () => void }) {
  const m = useMessages(policyMessages);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useQueryInsuranceRecordInfoQuery(recordNo ? { recordNo, ...page } : skipToken);
  const action = (a: string) => (m as Record<string, string>)[`action_${a}`] ?? a;
  return (
    <Drawer open={recordNo !== null} onClose={onClose} title={m.recordDetail} size={720} destroyOnHidden>
      {data && (
        <div data-testid="record-detail">
          <Descriptions
            column={1}
            items={[
              { key: 'no', label: m.recordNo, children: data.recordNo },
              { key: 'policy', label: m.policy, children: `${data.policyNo} · ${data.productName}` },
              { key: 'type', label: m.recordType, children: recordTypeText(m, data.recordType) },
              { key: 'desc', label: m.description, children: data.description },
              { key: 'date', label: m.effectiveDate, children: data.effectiveDate },
              { key: 'count', label: m.headcountChange, children: data.headcountChange },
              { key: 'premium', label: m.premiumChange, children: formatFen(data.premiumChangeFen) },
              { key: 'state', label: m.state, children: data.state === 1 ? m.recordState1 : m.recordState2 },
            ]}
          />
          {data.items.total > 0 && (
            <>
              <Typography.Title level={5}>{m.people}</Typography.Title>
              <Table<InsuranceRecordItem>
                rowKey={(r) => `${r.name}-${r.idNumber}`}
                size="small"
                loading={isFetching}
                dataSource={data.items.list}
                columns={[
                  { title: m.name, dataIndex: 'name' },
                  { title: m.idNumber, dataIndex: 'idNumber' },
                  { title: m.action, dataIndex: 'action', render: action },
                  { title: m.premium, dataIndex: 'premiumFen', align: 'right', render: (v: number) => formatFen(v) },
                ]}
                pagination={{
                  current: page.pageNum,
                  pageSize: page.pageSize,
                  total: data.items.total,
                  onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
                }}
              />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}

/** Insurance records: issues, enrolments, removals, endorsements and renewals of the company's policies. */
export default function InsuranceRecord() {
  const m = useMessages(policyMessages);
  const [query, setQuery] = useState<InsuranceRecordQuery>({ pageNum: 1, pageSize: 10 });
  const [open, setOpen] = useState<string | null>(null);
  const { data, isFetching, isError } = useQueryInsuranceRecordListQuery(query);

  const onFinish = (v: {
    policyNo?: string;
    recordType?: InsuranceRecordQuery['recordType'];
    range?: [Dayjs | null, Dayjs | null] | null;
  }) => {
    const [from, to] = v.range ?? [null, null];
    setQuery((q) => ({
      ...q,
      policyNo: v.policyNo?.trim() || undefined,
      recordType: v.recordType || undefined,
      dateFrom: from?.format('YYYY-MM-DD'),
      dateTo: to?.format('YYYY-MM-DD'),
      pageNum: 1,
    }));
  };
  const onChange: TableProps<InsuranceRecordRow>['onChange'] = (pagination, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setQuery((q) => ({
      ...q,
      pageNum: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? 10,
      sortOrder: s?.order ?? undefined,
    }));
  };

  return (
    <div className="mc-page" data-testid="insurance-records">
      <Typography.Title level={3}>{m.recordsTitle}</Typography.Title>
      <Form layout="inline" onFinish={onFinish} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="policyNo" label={m.policyNo}>
          <Input allowClear maxLength={40} aria-label={m.policyNo} />
        </Form.Item>
        <Form.Item name="recordType" label={m.recordType}>
          <Select
            allowClear
            aria-label={m.recordType}
            placeholder={m.all}
            style={{ width: 150 }}
            options={TYPES.map((t) => ({ value: t, label: recordTypeText(m, t) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={m.dateRange}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {m.search}
          </Button>
        </Form.Item>
      </Form>
      <Table<InsuranceRecordRow>
        rowKey="recordNo"
        size="middle"
        loading={isFetching}
        dataSource={isError ? [] : (data?.list ?? [])}
        onChange={onChange}
        locale={{ emptyText: m.empty }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: m.recordNo,
            dataIndex: 'recordNo',
            render: (no: string) => (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(no)}>
                {no}
              </Button>
            ),
          },
          { title: m.policyNo, dataIndex: 'policyNo' },
          {
            title: m.product,
            dataIndex: 'productName',
            className: 'mc-wrap',
            render: (p: string, r) => `${p} (${kindText(m, r.kind)})`,
          },
          { title: m.recordType, dataIndex: 'recordType', render: (t: string) => <Tag>{recordTypeText(m, t)}</Tag> },
          {
            title: m.headcountChange,
            dataIndex: 'headcountChange',
            align: 'right',
            render: (v: number) => (v > 0 ? `+${v}` : v),
          },
          {
            title: m.premiumChange,
            dataIndex: 'premiumChangeFen',
            align: 'right',
            render: (v: number) => formatFen(v),
          },
          { title: m.effectiveDate, dataIndex: 'effectiveDate', sorter: true, sortOrder: query.sortOrder ?? 'descend' },
          { title: m.state, dataIndex: 'state', render: (s: number) => (s === 1 ? m.recordState1 : m.recordState2) },
        ]}
        pagination={{
          current: query.pageNum as number,
          pageSize: query.pageSize as number,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => format(m.total, { total }),
        }}
      />
      <RecordDetail recordNo={open} onClose={() => setOpen(null)} />
    </div>
  );
}
