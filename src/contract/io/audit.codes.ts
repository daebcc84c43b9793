/** What the audit trail records (docs/audit.md): each a kind of write, named in both catalogues (audit.kind.<kind>). */
export const AUDIT_KINDS = [
  'login',
  'loginFailed',
  'logout',
  'reauthenticated',
  'authorisationClosed',
  'personAdded',
  'personRemoved',
  'personExchanged',
  'personChanged',
  'rosterImported',
  'lineRemoved',
  'correctionChecked',
  'correctionScenario',
  'correctionSubmitted',
  'correctionCancelled',
  'paymentStarted',
  'payTypeChanged',
  'transferReceiptUploaded',
  'claimReported',
  'claimFileUploaded',
  'claimDocumentsSent',
  'invoiceRequested',
  'complaintFiled',
  'complaintPictureUploaded',
  'verificationCodeSent',
  'administratorChanged',
  'accountCancelled',
  'userChanged',
  'userRemoved',
  'userInvited',
  'invitationWithdrawn',
  'invitationAccepted',
  'paymentReceived',
  'transferMatched',
  'refundRequested',
  'refundSettled',
  'settingsChanged',
  'correctionReturned',
  'certificateIssued',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What a recorded write was about. */
export const AUDIT_SUBJECTS = ['policy', 'correction', 'claim', 'invoice', 'complaint', 'account'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/** The details a row keeps of what was written (audit.field.<name> in the portal's catalogue). */
export const AUDIT_FIELDS = [
  'name',
  'idNumber',
  'department',
  'effectiveDate',
  'fileName',
  'rows',
  'errorRows',
  'decision',
  'payType',
  'amountFen',
  'title',
  'reason',
  'administrator',
  'userName',
  'role',
  'state',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];
