/**
 * The roles of a company's users (docs/roles.md) and what each may do. The gateway enforces them on
 * every call (src/server/http/call.ts, by the right of each call in src/server/http/audited.ts); the
 * portal shows only what a role may do.
 */
export const ROLES = ['administrator', 'approver', 'clerk', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a call needs: `read` reads; `self` is about the user's own session (log out, confirm the
 * password); `prepare` prepares corrections, imports and claims; `approve` sends corrections for approval
 * and pays them; `settle` chooses how a correction's money is settled (online, transfer), with who prepares
 * it or who sends it; `invoice` asks for invoices; `complain` files complaints and suggestions; `account`
 * changes or cancels the corporate account and manages its users.
 */
export const RIGHTS = ['read', 'self', 'prepare', 'approve', 'settle', 'invoice', 'complain', 'account'] as const;
export type Right = (typeof RIGHTS)[number];

export const ROLE_RIGHTS: Record<Role, readonly Right[]> = {
  administrator: RIGHTS,
  approver: ['read', 'self', 'approve', 'settle', 'invoice'],
  clerk: ['read', 'self', 'prepare', 'settle', 'invoice', 'complain'],
  viewer: ['read', 'self'],
};

export const may = (role: Role | string | null | undefined, right: Right): boolean =>
  (ROLE_RIGHTS[(role ?? 'administrator') as Role] ?? []).includes(right);
