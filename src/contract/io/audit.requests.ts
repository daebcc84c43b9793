/** Request schemas of the audit trail's calls, decoded at the gateway's door. */
import { IsoDate, OneOf, Text, Type, paging } from '../fields';
import { AUDIT_KINDS, AUDIT_SUBJECTS } from './audit.codes';

const filters = () => ({
  /** A user name of the company. */
  actor: Type.Optional(Text(40, { pattern: '^[A-Za-z0-9_.@-]+$' })),
  kind: Type.Optional(OneOf(AUDIT_KINDS)),
  subjectKind: Type.Optional(OneOf(AUDIT_SUBJECTS)),
  /** A subject's number (a policy, correction, claim...), or its beginning. */
  subject: Type.Optional(Text(40, { pattern: '^[A-Za-z0-9-]+$', errorKey: 'audit.badSubject' })),
  /** Beijing days, both included. */
  dateFrom: Type.Optional(IsoDate()),
  dateTo: Type.Optional(IsoDate()),
});

export const auditRequests = {
  'blocLegal/audit/list': Type.Object({ ...paging(), ...filters() }),
  'blocLegal/audit/export': Type.Object({ ...filters(), format: OneOf(['xlsx', 'csv'] as const) }),
};
