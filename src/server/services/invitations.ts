import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { ROLE_WORDS } from '@common/audit';
import { NAME_PATTERN, PHONE_PATTERN } from '@common/correction';
import type { Locale } from '@common/i18n';
import { maskPhone } from '@common/mask';
import type { Invitation } from '@contract/io/users';
import type { Role } from '@contract/roles';
import { AccountState } from '@contract/states';
import type { DB } from '../db/schema';
import type { UserInvitationTable } from '../db/tables/accounts';
import { translate } from '../messages/catalogue';
import type { Clock } from './clock';
import { isUniqueViolation, refuse } from './errors';
import { hashPassword, passwordProblem } from './passwords';
import type { SmsSender } from './sms';

/** How long an invitation's link holds. */
export const INVITATION_HOURS = 72;
/** A user name chosen on the invitation page: a letter, then 3 to 31 letters, digits, '.', '_' or '-'. */
export const USER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{3,31}$/;

interface Asker {
  id: number;
  customer_id: number;
}

type Row = Selectable<UserInvitationTable>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the invitation page shows before the account is made. */
export interface InvitationView {
  company: string;
  name: string;
  phone: string;
  role: Role;
}

/**
 * Invitations of a company's users (用户与权限, docs/roles.md): the administrator invites a colleague by
 * name, mobile number and role; an SMS carries a one-time link (its token kept only as a SHA-256) to the
 * identity provider's invitation page, where the colleague chooses a user name and a password under the
 * usual rules within INVITATION_HOURS; the account is then made, active, with the role, and the link is
 * spent. Inviting a number again replaces its open invitation; the administrator can withdraw one.
 */
