import { skipToken } from '@reduxjs/toolkit/query';
import { useMessages } from '@client/shared/i18n';
import { useGetLegalPolicyInfoQuery } from '../api';
import { DetailFrame, MY_POLICY, PolicyDetailView } from '../components/PolicyDetailView';
import { RosterSummary } from '../components/RosterSummary';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

/** The details of a group or employer policy: the policy and who is insured on it, titled by its kind. */
export function ApplicationDetail() {
  const m = useMessages(policyMessages);
  const policyNo = usePolicyNo();
  const { data, isLoading, isError } = useGetLegalPolicyInfoQuery(policyNo ? { policyNo } : skipToken);
  const title =
    data?.kind === 'group_accident'
      ? m.groupAccidentTitle
      : data?.kind === 'employer'
        ? m.employerTitle
        : data?.roster
          ? m.groupPolicyTitle
          : m.detailTitle;
  return (
    <DetailFrame title={title} isLoading={isLoading} isError={isError || !policyNo} fallback={MY_POLICY}>
      {data && (
        <PolicyDetailView detail={data}>
          {data.roster ? <RosterSummary policyNo={data.policyNo} /> : null}
        </PolicyDetailView>
      )}
    </DetailFrame>
  );
}

export default ApplicationDetail;
