import { Card, Descriptions } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMessages } from '@client/shared/i18n';
import { useGetLegalPolicyInfoQuery } from '../api';
import { formatFen } from '@common/money';
import { DetailFrame, MY_POLICY, PolicyDetailView } from '../components/PolicyDetailView';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

/** Property insurance policy details: the insured address and property items besides the common parts. */
export default function LegalPolicyDetail() {
  const m = useMessages(policyMessages);
  const policyNo = usePolicyNo();
  const { data, isLoading, isError } = useGetLegalPolicyInfoQuery(policyNo ? { policyNo } : skipToken);
  const d = (data?.details ?? {}) as {
    insuredAddress?: string;
    propertyItems?: Array<{ name: string; sumInsuredFen: number }>;
    industry?: string;
  };
  return (
    <DetailFrame
      title={m.detailTitle}
      isLoading={isLoading}
      isError={isError || !policyNo}
      fallback={`${MY_POLICY}?tab=property`}
    >
      {data && (
        <PolicyDetailView detail={data}>
          <Card title={m.insuredProperty}>
            <Descriptions
              column={1}
              items={[
                { key: 'address', label: m.address, children: d.insuredAddress ?? '-' },
                ...(d.propertyItems ?? []).map((i) => ({
                  key: i.name,
                  label: i.name,
                  children: formatFen(i.sumInsuredFen),
                })),
              ]}
            />
          </Card>
        </PolicyDetailView>
      )}
    </DetailFrame>
  );
}