export class Invitations {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sms: SmsSender,
    private readonly clock: Clock,
  ) {}

  private open(customerId: number) {
    return this.db
      .selectFrom('user_invitation')
      .innerJoin('app_user', 'app_user.id', 'user_invitation.invited_by')
      .selectAll('user_invitation')
      .select((eb) => eb.fn.coalesce('app_user.real_name', 'app_user.nick_name').as('invited_by_name'))
      .where('user_invitation.customer_id', '=', customerId)
      .where('user_invitation.closed_at', 'is', null)
      .where('user_invitation.expires_at', '>', this.clock.now().toISOString());
  }

  private view(r: Row & { invited_by_name: string }): Invitation {
    return {
      invitationId: r.id,
      name: r.name,
      phone: maskPhone(r.phone) ?? '',
      role: r.role as Role,
      invitedBy: r.invited_by_name,
      sentAt: r.created_at,
      expiresAt: r.expires_at,
    };
  }

  /** The company's open invitations, the latest first. */
  async list(asker: Asker): Promise<Invitation[]> {
    const rows = await this.open(asker.customer_id).orderBy('user_invitation.id', 'desc').execute();
    return rows.map((r) => this.view(r));
  }

  /**
   * Invites a colleague: refuses a name or number that breaks its rule and a number one of the
   * company's users already has; replaces an open invitation of the same number; sends the SMS with
   * the link (`linkOf(token)`) in the administrator's language.
   */
  async invite(
    asker: Asker,
    values: { name: string; phone: string; role: Role },
    linkOf: (token: string) => string,
    locale: Locale,
  ): Promise<Invitation> {
    const name = values.name.trim();
    const phone = values.phone.trim();
    if (!NAME_PATTERN.test(name)) throw refuse('users.badName');
    if (!PHONE_PATTERN.test(phone)) throw refuse('register.badMobile');
    const colleague = await this.db
      .selectFrom('app_user')
      .select('id')
      .where('customer_id', '=', asker.customer_id)
      .where('legal_flag', '=', 1)
      .where('phone', '=', phone)
      .where('state', 'in', [AccountState.active, AccountState.suspended])
      .executeTakeFirst();
    if (colleague) throw refuse('users.phoneTaken');
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const company = await this.db
      .selectFrom('customer')
      .select('name')
      .where('id', '=', asker.customer_id)
      .executeTakeFirstOrThrow();
    const id = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user_invitation')
        .set({ closed_at: now.toISOString() })
        .where('customer_id', '=', asker.customer_id)
        .where('phone', '=', phone)
        .where('closed_at', 'is', null)
        .execute();
      const row = await trx
        .insertInto('user_invitation')
        .values({
          customer_id: asker.customer_id,
          invited_by: asker.id,
          name,
          phone,
          role: values.role,
          token_hash: hashOf(token),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString(),
          closed_at: null,
          accepted_user_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    await this.sms.send({
      phone,
      purpose: 'invitation',
      userId: null,
      text: translate(locale, 'users.invitationSms', {
        company: company.name,
        role: ROLE_WORDS[values.role][locale],
        hours: INVITATION_HOURS,
        link: linkOf(token),
      }),
    });
    const row = await this.open(asker.customer_id).where('user_invitation.id', '=', id).executeTakeFirstOrThrow();
    return this.view(row);
  }

  /** Sends an open invitation again: a new link to the same number, with the same name and role. */
  async resend(asker: Asker, invitationId: number, linkOf: (token: string) => string, locale: Locale) {
    const row = await this.open(asker.customer_id).where('user_invitation.id', '=', invitationId).executeTakeFirst();
    if (!row) throw refuse('users.noSuchInvitation');
    return this.invite(asker, { name: row.name, phone: row.phone, role: row.role as Role }, linkOf, locale);
  }

  /** Withdraws an open invitation (its link no longer opens); answers it as it was. */
  async withdraw(asker: Asker, invitationId: number): Promise<Invitation> {
    const row = await this.open(asker.customer_id).where('user_invitation.id', '=', invitationId).executeTakeFirst();
    if (!row) throw refuse('users.noSuchInvitation');
    await this.db
      .updateTable('user_invitation')
      .set({ closed_at: this.clock.now().toISOString() })
      .where('id', '=', row.id)
      .where('closed_at', 'is', null)
      .execute();
    return this.view(row);
  }

  /** The invitation a link's token opens, or a refusal (unknown, spent, withdrawn or past its time). */
  async check(token: string): Promise<InvitationView & { row: Row }> {
    const row = await this.db
      .selectFrom('user_invitation')
      .innerJoin('customer', 'customer.id', 'user_invitation.customer_id')
      .selectAll('user_invitation')
      .select(['customer.name as company', 'customer.state as customer_state'])
      .where('user_invitation.token_hash', '=', hashOf(token))
      .executeTakeFirst();
    if (
      !row ||
      row.closed_at !== null ||
      row.expires_at <= this.clock.now().toISOString() ||
      row.customer_state !== AccountState.active
    )
      throw refuse('users.invitationClosed', { hours: INVITATION_HOURS });
    return { company: row.company, name: row.name, phone: maskPhone(row.phone) ?? '', role: row.role as Role, row };
  }

  /**
   * Takes an invitation: the colleague's user name (its rule, not taken) and password (the usual
   * rules, typed twice) make the account, active, with the invited role; the link is spent.
   */
  async accept(
    token: string,
    form: { userName: string; password: string; confirm: string },
  ): Promise<{ userId: number; userName: string; customerId: number; name: string; role: Role }> {
    const { row } = await this.check(token);
    const userName = form.userName.trim();
    if (!USER_NAME_PATTERN.test(userName)) throw refuse('users.badUserName');
    const problem = passwordProblem(form.password, userName);
    if (problem) throw refuse(problem);
    if (form.password !== form.confirm) throw refuse('register.mismatch');
    const taken = await this.db
      .selectFrom('app_user')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', userName.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw refuse('users.userNameTaken');
    const passwordHash = await hashPassword(form.password);
    const now = this.clock.now().toISOString();
    const userId = await this.db
      .transaction()
      .execute(async (trx) => {
        // spent once: a second use of the link (two tabs) finds it closed
        const spent = await trx
          .updateTable('user_invitation')
          .set({ closed_at: now })
          .where('id', '=', row.id)
          .where('closed_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw refuse('users.invitationClosed', { hours: INVITATION_HOURS });
        const user = await trx
          .insertInto('app_user')
          .values({
            customer_id: row.customer_id,
            username: userName,
            password_hash: passwordHash,
            nick_name: row.name,
            real_name: row.name,
            id_number: null,
            phone: row.phone,
            email: null,
            legal_flag: 1,
            user_ank: 2,
            show_app: 1,
            hide_menu: 2,
            privacy_authorised: 1,
            city_code: null,
            state: AccountState.active,
            created_at: now,
            role: row.role,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('user_invitation').set({ accepted_user_id: user.id }).where('id', '=', row.id).execute();
        return user.id;
      })
      .catch((error: unknown) => {
        // the same name chosen at once on another invitation: its unique index lets one through
        if (isUniqueViolation(error)) throw refuse('users.userNameTaken');
        throw error;
      });
    return { userId, userName, customerId: row.customer_id, name: row.name, role: row.role as Role };
  }
}
