import { randomBytes } from 'node:crypto';
import { maskIdNumber } from '@common/mask';
import { insurerToday } from '@common/correction';
import type { Locale } from '@common/i18n';
import type { Kysely } from 'kysely';
import { isValidCreditCode } from '@common/creditCode';
import { parseIdNumber } from '@common/idNumber';
import type { CancelJudgement, LegalInfo, LegalChangeCheck } from '@contract/io/account';
import type { ChangeLegalAccountRequest } from '@contract/io/account.requests';
import type { DB } from '../db/schema';
import { translate, type Translate } from '../messages/catalogue';
import { systemClock, type Clock } from './clock';
import { refuse } from './errors';
import type { SessionUser } from './identity';
import { hashPassword } from './passwords';
import { accountLocale, accountName, requireRecentAuth } from './reauthentication';
import { maskPhone, type SmsCodes } from './sms';
import type { Verifications } from './verification';

/** Active (1) and cancelled (2) customers and users. */
const ACTIVE = 1;
const CANCELLED = 2;
/** Policies in force (policy.state) and premiums not yet paid (premium_payment.state). */
const POLICY_IN_FORCE = 1;
const PREMIUM_UNPAID = 1;

const maskId = (id: string | null): string => (id ? maskIdNumber(id) : '');

/** The corporate account: its information, the change of administrator and the cancellation. */
export class Accounts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly verifications: Verifications,
    private readonly clock: Clock = systemClock,
    /** Tells the phone bound before an administrator change (null: nobody is told). */
    private readonly sms: Pick<SmsCodes, 'tell'> | null = null,
    private readonly defaultLocale: Locale = 'en-US',
  ) {}

  /** Corporate users only: an individual member is refused these settings. */
  corporate(user: SessionUser) {
    if (user.legal_flag !== 1) throw refuse('account.corporateOnly');
  }

  async legalInfo(userId: number): Promise<LegalInfo> {
    const row = await this.db
      .selectFrom('app_user')
      .innerJoin('customer', 'customer.id', 'app_user.customer_id')
      .select([
        'customer.name',
        'customer.credit_code',
        'customer.state',
        'app_user.real_name',
        'app_user.nick_name',
        'app_user.id_number',
        'app_user.phone',
        'app_user.email',
        'app_user.username',
      ])
      .where('app_user.id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      companyName: row.name,
      creditCode: row.credit_code ?? '',
      creditCodeValid: Boolean(row.credit_code && isValidCreditCode(row.credit_code)),
      administratorName: row.real_name ?? row.nick_name,
      administratorIdNumberMasked: maskId(row.id_number),
      administratorPhoneMasked: maskPhone(row.phone),
      email: row.email,
      userName: row.username,
      state: row.state,
    };
  }

  /** The phone on file for the account: where its codes go. */
  async phoneOf(userId: number): Promise<string> {
    const row = await this.db.selectFrom('app_user').select('phone').where('id', '=', userId).executeTakeFirstOrThrow();
    if (!row.phone) throw refuse('account.noPhone');
    return row.phone;
  }

  async checkChange(user: SessionUser): Promise<LegalChangeCheck> {
    const customer = await this.db
      .selectFrom('customer')
      .select('state')
      .where('id', '=', user.customer_id)
      .executeTakeFirstOrThrow();
    if (customer.state !== ACTIVE) throw refuse('account.cancelled');
    return { allowed: true, phoneMasked: maskPhone(await this.phoneOf(user.id)) };
  }

  /**
   * The new administrator, once the session proved its user within the last minutes and the SMS check
   * to the phone on file has passed (used up in the same transaction). The old administrator is out:
   * the password is retired (replaced by a random one nobody knows; the new administrator sets one
   * with the password reset, whose code goes to the new phone) and the caller ends every session of
   * the account. The phone bound before is told. Answers the account as it now is.
   */
  async change(user: SessionUser, details: ChangeLegalAccountRequest): Promise<LegalInfo> {
    const now = this.clock.now();
    requireRecentAuth(user, now);
    const idNumber = details.administratorIdNumber.toUpperCase();
    const parsed = parseIdNumber(idNumber);
    if (!parsed.ok) throw refuse(`id.${parsed.error}`);
    const name = details.administratorName;
    const phone = details.administratorPhone;
    const retired = await hashPassword(randomBytes(32).toString('base64'));
    const before = await this.db
      .selectFrom('app_user')
      .select(['phone', 'username', 'locale'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.verifications.consume(user.id, 'change-account', trx)))
        throw refuse('account.needChangeCheck', {}, { step: 'verify' });
      await trx
        .updateTable('app_user')
        .set({
          real_name: name,
          // The company's account is greeted by its administrator's name.
          nick_name: name,
          id_number: idNumber,
          phone,
          email: details.email ?? null,
          password_hash: retired,
          // The old phone confirmed the change: the new one takes password resets at once.
          previous_phone: null,
          reset_held_until: null,
        })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('customer')
        .set({ contact_name: name, contact_phone: phone })
        .where('id', '=', user.customer_id)
        .execute();
    });
    if (this.sms && before.phone && before.phone !== phone) {
      const text = translate(accountLocale(before, this.defaultLocale), 'sms.phoneChangedByAdministratorChange', {
        account: accountName(before.username),
        day: insurerToday(now),
      });
      await this.sms.tell(user.id, before.phone, 'phone-changed', text);
    }
    return this.legalInfo(user.id);
  }

  /** May the company's account be cancelled: nothing in force, nothing unpaid (reasons in the user's words). */
  async judgeCancel(customerId: number, t: Translate): Promise<CancelJudgement> {
    const count = (table: 'policy' | 'premium_payment', state: number) =>
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .where('state', '=', state)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const [policiesInForce, unpaidPayments] = await Promise.all([
      count('policy', POLICY_IN_FORCE),
      count('premium_payment', PREMIUM_UNPAID),
    ]);
    const reasons: string[] = [];
    if (policiesInForce === 1) reasons.push(t('account.policyInForce'));
    if (policiesInForce > 1) reasons.push(t('account.policiesInForce', { count: policiesInForce }));
    if (unpaidPayments === 1) reasons.push(t('account.unpaidPremium'));
    if (unpaidPayments > 1) reasons.push(t('account.unpaidPremiums', { count: unpaidPayments }));
    return { cancellable: reasons.length === 0, reasons, policiesInForce, unpaidPayments };
  }

  /** Refuses, with the reasons as its data, an account that cannot be cancelled now. */
  async assertCancellable(customerId: number, t: Translate): Promise<void> {
    const judgement = await this.judgeCancel(customerId, t);
    if (!judgement.cancellable)
      throw refuse('account.notCancellable', { reasons: judgement.reasons.join(' ') }, judgement);
  }

  /** Cancels the company and its users once a check has passed; answers the users whose sessions must end. */
  async cancel(user: SessionUser, t: Translate): Promise<number[]> {
    requireRecentAuth(user, this.clock.now());
    await this.assertCancellable(user.customer_id, t);
    const users = await this.db.transaction().execute(async (trx) => {
      if (!(await this.verifications.consume(user.id, 'cancel-account', trx)))
        throw refuse('account.needCancelCheck', {}, { step: 'verify' });
      await trx.updateTable('customer').set({ state: CANCELLED }).where('id', '=', user.customer_id).execute();
      await trx.updateTable('app_user').set({ state: CANCELLED }).where('customer_id', '=', user.customer_id).execute();
      return trx.selectFrom('app_user').select('id').where('customer_id', '=', user.customer_id).execute();
    });
    return users.map((u) => u.id);
  }

  /** The phone a personal code may be sent to for binding: not the one already bound. */
  async assertNewPhone(userId: number, phone: string): Promise<void> {
    const current = await this.db
      .selectFrom('app_user')
      .select('phone')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (current.phone === phone) throw refuse('account.phoneAlreadyYours');
  }
}
