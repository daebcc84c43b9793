import { Card, Descriptions, Tag } from 'antd';
import { useMessages } from '@client/shared/i18n';
import { useGetMemberLegalInfoQuery } from '../api';
import { policyMessages } from '../messages';

/** Corporate home, member information block: company name, unified social credit code, contact, account state. */
export function MemberInfoBlock() {
  const m = useMessages(policyMessages);
  const { data, isLoading } = useGetMemberLegalInfoQuery();
  return (
    <Card title={m.memberBlockTitle} loading={isLoading} data-testid="member-block">
      <Descriptions
        column={1}
        items={[
          { key: 'name', label: m.companyName, children: data?.companyName ?? '-' },
          { key: 'credit', label: m.creditCode, children: data?.creditCode ?? '-' },
          {
            key: 'contact',
            label: m.contact,
            children: data ? [data.administratorName, data.administratorPhoneMasked].filter(Boolean).join(' ') : '-',
          },
          {
            key: 'state',
            label: m.accountState,
            children: data ? (
              <Tag color={data.state === 1 ? 'green' : 'red'}>
                {data.state === 1 ? m.accountActive : m.accountCancelled}
              </Tag>
            ) : (
              '-'
            ),
          },
        ]}
      />
    </Card>
  );
}
