import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insurerToday } from '@common/correction';
import { INSURER } from '@common/insurer';
import type { Locale } from '@common/i18n';
import { maskIdNumber, maskName } from '@common/mask';
import { InsuredState, PaymentState, PolicyState } from '@contract/states';
import { CERTIFICATES_PER_ZIP } from '@contract/io/correction.requests';
import type { DB } from '@server/db/schema';
import { translator } from '@server/messages/catalogue';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { Products } from '../products';
import type { Voice } from '../texts';
import { certificatePdf, type CertificateContent } from './certificatePdf';
import type { CertificateZips } from './certificateZip';

/** 32 letters and digits without the look-alikes (0 O 1 I): 16 of them are 80 random bits. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** ABCDEFGHJKLMNPQR -> ABCD-EFGH-JKLM-NPQR, as printed. */
export const printedCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** A code as a reader typed it (any case, spaces or dashes), or null when it cannot be one. */
export function normaliseCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

/** A file the gateway answers, and what the activity log keeps of it. */
export interface CertificateFile {
  filename: string;
  body: Buffer;
  facts: { policyNo: string; name?: string; idNumber?: string; count: number };
}

/** What the verify page says of a code. */
export type Verification =
  | { outcome: 'malformed' }
  | { outcome: 'unknown'; code: string }
  | {
      outcome: 'valid';
      code: string;
      issuedOn: string;
      policyNo: string;
      product: string;
      holder: string;
      maskedName: string;
      idNumberMasked: string;
      coverFrom: string;
      coverTo: string;
      /** Today, and where the cover stands on it. */
      today: string;
      standing:
        | { state: 'inForce' }
        | { state: 'notYet'; from: string }
        | { state: 'ended'; on: string }
        | { state: 'policyEnded'; policyState: number };
    };

type Person = {
  id: number;
  policy_id: number;
  name: string;
  id_number: string;
  effective_date: string;
  end_date: string | null;
  state: number;
};
type Policy = {
  id: number;
  policy_no: string;
  product_code: string;
  product_name: string;
  customer_id: number;
  state: number;
  payment_state: number;
  start_date: string;
  end_date: string;
  roster: string | null;
};

const PERSON_COLUMNS = ['id', 'policy_id', 'name', 'id_number', 'effective_date', 'end_date', 'state'] as const;
const POLICY_COLUMNS = [
  'id',
  'policy_no',
  'product_code',
  'product_name',
  'customer_id',
  'state',
  'payment_state',
  'start_date',
  'end_date',
  'roster',
] as const;

/** The period a person is covered: from joining (not before the policy starts) to leaving or the policy's end. */
function coverOf(policy: Policy, person: Person): { from: string; to: string } {
  const from = person.effective_date > policy.start_date ? person.effective_date : policy.start_date;
  const left = person.state === InsuredState.removed && person.end_date ? person.end_date : null;
  return { from, to: left && left < policy.end_date ? left : policy.end_date };
}

/**
 * Certificates of insurance (参保证明) for the people insured on a company's group policies: one PDF, or a
 * zip of PDFs for people chosen or a whole policy; each with a verification code kept with what it
 * certifies, which the site's verify page checks without a login.
 */
