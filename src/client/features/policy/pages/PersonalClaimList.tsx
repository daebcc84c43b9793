import { Button, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ClaimRow } from '@contract/io/policy';
import { ClaimState } from '@contract/states';
import { formatFen } from '@common/money';
import { format, useMessages } from '@client/shared/i18n';
import { paths } from '@client/shared/paths';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useQueryClaimListQuery } from '../api';
import { claimMessages } from '../claimMessages';
import { CLAIM_COLORS, claimStateText } from '../format';
import { policyMessages } from '../messages';

/** The member's claims with their progress; each row opens the claim's details; report a new one. */
export default function PersonalClaimList() {
  const m = useMessages(policyMessages);
  const c = useMessages(claimMessages);
  const navigate = useNavigate();
  usePageTitle(c.myClaimsTitle);
  const [state, setState] = useState<ClaimState | undefined>();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useQueryClaimListQuery({ ...paging, state });
  // Seven columns that fit a desktop's card: the policy under its claim, the paid amount under the
  // claimed one, the dates whole; the claim number opens the details (a double click on the row too).
  const columns: TableColumnsType<ClaimRow> = [
    {
      title: m.claimAndPolicyNo,
      dataIndex: 'claimNo',
      render: (no: string, row) => (
        <>
          <Link to={paths.claimDetail.href(no)}>{no}</Link>
          <div className="mc-secondary">{row.policyNo}</div>
        </>
      ),
    },
    { title: m.product, dataIndex: 'productName', className: 'mc-wrap' },
    { title: m.claimant, dataIndex: 'claimantName' },
    { title: m.accidentDate, dataIndex: 'accidentDate' },
    { title: m.reportDate, dataIndex: 'reportDate' },
    {
      title: m.claimedAndPaid,
      dataIndex: 'claimedFen',
      align: 'right',
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
      render: (v: number) => <Tag color={CLAIM_COLORS[v]}>{claimStateText(m, v)}</Tag>,
    },
    {
      title: c.details,
      key: 'open',
      render: (_: unknown, row) => <Link to={paths.claimDetail.href(row.claimNo)}>{c.details}</Link>,
    },
  ];
  return (
    <div className="mc-page" data-testid="personal-claim-list">
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {c.myClaimsTitle}
        </Typography.Title>
        <Space wrap>
          <Button type="primary" onClick={() => navigate(paths.claimReport.href('nonCar'))}>
            {c.reportNonCarTitle}
          </Button>
          <Button onClick={() => navigate(paths.claimReport.href('car'))}>{c.reportCarTitle}</Button>
        </Space>
      </Space>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={m.state}
          allowClear
          placeholder={m.state}
          style={{ width: 160 }}
          value={state}
          options={Object.values(ClaimState).map((s) => ({ value: s, label: claimStateText(m, s) }))}
          onChange={(v) => {
            setState(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      <Table<ClaimRow>
        rowKey="claimNo"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        size="middle"
        locale={{ emptyText: isFetching && !data ? <span /> : m.empty }}
        onRow={(row) => ({ onDoubleClick: () => navigate(paths.claimDetail.href(row.claimNo)) })}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => format(m.total, { total }),
          onChange: (pageNum, pageSize) => setPaging({ pageNum: pageSize !== paging.pageSize ? 1 : pageNum, pageSize }),
        }}
      />
    </div>
  );
}
