/** Response types of the complaint and suggestion calls (requests: opinion.requests.ts). */
import type { Page } from '../envelope';

export type OpinionKind = 'complaint' | 'suggestion';

export interface OpinionType {
  code: string;
  kind: OpinionKind;
  /** English name; the portal shows its own translation by code. */
  name: string;
}

export interface OpinionCounts {
  total: number;
  /** 1 open */
  open: number;
  /** 2 replied */
  replied: number;
  /** 3 closed */
  closed: number;
  /** Insurer replies not opened yet. */
  unread: number;
}

export interface UploadedPicture {
  pictureId: number;
  contentType: string;
  size: number;
}

export interface OpinionSummary {
  opinionNo: string;
  kind: OpinionKind;
  typeCode: string;
  typeName: string;
  title: string;
  /** 1 open, 2 replied, 3 closed. */
  state: number;
  stateText: string;
  createdAt: string;
  updatedAt: string;
  /** The regulatory handling deadline (15 days after filing) of a complaint; null for suggestions. */
  deadlineDate: string | null;
  /** true when a complaint still open or replied is past its deadline. */
  overdue: boolean;
  unreadCount: number;
  pictureCount: number;
}

interface OpinionMessage {
  /** 'customer' or 'insurer'. */
  author: string;
  authorName: string;
  content: string;
  createdAt: string;
  /** For insurer messages: when the customer first opened them (null before). */
  readAt: string | null;
}

export interface OpinionDetail extends OpinionSummary {
  content: string;
  contactPhone: string | null;
  pictureIds: number[];
  messages: OpinionMessage[];
}

export interface OpinionIO {
  'blocLegal/opinions/updateOpinions': { res: OpinionDetail };
  'blocLegal/opinions/getUserOpinionNum': { res: OpinionCounts };
  'blocLegal/opinions/queryOpinionTypes': { res: OpinionType[] };
  'blocLegal/opinions/uploadPicture': { res: UploadedPicture };
  'blocLegal/opinions/searchList': { res: Page<OpinionSummary> };
  'blocLegal/opinions/searchDetail': { res: OpinionDetail };
  'blocLegal/opinions/picture': { res: Blob };
}
