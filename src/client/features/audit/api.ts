import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

/** The company's audit trail (操作日志): a page of it, and the same filtered as a file. */
const auditApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => {
    const call = gatewayEndpoints(build);
    return {
      getAuditTrail: call.query('blocLegal/audit/list', { providesTags: [{ type: 'Audit', id: 'LIST' }] }),
      exportAuditTrail: call.download('blocLegal/audit/export'),
    };
  },
});

export const { useGetAuditTrailQuery, useExportAuditTrailMutation } = auditApi;
