import { useSelector } from 'react-redux';
import type { LoginInfo } from '@contract/io/session';
import { gatewayEndpoints } from './endpoints';
import { gatewayApi } from './gatewayApi';

/** The company's settings: every page that a setting changes reads them from here. */
const settingsApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['CompanySettings'] }).injectEndpoints({
  endpoints: (build) => {
    const call = gatewayEndpoints(build);
    return {
      getCompanySettings: call.query('blocLegal/users/settings', { providesTags: ['CompanySettings'] }),
      updateCompanySettings: call.mutation('blocLegal/users/updateSettings', {
        invalidatesTags: ['CompanySettings'],
      }),
    };
  },
});

export const { useGetCompanySettingsQuery, useUpdateCompanySettingsMutation } = settingsApi;

/**
 * Two-person approval: whether the user asking prepared this correction while the company asks for a
 * second person (then another approver sends it for approval and pays it; the gateway refuses the
 * preparer whatever a page shows). False for a member (no company settings) and while unknown.
 */
export function useSecondPersonNeeded(preparedById: number | undefined, corporate = true): boolean {
  const me = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info?.userId);
  const { data } = useGetCompanySettingsQuery(undefined, { skip: !corporate });
  return !!data?.twoPersonApproval && preparedById !== undefined && preparedById === me;
}
