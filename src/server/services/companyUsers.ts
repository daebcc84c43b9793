import type { Kysely, Transaction } from 'kysely';
import type { CompanySettings, CompanyUser } from '@contract/io/users';
import type { Role } from '@contract/roles';
import { AccountState } from '@contract/states';
import { maskPhone } from '@common/mask';
import type { DB } from '../db/schema';
import { refuse } from './errors';

/**
 * Takes the company's row for the rest of the transaction (a write holds it: PostgreSQL's row lock; on
 * SQLite every write transaction runs alone), so that changes to one company's users run one after
 * another.
 */
async function takeCompany(trx: Transaction<DB>, customerId: number): Promise<void> {
  await trx
    .updateTable('customer')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', customerId)
    .execute();
}

/** Who asks: a company's user (their role checked at the call's door). */
interface Asker {
  id: number;
  customer_id: number;
}

const STATES = { [AccountState.active]: 'active', [AccountState.suspended]: 'suspended' } as const;

/**
 * The users of a company and their roles (用户与权限, docs/roles.md): the administrator changes a user's
 * role, suspends and re-activates them, and removes them; a suspended or removed user's sessions end at
 * once (their sessions are deleted, and a session of a user not active is no session: identity.ts).
 * The company always keeps an active administrator.
 */
export class CompanyUsers {
  constructor(private readonly db: Kysely<DB>) {}

  async list(asker: Asker): Promise<CompanyUser[]> {
    const rows = await this.db
      .selectFrom('app_user')
      .select(['id', 'username', 'real_name', 'nick_name', 'phone', 'role', 'state', 'last_login_at'])
      .where('customer_id', '=', asker.customer_id)
      .where('legal_flag', '=', 1)
      .where('state', 'in', [AccountState.active, AccountState.suspended])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      userId: r.id,
      userName: r.username,
      name: r.real_name ?? r.nick_name,
      phone: r.phone ? maskPhone(r.phone) : null,
      role: r.role as Role,
      state: STATES[r.state as 1 | 3],
      lastLoginAt: r.last_login_at,
      you: r.id === asker.id,
    }));
  }

  private async user(asker: Asker, userId: number) {
    const row = await this.db
      .selectFrom('app_user')
      .select(['id', 'role', 'state'])
      .where('id', '=', userId)
      .where('customer_id', '=', asker.customer_id)
      .where('legal_flag', '=', 1)
      .where('state', 'in', [AccountState.active, AccountState.suspended])
      .executeTakeFirst();
    if (!row) throw refuse('users.noSuchUser');
    return row;
  }

  /**
   * Refuses what would leave the company without an active administrator. Asked inside the change's
   * transaction, once the company's row is taken (takeCompany): two administrators demoting each other
   * at the same moment cannot both pass the check.
   */
  private async keepAnAdministrator(trx: Transaction<DB>, asker: Asker, userId: number) {
    await takeCompany(trx, asker.customer_id);
    const others = await trx
      .selectFrom('app_user')
      .select('id')
      .where('customer_id', '=', asker.customer_id)
      .where('legal_flag', '=', 1)
      .where('role', '=', 'administrator')
      .where('state', '=', AccountState.active)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (!others) throw refuse('users.lastAdministrator');
  }

  async update(
    asker: Asker,
    change: { userId: number; role?: Role; state?: 'active' | 'suspended' },
  ): Promise<CompanyUser> {
    const row = await this.user(asker, change.userId);
    const leavesAdministrators =
      row.role === 'administrator' &&
      row.state === AccountState.active &&
      ((change.role !== undefined && change.role !== 'administrator') || change.state === 'suspended');
    await this.db.transaction().execute(async (trx) => {
      if (leavesAdministrators) await this.keepAnAdministrator(trx, asker, row.id);
      await trx
        .updateTable('app_user')
        .set({
          ...(change.role ? { role: change.role } : {}),
          ...(change.state ? { state: change.state === 'active' ? AccountState.active : AccountState.suspended } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      // a suspended user's sessions end now; a changed role is read by the next call of each session
      if (change.state === 'suspended') await trx.deleteFrom('session').where('user_id', '=', row.id).execute();
    });
    return (await this.list(asker)).find((u) => u.userId === row.id)!;
  }

  /** The company's settings. */
  async settings(asker: Asker): Promise<CompanySettings> {
    const row = await this.db
      .selectFrom('customer')
      .select('two_person_approval')
      .where('id', '=', asker.customer_id)
      .executeTakeFirstOrThrow();
    return { twoPersonApproval: row.two_person_approval === 1 };
  }

  /** Turns two-person approval on (1) or off (2). */
  async updateSettings(asker: Asker, change: { twoPersonApproval: 1 | 2 }): Promise<CompanySettings> {
    await this.db
      .updateTable('customer')
      .set({ two_person_approval: change.twoPersonApproval === 1 ? 1 : 0 })
      .where('id', '=', asker.customer_id)
      .execute();
    return this.settings(asker);
  }

  /** Removes a user (they can no longer log in; their sessions end); answers them as they were. */
  async remove(asker: Asker, userId: number): Promise<CompanyUser> {
    const row = await this.user(asker, userId);
    const was = (await this.list(asker)).find((u) => u.userId === row.id)!;
    if (row.id === asker.id) throw refuse('users.notYourself');
    await this.db.transaction().execute(async (trx) => {
      if (row.role === 'administrator' && row.state === AccountState.active)
        await this.keepAnAdministrator(trx, asker, row.id);
      await trx.updateTable('app_user').set({ state: AccountState.cancelled }).where('id', '=', row.id).execute();
      await trx.deleteFrom('session').where('user_id', '=', row.id).execute();
    });
    return was;
  }
}
