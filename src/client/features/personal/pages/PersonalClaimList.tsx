import { Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useMessages } from '../../../shared/i18n';
import { usePersonalClaimListQuery, type PersonalClaimRow } from '../api';
import { PagedTable, type Paging } from '../components/PagedTable';
import { formatFen } from '../../../../common/money';
import { label, personalMessages } from '../messages';

/** The member's claims with their progress (claim/queryClaimList, scoped by the gateway). */
export default function PersonalClaimList() {
  const m = useMessages(personalMessages);
  const [state, setState] = useState<number | undefined>();
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = usePersonalClaimListQuery({ ...paging, state });
  const columns: TableColumnsType<PersonalClaimRow> = [
    { title: m.claimNo, dataIndex: 'claimNo' },
    { title: m.policyNo, dataIndex: 'policyNo' },
    { title: m.product, dataIndex: 'productName' },
    { title: m.claimant, dataIndex: 'claimantName' },
    { title: m.accidentDate, dataIndex: 'accidentDate' },
    { title: m.reportDate, dataIndex: 'reportDate' },
    { title: m.claimed, dataIndex: 'claimedFen', align: 'right', render: (v: number) => formatFen(v) },
    { title: m.paid, dataIndex: 'paidFen', align: 'right', render: (v: number) => formatFen(v) },
    { title: m.state, dataIndex: 'state', render: (v: number) => <Tag>{label(m, 'claimState', v)}</Tag> },
  ];
  return (
    <div className="mc-page" data-testid="personal-claim-list">
      <Typography.Title level={3}>{m.claimListTitle}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={m.state}
          allowClear
          placeholder={m.state}
          style={{ width: 160 }}
          value={state}
          options={[1, 2, 3, 4, 5, 6].map((s) => ({ value: s, label: label(m, 'claimState', s) }))}
          onChange={(v) => {
            setState(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      <PagedTable
        data={data}
        loading={isFetching}
        columns={columns}
        rowKey="claimNo"
        paging={paging}
        onPage={setPaging}
      />
    </div>
  );
}
