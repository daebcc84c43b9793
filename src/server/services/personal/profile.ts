import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseIdNumber } from '@common/idNumber';
import { maskIdNumber, maskPhone, missingForSenior, qualifiesAsSenior } from '@common/memberRank';
import type { PersonalInfo, RealNameResult } from '@contract/io/personal';
import type { UpdateProfileRequest } from '@contract/io/personal.requests';
import type { DB } from '@server/db/schema';
import type { Clock } from '../clock';
import type { Crypto } from '../crypto';
import { refuse } from '../errors';
import type { SessionUser } from '../identity';
import { hashPassword, passwordProblem, verifyPassword } from '../passwords';
import { requireRecentAuth } from '../reauthentication';

const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·. ]{0,28}[\u4e00-\u9fa5A-Za-z]$/;
const WRONG_PASSWORD_WINDOW_MIN = 15;
const WRONG_PASSWORD_LIMIT = 5;

/** A member's particulars, the true-name verification and the password. */
export class Profiles {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly crypto: Crypto,
  ) {}

  /** A value the portal may have encrypted (ID numbers, passwords); a damaged one is refused, not a 500. */
  private async reveal(value: string, field: string): Promise<string> {
    try {
      return await this.crypto.reveal(value);
    } catch {
      throw refuse('profile.undecryptable', { field: { key: `field.${field}`, fallback: field } });
    }
  }

  async info(userId: number): Promise<PersonalInfo> {
    const u = await this.db
      .selectFrom('app_user')
      .innerJoin('customer', 'customer.id', 'app_user.customer_id')
      .select([
        'app_user.username',
        'app_user.nick_name',
        'app_user.real_name',
        'app_user.id_number',
        'app_user.phone',
        'app_user.email',
        'app_user.city_code',
        'app_user.user_ank',
        'customer.address',
      ])
      .where('app_user.id', '=', userId)
      .executeTakeFirstOrThrow();
    const parsed = u.id_number ? parseIdNumber(u.id_number) : null;
    return {
      userName: u.username,
      nickName: u.nick_name,
      realName: u.real_name,
      idNumberMasked: maskIdNumber(u.id_number),
      sex: parsed?.ok ? parsed.info.sex : null,
      birthdate: parsed?.ok ? parsed.info.birthdate : null,
      phoneMasked: maskPhone(u.phone),
      email: u.email,
      address: u.address,
      cityCode: u.city_code,
      userAnk: u.user_ank,
      missingForSenior: missingForSenior(u),
    };
  }

  /** Changes the particulars sent; `clear` names the ones the member emptied. */
  async update(user: SessionUser, request: UpdateProfileRequest): Promise<PersonalInfo> {
    const cleared = new Set(request.clear ?? []);
    const changes: { nick_name?: string; email?: string | null; city_code?: string | null } = {};
    if (request.nickName !== undefined) changes.nick_name = request.nickName;
    if (request.email !== undefined) changes.email = request.email;
    else if (cleared.has('email')) changes.email = null;
    if (request.cityCode !== undefined) {
      const city = await this.db
        .selectFrom('area')
        .select('code')
        .where('code', '=', request.cityCode)
        .where('parent_code', 'is not', null)
        .executeTakeFirst();
      if (!city) throw refuse('profile.noSuchCity');
      changes.city_code = request.cityCode;
    } else if (cleared.has('cityCode')) changes.city_code = null;
    const address = request.address ?? (cleared.has('address') ? null : undefined);
    if (Object.keys(changes).length === 0 && address === undefined) throw refuse('profile.nothingToChange');
    // A new e-mail address is a way into the account: it needs the password asked within the last minutes.
    if (changes.email !== undefined && (changes.email ?? null) !== (user.email ?? null))
      requireRecentAuth(user, this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length)
        await trx.updateTable('app_user').set(changes).where('id', '=', user.id).execute();
      if (address !== undefined)
        await trx.updateTable('customer').set({ address }).where('id', '=', user.customer_id).execute();
    });
    return this.info(user.id);
  }

  async verifyRealName(user: SessionUser, realName: string, sealedIdNumber: string): Promise<RealNameResult> {
    if (user.real_name && user.id_number) throw refuse('profile.alreadyVerified');
    if (!NAME_PATTERN.test(realName)) throw refuse('profile.badRealName');
    const idNumber = (await this.reveal(sealedIdNumber, 'idNumber')).trim().toUpperCase();
    const parsed = parseIdNumber(idNumber);
    if (!parsed.ok) throw refuse(`id.${parsed.error}`);
    const taken = await this.db
      .selectFrom('app_user')
      .select('id')
      .where('id_number', '=', idNumber)
      .where('id', '!=', user.id)
      .where('legal_flag', '!=', 1)
      .executeTakeFirst();
    // Whether an ID number is a customer's is nobody else's business: the refusal says only that the
    // number cannot be verified on this account.
    if (taken) throw refuse('profile.idNumberUnavailable');
    const facts = { real_name: realName, id_number: idNumber, phone: user.phone };
    const userAnk = user.user_ank === 1 || qualifiesAsSenior(facts) ? 1 : user.user_ank;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_user')
        .set({ real_name: realName, id_number: idNumber, user_ank: userAnk })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('customer')
        .set({ name: realName, credit_code: idNumber, contact_name: realName })
        .where('id', '=', user.customer_id)
        .where('kind', '=', 'person')
        .execute();
    });
    return { realName, sex: parsed.info.sex, birthdate: parsed.info.birthdate, userAnk };
  }

  /** A new password; the other sessions end, the one asking (its token) stays logged in. */
  async changePassword(
    user: SessionUser,
    sealed: { oldPassword: string; newPassword: string },
    from: { ip: string; sessionToken: string },
  ): Promise<null> {
    const oldPassword = await this.reveal(sealed.oldPassword, 'oldPassword');
    const newPassword = await this.reveal(sealed.newPassword, 'newPassword');
    const now = this.clock.now();
    const since = new Date(now.getTime() - WRONG_PASSWORD_WINDOW_MIN * 60_000).toISOString();
    const failures = await this.db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', user.username)
      .where('succeeded', '=', 0)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    if (Number(failures.n) >= WRONG_PASSWORD_LIMIT)
      throw refuse('profile.passwordPaused', { minutes: WRONG_PASSWORD_WINDOW_MIN });
    const row = await this.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(oldPassword, row.password_hash))) {
      // A wrong current password counts as a failed login: guessing it through this call is guessing a login.
      await this.db
        .insertInto('login_attempt')
        .values({ username: user.username, ip: from.ip, succeeded: 0, at: now.toISOString() })
        .execute();
      throw refuse('profile.wrongPassword');
    }
    const problem = passwordProblem(newPassword, user.username);
    if (problem) throw refuse(problem);
    if (newPassword === oldPassword) throw refuse('profile.samePassword');
    await this.db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(newPassword) })
      .where('id', '=', user.id)
      .execute();
    const current = createHash('sha256').update(from.sessionToken).digest('hex');
    await this.db.deleteFrom('session').where('user_id', '=', user.id).where('token_hash', '!=', current).execute();
    return null;
  }
}
