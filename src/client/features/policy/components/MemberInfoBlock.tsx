import { Card, Descriptions, Tag } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { useMessages } from '../../../shared/i18n';
import { useGetLegalPolicyInfoQuery, useGetLegalPolicyListQuery, useGetMemberAccountStateQuery } from '../api';
import { policyMessages } from '../messages';

/**
 * Corporate home, member information block: company name, unified social credit code, contact and
 * account state. Until the account area's getLegalInfo exists, the company's particulars come from
 * its policies' policyholder (the same company record).
 */
export function MemberInfoBlock() {
  const m = useMessages(policyMessages);
  const customerName = useSelector((s: { session: { info: { customerName: string } | null } }) => s.session.info?.customerName ?? '');
  const state = useGetMemberAccountStateQuery();
  const first = useGetLegalPolicyListQuery({ pageNum: 1, pageSize: 1 });
  const policyNo = first.data?.list[0]?.policyNo;
  const policy = useGetLegalPolicyInfoQuery(policyNo ? { policyNo } : skipToken);
  const holder = policy.data?.holder;
  return (
    <Card title={m.memberBlockTitle} loading={state.isLoading} data-testid="member-block">
      <Descriptions
        column={1}
        items={[
          { key: 'name', label: m.companyName, children: state.data?.customerName ?? customerName },
          { key: 'credit', label: m.creditCode, children: holder?.creditCode ?? '-' },
          { key: 'contact', label: m.contact, children: holder ? [holder.contactName, holder.contactPhone].filter(Boolean).join(' ') || '-' : '-' },
          {
            key: 'state',
            label: m.accountState,
            children: state.data ? <Tag color={state.data.state === 1 ? 'green' : 'red'}>{state.data.state === 1 ? m.accountActive : m.accountCancelled}</Tag> : '-',
          },
        ]}
      />
    </Card>
  );
}
