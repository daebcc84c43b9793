import { Card, Descriptions } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { format, useMessages } from '@client/shared/i18n';
import { useGetNoCarPolicyQuery } from '../api';
import { DetailFrame, MY_POLICY, PolicyDetailView } from '../components/PolicyDetailView';
import { RosterSummary } from '../components/RosterSummary';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

const LABELS = {
  hospitalScope: 'hospitals',
  hospitalNetwork: 'hospitals',
  renewalGuaranteeYears: 'renewalGuarantee',
  occupationClass: 'occupationClass',
  insuredIdNumber: 'idNumber',
} as const;

/** Health policy details: an individual's health policy or a group health policy with its roster. */
export default function HealthyPolicyDetail() {
  const m = useMessages(policyMessages);
  const policyNo = usePolicyNo();
  const { data, isLoading, isError } = useGetNoCarPolicyQuery(policyNo ? { policyNo } : skipToken);
  const details = Object.entries((data?.details ?? {}) as Record<string, unknown>).filter(
    ([k, v]) => k in LABELS && v !== null && v !== undefined,
  );
  return (
    <DetailFrame
      title={m.detailTitle}
      isLoading={isLoading}
      isError={isError || !policyNo}
      fallback={`${MY_POLICY}?tab=health`}
    >
      {data && (
        <PolicyDetailView detail={data}>
          {data.roster ? (
            <RosterSummary policyNo={data.policyNo} />
          ) : (
            <Card title={m.insured}>
              <Descriptions
                column={1}
                items={[
                  { key: 'insured', label: m.insured, children: data.insuredName ?? '-' },
                  ...details.map(([k, v]) => ({
                    key: k,
                    label: m[LABELS[k as keyof typeof LABELS]],
                    children:
                      k === 'renewalGuaranteeYears' ? format(m.paymentTermYears, { years: Number(v) }) : String(v),
                  })),
                ]}
              />
            </Card>
          )}
        </PolicyDetailView>
      )}
    </DetailFrame>
  );
}
