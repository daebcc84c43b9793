import { Button, Descriptions, Drawer, Tag, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InsuranceRecordItem, InsuranceRecordRow } from '@contract/io/policy';
import type { InsuranceRecordQuery } from '@contract/io/policy.requests';
import { useMessages, useAside } from '@client/shared/i18n';
import { DataList, type ListColumn } from '@client/shared/list/DataList';
import { ListFilters } from '@client/shared/list/ListFilters';
import { dateFilter, oneOf, textFilter, useListQuery } from '@client/shared/list/useListQuery';
import { useQueryInsuranceRecordInfoQuery, useQueryInsuranceRecordListQuery } from '../api';
import { formatFen } from '@common/money';
import { kindText, recordTypeText } from '../format';
import { policyMessages } from '../messages';

const TYPES = ['issue', 'add', 'remove', 'endorsement', 'renewal'] as const satisfies readonly NonNullable<
  InsuranceRecordQuery['recordType']
>[];
const FILTERS = { policyNo: textFilter, recordType: oneOf(TYPES), dateFrom: dateFilter, dateTo: dateFilter };

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
              <DataList<InsuranceRecordItem>
                rowKey={(r) => `${r.name}-${r.idNumber}`}
                size="small"
                loading={isFetching}
                rows={data.items.list}
                total={data.items.total}
                paging={{ ...page, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
                columns={[
                  { key: 'name', title: m.name, card: 'title', render: (r) => r.name },
                  { key: 'idNumber', title: m.idNumber, card: 'subtitle', render: (r) => r.idNumber },
                  { key: 'action', title: m.action, card: 'state', render: (r) => action(r.action) },
                  { key: 'premium', title: m.premium, align: 'right', render: (r) => formatFen(r.premiumFen) },
                ]}
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
  const aside = useAside();
  const list = useListQuery(useQueryInsuranceRecordListQuery, {
    filters: FILTERS,
    sorts: ['effectiveDate'],
    defaultSort: { field: 'effectiveDate', order: 'descend' },
    args: ({ filters, pageNum, pageSize, sort }) => ({ ...filters, pageNum, pageSize, sortOrder: sort?.order }),
  });
  const { data } = list;
  // the open record: in the address, over the list's own
  const [params, setParams] = useSearchParams();
  const open = params.get('record');
  const setOpen = (recordNo: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (recordNo) next.set('record', recordNo);
      else next.delete('record');
      return next;
    });

  const columns: ListColumn<InsuranceRecordRow>[] = [
    {
      key: 'recordNo',
      title: m.recordNo,
      card: 'subtitle',
      render: (r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(r.recordNo)}>
          {r.recordNo}
        </Button>
      ),
    },
    { key: 'policyNo', title: m.policyNo, render: (r) => r.policyNo },
    {
      key: 'product',
      title: m.product,
      className: 'mc-wrap',
      card: 'title',
      render: (r) => aside(r.productName, kindText(m, r.kind)),
    },
    {
      key: 'recordType',
      title: m.recordType,
      card: 'state',
      render: (r) => <Tag>{recordTypeText(m, r.recordType)}</Tag>,
    },
    {
      key: 'headcount',
      title: m.headcountChange,
      align: 'right',
      render: (r) => (r.headcountChange > 0 ? `+${r.headcountChange}` : r.headcountChange),
    },
    { key: 'premium', title: m.premiumChange, align: 'right', render: (r) => formatFen(r.premiumChangeFen) },
    {
      key: 'effectiveDate',
      title: m.effectiveDate,
      className: 'mc-nowrap',
      sort: 'effectiveDate',
      render: (r) => r.effectiveDate,
    },
    { key: 'state', title: m.state, render: (r) => (r.state === 1 ? m.recordState1 : m.recordState2) },
  ];

  return (
    <div className="mc-page" data-testid="insurance-records">
      <Typography.Title level={3}>{m.recordsTitle}</Typography.Title>
      <ListFilters
        list={list}
        fields={[
          { kind: 'text', name: 'policyNo', label: m.policyNo, maxLength: 40 },
          {
            kind: 'select',
            name: 'recordType',
            label: m.recordType,
            width: 150,
            options: TYPES.map((t) => ({ value: t, label: recordTypeText(m, t) })),
          },
          { kind: 'dateRange', from: 'dateFrom', to: 'dateTo', label: m.dateRange },
        ]}
      />
      <DataList<InsuranceRecordRow>
        rowKey="recordNo"
        columns={columns}
        control={list}
        rows={data?.list}
        total={data?.total}
      />
      <RecordDetail recordNo={open} onClose={() => setOpen(null)} />
    </div>
  );
}
