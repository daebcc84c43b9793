/** Request schemas of the company's users calls (users and roles, docs/roles.md). */
import { Empty, Flag12, Id, OneOf, Text, Type } from '../fields';
import { ROLES } from '../roles';

export const usersRequests = {
  'blocLegal/users/list': Empty(),
  /** A user's role, or whether they may log in (suspended or active again). */
  'blocLegal/users/update': Type.Object({
    userId: Id(),
    role: Type.Optional(OneOf(ROLES)),
    state: Type.Optional(OneOf(['active', 'suspended'] as const)),
  }),
  'blocLegal/users/remove': Type.Object({ userId: Id() }),
  /** The open invitations (not yet used, withdrawn or past their time). */
  'blocLegal/users/invitations': Empty(),
  /**
   * Invites a colleague: an SMS with a one-time link to their mobile number, where they set their user
   * name and password. Inviting a number again replaces its open invitation (a new link).
   */
  'blocLegal/users/invite': Type.Object({
    /** 2-30 Chinese or Latin letters (the gateway's rule says which it breaks). */
    name: Text(60),
    /** A mainland mobile number. */
    phone: Text(20),
    role: OneOf(ROLES),
  }),
  'blocLegal/users/withdrawInvitation': Type.Object({ invitationId: Id() }),
  /** Sends an open invitation again: a new link (the old one no longer opens), the same name, number and role. */
  'blocLegal/users/resendInvitation': Type.Object({ invitationId: Id() }),
  /** The company's settings (every user reads them: the portal shows what they decide). */
  'blocLegal/users/settings': Empty(),
  /** Two-person approval on (1) or off (2). */
  'blocLegal/users/updateSettings': Type.Object({ twoPersonApproval: Flag12() }),
};
