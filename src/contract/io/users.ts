/** Answers of the company's users calls (requests: users.requests.ts). */
import { Bool, Int, List, Moment, Nullable, Obj, Str, Words, type Static } from '../answerFields';
import { ROLES } from '../roles';

export const CompanyUser = Obj({
  userId: Int(),
  userName: Str(),
  name: Str(),
  phone: Nullable(Str('masked: 138****0418')),
  role: Words(ROLES),
  state: Words(['active', 'suspended'] as const),
  lastLoginAt: Nullable(Moment()),
  you: Bool('the user asking'),
});
export type CompanyUser = Static<typeof CompanyUser>;

/** An invitation not yet taken: who, as what, sent when and by whom, open until when. */
export const Invitation = Obj({
  invitationId: Int(),
  name: Str(),
  phone: Str('masked: 138****0418'),
  role: Words(ROLES),
  invitedBy: Str("the inviting user's name"),
  sentAt: Moment(),
  expiresAt: Moment(),
});
export type Invitation = Static<typeof Invitation>;

/** A company's settings. */
export const CompanySettings = Obj({
  twoPersonApproval: Bool('a correction is sent for approval and paid by another user than its preparer'),
});
export type CompanySettings = Static<typeof CompanySettings>;

export const usersAnswers = {
  'blocLegal/users/list': List(CompanyUser),
  'blocLegal/users/update': CompanyUser,
  'blocLegal/users/remove': CompanyUser,
  'blocLegal/users/invitations': List(Invitation),
  'blocLegal/users/invite': Invitation,
  'blocLegal/users/withdrawInvitation': Invitation,
  'blocLegal/users/resendInvitation': Invitation,
  'blocLegal/users/settings': CompanySettings,
  'blocLegal/users/updateSettings': CompanySettings,
};
