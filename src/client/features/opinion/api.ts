import { callPath } from '@contract/calls';
import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

const LIST = { type: 'Opinion', id: 'LIST' } as const;
const COUNTS = { type: 'Opinion', id: 'COUNTS' } as const;

/** Complaints and suggestions. Opening one marks the insurer's replies read: the unread flag follows. */
export const opinionApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Opinion'] }).injectEndpoints({
  endpoints: (build) => {
    const call = gatewayEndpoints(build);
    return {
      getOpinionTypes: call.query('blocLegal/opinions/queryOpinionTypes'),
      getOpinionCounts: call.query('blocLegal/opinions/getUserOpinionNum', { providesTags: [COUNTS] }),
      getOpinions: call.query('blocLegal/opinions/searchList', { providesTags: [LIST] }),
      getOpinion: call.query('blocLegal/opinions/searchDetail', {
        providesTags: (_r, _e, a) => [{ type: 'Opinion', id: a.opinionNo }],
      }),
      /** Files a new complaint or suggestion, or (with opinionNo) adds a follow-up message to one. */
      updateOpinion: call.mutation('blocLegal/opinions/updateOpinions', {
        invalidatesTags: (_r, _e, a) =>
          a.opinionNo ? [LIST, COUNTS, { type: 'Opinion', id: a.opinionNo }] : [LIST, COUNTS],
      }),
      uploadPicture: call.upload('blocLegal/opinions/uploadPicture', { silent: true }),
    };
  },
});

export const {
  useGetOpinionTypesQuery,
  useGetOpinionCountsQuery,
  useGetOpinionsQuery,
  useGetOpinionQuery,
  useUpdateOpinionMutation,
  useUploadPictureMutation,
} = opinionApi;

/** Where a complaint's picture is served (only to its company's users). */
export function pictureUrl(gatewayPrefix: string, pictureId: number): string {
  return `${callPath('blocLegal/opinions/picture', gatewayPrefix)}?channelType=1&pictureId=${pictureId}`;
}
