/** Answers of the audit trail's calls (requests: audit.requests.ts). */
import { FileBody, Int, List, Moment, Nullable, Obj, PageOf, Str, Words, XLSX, type Static } from '../answerFields';
import { AUDIT_KINDS, AUDIT_SUBJECTS } from './audit.codes';

export const AuditDetail = Obj({
  field: Str('one of AUDIT_FIELDS'),
  value: Str(),
});

export const AuditRow = Obj({
  id: Int(),
  at: Moment(),
  actor: Str('the user name that acted'),
  actorName: Str(),
  source: Nullable(Str()),
  kind: Words(AUDIT_KINDS),
  subjectKind: Nullable(Words(AUDIT_SUBJECTS)),
  subject: Nullable(Str()),
  before: List(AuditDetail),
  after: List(AuditDetail),
});
export type AuditRow = Static<typeof AuditRow>;

export const auditAnswers = {
  'blocLegal/audit/list': PageOf(AuditRow),
  'blocLegal/audit/export': FileBody('the audit trail as a workbook or CSV (UTF-8)', [XLSX, 'text/csv']),
};
