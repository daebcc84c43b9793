/** Request schemas of the company's users calls (users and roles, docs/roles.md). */
import { Empty, Id, OneOf, Type } from '../fields';
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
};
