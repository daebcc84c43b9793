import { occupationNames } from '../occupations';
import type {
  AccountInfo,
  BankInfo,
  Occupation,
  PersonDetail,
  PolicySummary,
  RiskCategoryRate,
  RosterPerson,
} from '@contract/io/correction';
import type { Page } from '@contract/envelope';
import { InsuredState, PolicyState, type CorrectionVariant } from '@contract/states';
import { maskAccount } from '@common/correction';
import type { Translate } from '@server/messages/catalogue';
import type { Locale } from '@common/i18n';
import { refuse } from '../errors';
import { localName } from '../texts';
import { loadPolicy, policyRates } from './access';
import type { CorrectionDeps, Trx } from './deps';
import { personOf, policyOf, productNameIn, rateList } from './model';
import type { PersonRow } from './types';
import type { RosterRow } from './sheets';

export interface RosterFilter {
  keyword?: string;
  state: InsuredState;
  riskCategory?: number;
}

const like = (k: string) => `%${k.replace(/[%_\\]/g, '')}%`;

function filtered(db: Trx, policyId: number, f: RosterFilter) {
  let q = db.selectFrom('insured_person').where('policy_id', '=', policyId).where('state', '=', f.state);
  if (f.keyword) {
    const k = like(f.keyword);
    q = q.where((eb) =>
      eb.or([eb('name', 'like', k), eb('id_number', 'like', k.toUpperCase()), eb('employee_no', 'like', k)]),
    );
  }
  if (f.riskCategory) q = q.where('risk_category', '=', f.riskCategory);
  return q;
}

