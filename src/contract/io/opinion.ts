/** Answers of the complaint and suggestion calls (requests: opinion.requests.ts). */
import {
  IMAGES,
  Bool,
  FileBody,
  Int,
  List,
  Moment,
  Nullable,
  Obj,
  PageOf,
  Str,
  Words,
  type Static,
} from '../answerFields';

export const OPINION_KINDS = ['complaint', 'suggestion'] as const;
export type OpinionKind = (typeof OPINION_KINDS)[number];

export const OpinionType = Obj({
  code: Str(),
  kind: Words(OPINION_KINDS),
  name: Str('English name; the portal shows its own translation by code'),
});
export type OpinionType = Static<typeof OpinionType>;

export const OpinionCounts = Obj({
  total: Int(),
  open: Int('1 open'),
  replied: Int('2 replied'),
  closed: Int('3 closed'),
  unread: Int('insurer replies not opened yet'),
});
export type OpinionCounts = Static<typeof OpinionCounts>;

export const UploadedPicture = Obj({ pictureId: Int(), contentType: Str(), size: Int() });
export type UploadedPicture = Static<typeof UploadedPicture>;

const opinionSummary = {
  opinionNo: Str(),
  kind: Words(OPINION_KINDS),
  typeCode: Str(),
  typeName: Str(),
  title: Str(),
  state: Int('1 open, 2 replied, 3 closed'),
  stateText: Str(),
  createdAt: Moment(),
  updatedAt: Moment(),
  deadlineDate: Nullable(
    Str('the regulatory handling deadline (15 days after filing) of a complaint; null for suggestions'),
  ),
  overdue: Bool('true when a complaint still open or replied is past its deadline'),
  unreadCount: Int(),
  pictureCount: Int(),
};
export const OpinionSummary = Obj(opinionSummary);
export type OpinionSummary = Static<typeof OpinionSummary>;

const OpinionMessage = Obj({
  author: Str("'customer' or 'insurer'"),
  authorName: Str(),
  content: Str(),
  createdAt: Moment(),
  readAt: Nullable(Str('for insurer messages: when the customer first opened them (null before)')),
});

export const OpinionDetail = Obj({
  ...opinionSummary,
  content: Str(),
  contactPhone: Nullable(Str()),
  pictureIds: List(Int()),
  messages: List(OpinionMessage),
});
export type OpinionDetail = Static<typeof OpinionDetail>;

export const opinionAnswers = {
  'blocLegal/opinions/updateOpinions': OpinionDetail,
  'blocLegal/opinions/getUserOpinionNum': OpinionCounts,
  'blocLegal/opinions/queryOpinionTypes': List(OpinionType),
  'blocLegal/opinions/uploadPicture': UploadedPicture,
  'blocLegal/opinions/searchList': PageOf(OpinionSummary),
  'blocLegal/opinions/searchDetail': OpinionDetail,
  'blocLegal/opinions/picture': FileBody('the picture', IMAGES),
};
