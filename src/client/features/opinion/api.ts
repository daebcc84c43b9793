import { gatewayApi } from '../../api/gatewayApi';
import { request } from '../../api/request';
import type { Page } from '../../../contract/envelope';
import type { UnreadState } from '../../../contract/io/session';
import type {
  OpinionCounts,
  OpinionDetail,
  OpinionListQuery,
  OpinionSummary,
  OpinionType,
  UploadedPicture,
} from '../../../contract/io/opinion';

export interface NewOpinion {
  kind: 'complaint' | 'suggestion';
  typeCode: string;
  title?: string;
  content: string;
  contactPhone?: string;
  pictureIds: number[];
}

/** Complaints and suggestions. Opening one marks the insurer's replies read: the unread flag follows. */
export const opinionApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Opinion'] }).injectEndpoints({
  endpoints: (build) => ({
    getOpinionTypes: build.query<OpinionType[], void>({
      query: () => request('blocLegal/opinions/queryOpinionTypes'),
    }),
    getOpinionCounts: build.query<OpinionCounts, void>({
      query: () => request('blocLegal/opinions/getUserOpinionNum'),
      providesTags: [{ type: 'Opinion', id: 'COUNTS' }],
    }),
    getOpinions: build.query<Page<OpinionSummary>, OpinionListQuery>({
      query: (args) => request('blocLegal/opinions/searchList', args),
      providesTags: [{ type: 'Opinion', id: 'LIST' }],
    }),
    getOpinion: build.query<OpinionDetail, string>({
      query: (opinionNo) => request('blocLegal/opinions/searchDetail', { opinionNo }),
      providesTags: (_r, _e, no) => [{ type: 'Opinion', id: no }],
    }),
    fileOpinion: build.mutation<OpinionDetail, NewOpinion>({
      query: ({ pictureIds, ...rest }) =>
        request('blocLegal/opinions/updateOpinions', { ...rest, pictureIds: JSON.stringify(pictureIds) }),
      invalidatesTags: [
        { type: 'Opinion', id: 'LIST' },
        { type: 'Opinion', id: 'COUNTS' },
      ],
    }),
    followUp: build.mutation<OpinionDetail, { opinionNo: string; content: string }>({
      query: (args) => request('blocLegal/opinions/updateOpinions', args),
      invalidatesTags: (_r, _e, a) => [
        { type: 'Opinion', id: 'LIST' },
        { type: 'Opinion', id: 'COUNTS' },
        { type: 'Opinion', id: a.opinionNo },
      ],
    }),
    uploadPicture: build.mutation<UploadedPicture, File>({
      query: (file) => request('blocLegal/opinions/uploadPicture', {}, { files: { file }, silent: true }),
    }),
    /** The shell's unread flag, asked again after a complaint was opened. */
    checkUnread: build.query<UnreadState, void>({
      query: () => request('blocLegal/opinions/searchUserNoReadList', {}, { silent: true }),
    }),
  }),
});

export const {
  useGetOpinionTypesQuery,
  useGetOpinionCountsQuery,
  useGetOpinionsQuery,
  useGetOpinionQuery,
  useFileOpinionMutation,
  useFollowUpMutation,
  useUploadPictureMutation,
  useLazyCheckUnreadQuery,
} = opinionApi;

/** Where a complaint's picture is served (only to its company's users). */
export function pictureUrl(gatewayPrefix: string, pictureId: number): string {
  return `${gatewayPrefix}/blocLegal/opinions/picture?channelType=1&pictureId=${pictureId}`;
}