export class Certificates {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
    private readonly zips: CertificateZips,
  ) {}

  /** One person's certificate, in the reader's language. */
  async one(
    user: { id: number; customer_id: number },
    personId: number,
    voice: Voice,
    verifySite: string,
  ): Promise<CertificateFile> {
    const person = await this.db
      .selectFrom('insured_person')
      .select(PERSON_COLUMNS)
      .where('id', '=', personId)
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!person) throw refuse('correction.noSuchPerson');
    const policy = await this.policy(user.customer_id, person.policy_id);
    const [item] = await this.issue(user, policy, [person], voice, verifySite);
    return {
      filename: item.filename,
      body: await certificatePdf(item.content),
      facts: {
        policyNo: policy.policy_no,
        name: person.name,
        idNumber: maskIdNumber(person.id_number),
        count: 1,
      },
    };
  }

  /** A zip of the certificates of the people chosen, or of everyone insured on the policy (`whole`). */
  async zip(
    user: { id: number; customer_id: number },
    policyId: number,
    choice: { personIds?: number[]; whole?: boolean },
    voice: Voice,
    verifySite: string,
  ): Promise<CertificateFile> {
    const policy = await this.policy(user.customer_id, policyId);
    let people: Person[];
    if (choice.whole) {
      const query = this.db
        .selectFrom('insured_person')
        .where('policy_id', '=', policy.id)
        .where('customer_id', '=', user.customer_id)
        .where('state', '=', InsuredState.insured);
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (Number(n) > CERTIFICATES_PER_ZIP)
        throw refuse('certificate.tooMany', {
          max: CERTIFICATES_PER_ZIP,
          count: Number(n),
          policyNo: policy.policy_no,
        });
      people = await query.select(PERSON_COLUMNS).orderBy('employee_no').orderBy('id').execute();
    } else {
      const ids = [...new Set(choice.personIds ?? [])];
      if (ids.length === 0) throw refuse('certificate.nobody');
      people = await this.db
        .selectFrom('insured_person')
        .select(PERSON_COLUMNS)
        .where('id', 'in', ids)
        .where('policy_id', '=', policy.id)
        .where('customer_id', '=', user.customer_id)
        .orderBy('employee_no')
        .orderBy('id')
        .execute();
      if (people.length !== ids.length) throw refuse('certificate.notOnPolicy', { policyNo: policy.policy_no });
    }
    if (people.length === 0) throw refuse('certificate.nobody');
    const items = await this.issue(user, policy, people, voice, verifySite);
    return {
      filename: voice.t('certificate.zipFile', { policyNo: policy.policy_no }),
      body: await this.zips.zip(items, String(user.customer_id)),
      facts: { policyNo: policy.policy_no, count: items.length },
    };
  }

  /** What the site's verify page says of a code a visitor typed. */
  async verify(typed: string, locale: Locale): Promise<Verification> {
    const code = normaliseCode(typed);
    if (!code) return { outcome: 'malformed' };
    const row = await this.db
      .selectFrom('certificate as c')
      .innerJoin('policy as p', 'p.id', 'c.policy_id')
      .innerJoin('insured_person as i', 'i.id', 'c.insured_person_id')
      .innerJoin('customer as h', 'h.id', 'c.customer_id')
      .select([
        'c.person_name',
        'c.id_number_masked',
        'c.cover_from',
        'c.cover_to',
        'c.issued_at',
        'p.policy_no',
        'p.product_code',
        'p.product_name',
        'p.state as policy_state',
        'p.end_date as policy_end',
        'i.state as person_state',
        'i.end_date as person_end',
        'h.name as holder',
      ])
      .where('c.code', '=', code)
      .executeTakeFirst();
    if (!row) return { outcome: 'unknown', code: printedCode(code) };
    const today = insurerToday(this.clock.now());
    const named = await this.products.voice({ locale, t: translator(locale) });
    // Where the cover stands today: the person may have left, or the policy ended, since the certificate.
    const left = row.person_state === InsuredState.removed && row.person_end ? row.person_end : null;
    const end = left && left < row.policy_end ? left : row.policy_end;
    let standing: Extract<Verification, { outcome: 'valid' }>['standing'];
    if (row.policy_state !== PolicyState.inForce && row.policy_state !== PolicyState.expired)
      standing = { state: 'policyEnded', policyState: row.policy_state };
    else if (today < row.cover_from) standing = { state: 'notYet', from: row.cover_from };
    else if (today > end) standing = { state: 'ended', on: end };
    else standing = { state: 'inForce' };
    return {
      outcome: 'valid',
      code: printedCode(code),
      issuedOn: insurerToday(new Date(row.issued_at)),
      policyNo: row.policy_no,
      product: named.product(row.product_code, row.product_name),
      holder: row.holder,
      maskedName: maskName(row.person_name),
      idNumberMasked: row.id_number_masked,
      coverFrom: row.cover_from,
      coverTo: end < row.cover_to ? end : row.cover_to,
      today,
      standing,
    };
  }

  private async policy(customerId: number, policyId: number): Promise<Policy> {
    const policy = await this.db
      .selectFrom('policy')
      .select(POLICY_COLUMNS)
      .where('id', '=', policyId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!policy || !policy.roster) throw refuse('correction.noSuchPolicy');
    if (policy.payment_state !== PaymentState.paid || policy.state === PolicyState.pendingPayment)
      throw refuse('certificate.unpaid');
    return policy;
  }

  /** Codes for the people, kept with what each certifies; the contents to print. */
  private async issue(
    user: { id: number; customer_id: number },
    policy: Policy,
    people: Person[],
    voice: Voice,
    verifySite: string,
  ): Promise<Array<{ filename: string; content: CertificateContent }>> {
    const now = this.clock.now();
    const issuedOn = insurerToday(now);
    const named = await this.products.voice(voice);
    const [risks, holder] = await Promise.all([
      this.db
        .selectFrom('policy_risk')
        .select(['code', 'name', 'sum_insured_fen'])
        .where('policy_id', '=', policy.id)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      this.db.selectFrom('customer').select('name').where('id', '=', policy.customer_id).executeTakeFirstOrThrow(),
    ]);
    const coverages = risks.map((r) => ({
      name: named.coverage(policy.product_code, r.code, r.name),
      sumInsuredFen: Number(r.sum_insured_fen),
    }));
    const rows = people.map((person) => ({ person, code: newCode(), cover: coverOf(policy, person) }));
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('certificate')
          .values(
            rows.slice(i, i + 500).map(({ person, code, cover }) => ({
              code,
              customer_id: policy.customer_id,
              policy_id: policy.id,
              insured_person_id: person.id,
              person_name: person.name,
              id_number_masked: maskIdNumber(person.id_number),
              cover_from: cover.from,
              cover_to: cover.to,
              issued_by: user.id,
              issued_at: now.toISOString(),
            })),
          )
          .execute();
    });
    const taken = new Map<string, number>();
    return rows.map(({ person, code, cover }) => {
      // Two people of one name in one zip get numbered files.
      const base = voice.t('certificate.file', {
        policyNo: policy.policy_no,
        name: person.name.replace(/[\\/:*?"<>|]/g, '_'),
      });
      const seen = taken.get(base) ?? 0;
      taken.set(base, seen + 1);
      return {
        filename: seen === 0 ? base : base.replace(/\.pdf$/, `-${seen + 1}.pdf`),
        content: {
          locale: voice.locale,
          insurer: INSURER.name[voice.locale],
          holder: holder.name,
          policyNo: policy.policy_no,
          product: named.product(policy.product_code, policy.product_name),
          name: person.name,
          idNumberMasked: maskIdNumber(person.id_number),
          coverages,
          coverFrom: cover.from,
          coverTo: cover.to,
          issuedOn,
          code: printedCode(code),
          verifySite,
          hotline: INSURER.hotline,
        },
      };
    });
  }
}