/** The read side: policies open to correction, rosters, people, bank details, occupations. */
export class CorrectionRoster {
  constructor(private readonly deps: CorrectionDeps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * correctablePolicies: the company's policies in force that have a roster; with a policy number,
   * that policy whatever its state (its employee view lists the people of an ended policy too).
   */
  async correctablePolicies(
    customerId: number,
    locale: Locale,
    variant?: CorrectionVariant,
    policyNo?: string,
  ): Promise<PolicySummary[]> {
    let q = this.db
      .selectFrom('policy')
      .leftJoin('product', 'product.code', 'policy.product_code')
      .selectAll('policy')
      .select(['product.name_en as product_name_en', 'product.name_zh as product_name_zh'])
      .select((eb) =>
        eb
          .selectFrom('insured_person')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('insured_person.policy_id', '=', 'policy.id')
          .where('insured_person.state', '=', InsuredState.insured)
          .as('members'),
      )
      .where('policy.customer_id', '=', customerId)
      .where('policy.roster', 'is not', null);
    q = policyNo ? q.where('policy.policy_no', '=', policyNo) : q.where('policy.state', '=', PolicyState.inForce);
    if (variant) q = q.where('policy.roster', '=', variant);
    const rows = await q.orderBy('policy.id').execute();
    return rows.map((r) => policyOf(r, Number(r.members ?? 0), locale));
  }

  /** A page of a policy's roster, ID numbers and phones masked. */
  async page(
    customerId: number,
    policyId: number,
    variants: readonly CorrectionVariant[],
    f: RosterFilter,
    page: { pageNum: number; pageSize: number },
    locale: Locale,
  ): Promise<Page<RosterPerson>> {
    const { db } = this;
    await loadPolicy(db, customerId, policyId, variants);
    const offset = (page.pageNum - 1) * page.pageSize;
    const [total, rows] = await Promise.all([
      filtered(db, policyId, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      // Deferred join: the page's ids come from the (policy, state, name, id) index alone, then its rows are read.
      db
        .selectFrom('insured_person')
        .selectAll()
        .where(
          'id',
          'in',
          filtered(db, policyId, f).select('id').orderBy('name').orderBy('id').limit(page.pageSize).offset(offset),
        )
        .orderBy('name')
        .orderBy('id')
        .execute(),
    ]);
    const named = await occupationNames(
      db,
      locale,
      rows.map((r) => r.occupation_code),
    );
    return {
      list: rows.map((r) => personOf(r, true, named)),
      total: Number(total.n),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    };
  }

  /** Every page of the roster, 1,000 rows at a time by id (for the streamed export). */
  async *pages(policyId: number, f: RosterFilter, locale: Locale): AsyncGenerator<RosterRow[]> {
    let after = 0;
    for (;;) {
      const rows = await filtered(this.db, policyId, f)
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (!rows.length) return;
      after = rows[rows.length - 1].id;
      const named = await occupationNames(
        this.db,
        locale,
        rows.map((r) => r.occupation_code),
      );
      yield rows.map((r) => ({
        name: r.name,
        idType: r.id_type,
        idNumber: r.id_number,
        sex: r.sex,
        birthdate: r.birthdate,
        phone: r.phone,
        employeeNo: r.employee_no,
        department: r.department,
        occupationCode: r.occupation_code,
        occupationName: named(r.occupation_code, r.occupation_name),
        riskCategory: r.risk_category,
        effectiveDate: r.effective_date,
        endDate: r.end_date,
        state: r.state,
      }));
    }
  }

  private async person(
    customerId: number,
    personId: number,
    variants?: readonly CorrectionVariant[],
  ): Promise<PersonRow> {
    const person = await this.db
      .selectFrom('insured_person')
      .selectAll()
      .where('id', '=', personId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!person) throw refuse('correction.noSuchPerson');
    await loadPolicy(this.db, customerId, person.policy_id, variants);
    return person;
  }

  /** employeeDetailNew / getInsuranceDetail: one person in full (bank account masked), with their claims. */
  async detail(
    customerId: number,
    personId: number,
    variants: readonly CorrectionVariant[] | undefined,
    locale: Locale,
  ): Promise<PersonDetail> {
    const person = await this.person(customerId, personId, variants);
    const policy = await this.db
      .selectFrom('policy')
      .leftJoin('product', 'product.code', 'policy.product_code')
      .select(['policy.policy_no', 'policy.product_name', 'product.name_en as product_name_en'])
      .select(['product.name_zh as product_name_zh'])
      .where('policy.id', '=', person.policy_id)
      .executeTakeFirstOrThrow();
    const claims = await this.db
      .selectFrom('claim')
      .select(['paid_fen'])
      .where('insured_person_id', '=', person.id)
      .where('customer_id', '=', customerId)
      .execute();
    return {
      ...personOf(person, false, await occupationNames(this.db, locale, [person.occupation_code])),
      policyNo: policy.policy_no,
      productName: productNameIn(locale, policy),
      bankName: person.bank_name,
      bankAccount: maskAccount(person.bank_account),
      claimCount: claims.length,
      claimPaid: claims.some((c) => Number(c.paid_fen) > 0),
    };
  }

  async bankInfo(customerId: number, personId: number, variants?: readonly CorrectionVariant[]): Promise<BankInfo> {
    const person = await this.person(customerId, personId, variants);
    return {
      personId: person.id,
      name: person.name,
      bankName: person.bank_name,
      bankAccount: maskAccount(person.bank_account),
    };
  }

  /**
   * insuredAccountInfo: where a refund goes (the policyholder's own account on file: an account in
   * another name is never refunded to; none when the holder has none), its bank in the reader's
   * language, and where a transfer pays the premium to.
   */
  async accountInfo(
    customerId: number,
    policyId: number,
    receiving: AccountInfo['receivingAccount'],
    locale: Locale,
  ): Promise<AccountInfo> {
    const policy = await loadPolicy(this.db, customerId, policyId);
    const account = await this.db
      .selectFrom('customer_bank_account')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('account_name', '=', policy.holder_name)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return {
      holderName: policy.holder_name,
      refundAccount: account
        ? {
            accountName: account.account_name,
            bankName: localName(locale, account.bank_name, account.bank_name_zh),
            accountNo: maskAccount(account.account_no) as string,
          }
        : null,
      receivingAccount: receiving,
    };
  }

  async riskCategories(
    customerId: number,
    policyId: number,
    variants: readonly CorrectionVariant[],
    t: Translate,
  ): Promise<RiskCategoryRate[]> {
    await loadPolicy(this.db, customerId, policyId, variants);
    return rateList(await policyRates(this.db, policyId), t);
  }

  /** likeOccupation / likeProfession: occupations by part of a name (either language) or code. */
  async searchOccupations(
    customerId: number,
    keyword: string,
    policyId: number | undefined,
    limit: number,
  ): Promise<Occupation[]> {
    const k = keyword.trim().toLowerCase();
    let rates: Map<number, number> | null = null;
    if (policyId) {
      await loadPolicy(this.db, customerId, policyId);
      rates = await policyRates(this.db, policyId);
    }
    const rows = await this.db
      .selectFrom('occupation')
      .selectAll()
      .where('search', 'like', like(k))
      .orderBy('risk_category')
      .orderBy('code')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      code: r.code,
      name: r.name,
      nameZh: r.name_zh,
      riskCategory: r.risk_category,
      allowed: rates ? rates.has(r.risk_category) : null,
    }));
  }
}
