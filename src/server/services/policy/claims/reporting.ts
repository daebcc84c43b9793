import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insurerToday } from '@common/correction';
import type {
  ClaimablePolicy,
  ClaimDetail,
  ClaimFilePurpose,
  ClaimKind,
  ReportedClaim,
  UploadedClaimFile,
} from '@contract/io/policy';
import { CLAIM_FILE_MAX_BYTES } from '@contract/io/policy';
import type { ClaimFileReference, ReportClaimRequest } from '@contract/io/policy.requests';
import { ClaimDocumentState, ClaimState, PolicyState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { MessageKey } from '@server/messages/catalogue';
import type { Clock } from '../../clock';
import { refuse } from '../../errors';
import { cleanFileName, imageType, isPdf, type UploadedFile } from '../../files';
import type { SessionUser } from '../../identity';
import type { Products } from '../../products';
import type { Voice } from '../../texts';
import { CLAIM_NO_KIND, claimCauses, claimDocuments, fitsClaimKind } from '../claimCatalogue';
import { findPolicy } from '../policyData';
import { addClaimEvent } from './events';
import { OPEN_STATES, documentName } from './mapping';
import type { ClaimQueries } from './queries';

/** Files uploaded and not yet attached to a claim: at most this many per person, kept a day. */
const MAX_PENDING_FILES = 30;
const PENDING_FILE_HOURS = 24;

/**
 * Reporting a claim on the customer's policies: the policies a claim can be reported on, its pictures
 * and documents uploaded, the report, and the documents an open claim still needs sent later.
 */
export class ClaimReporting {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
    private readonly queries: ClaimQueries,
  ) {}

  /** The policies a claim of a kind can be reported on now: in force and started, with what such a claim needs. */
  async claimablePolicies(customerId: number, kind: ClaimKind, voice: Voice): Promise<ClaimablePolicy[]> {
    const today = insurerToday(this.clock.now());
    let query = this.db
      .selectFrom('policy')
      .select(['policy_no', 'product_code', 'product_name', 'kind', 'start_date', 'end_date', 'insured_name', 'roster'])
      .where('customer_id', '=', customerId)
      .where('state', '=', PolicyState.inForce)
      .where('start_date', '<=', today);
    query = kind === 'car' ? query.where('kind', '=', 'motor') : query.where('kind', '!=', 'motor');
    const [rows, named] = await Promise.all([
      query.orderBy('start_date', 'desc').orderBy('id', 'desc').execute(),
      this.products.voice(voice),
    ]);
    return rows.map((p) => ({
      policyNo: p.policy_no,
      productName: named.product(p.product_code, p.product_name),
      kind: p.kind,
      startDate: p.start_date,
      endDate: p.end_date,
      insuredName: p.roster ? null : (p.insured_name ?? null),
      roster: p.roster !== null,
      documents: claimDocuments(p.kind).map((code) => ({ code, name: documentName(voice, code, code) })),
      causes: claimCauses(p.kind).map((code) => voice.t(`claim.cause.${code}` as MessageKey)),
    }));
  }

  /** A picture or document for a report or an open claim; kept as the uploader's until attached. */
  async uploadFile(user: SessionUser, purpose: ClaimFilePurpose, files: UploadedFile[]): Promise<UploadedClaimFile> {
    if (files.length !== 1) throw refuse('claim.oneFileAtATime');
    const [file] = files;
    if (file.data.length === 0) throw refuse('claim.fileEmpty');
    if (file.data.length > CLAIM_FILE_MAX_BYTES)
      throw refuse('claim.fileTooLarge', { mb: CLAIM_FILE_MAX_BYTES / 1024 / 1024 });
    const picture = imageType(file.data);
    const contentType = picture ?? (purpose === 'document' && isPdf(file.data) ? 'application/pdf' : null);
    if (!contentType) throw refuse(purpose === 'picture' ? 'claim.notAPicture' : 'claim.notADocument');
    const now = this.clock.now();
    const stale = new Date(now.getTime() - PENDING_FILE_HOURS * 3_600_000).toISOString();
    await this.db
      .deleteFrom('claim_file')
      .where('user_id', '=', user.id)
      .where('claim_id', 'is', null)
      .where('created_at', '<', stale)
      .execute();
    const pending = await this.db
      .selectFrom('claim_file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('claim_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_FILES) throw refuse('claim.tooManyPendingFiles');
    const fileName = cleanFileName(file.filename);
    const row = await this.db
      .insertInto('claim_file')
      .values({
        claim_id: null,
        customer_id: user.customer_id,
        user_id: user.id,
        purpose,
        document_code: null,
        file_name: fileName,
        content_type: contentType,
        size: file.data.length,
        data: file.data,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { fileId: row.id, fileName, contentType, size: file.data.length };
  }

  /** The uploader's files not yet attached, checked against the documents they may deliver. */
  private async pendingFiles(
    trx: Kysely<DB>,
    user: SessionUser,
    refs: readonly ClaimFileReference[],
    deliverable: ReadonlySet<string>,
  ) {
    const ids = [...new Set(refs.map((r) => r.fileId))];
    if (ids.length !== refs.length) throw refuse('claim.fileTwice');
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom('claim_file')
      .select(['id', 'purpose'])
      .where('id', 'in', ids)
      .where('user_id', '=', user.id)
      .where('claim_id', 'is', null)
      .execute();
    if (rows.length !== ids.length) throw refuse('claim.noSuchFile');
    return refs.map((r) => {
      const row = rows.find((x) => x.id === r.fileId)!;
      if (r.documentCode && !deliverable.has(r.documentCode))
        throw refuse('claim.notADocumentOfClaim', {
          document: { key: `claim.doc.${r.documentCode}`, fallback: r.documentCode },
        });
      if (!r.documentCode && row.purpose === 'document') throw refuse('claim.sayWhichDocument');
      return { id: r.fileId, documentCode: r.documentCode ?? null };
    });
  }

  /** Reports a claim: the policy, whom it concerns, what happened, with its files; answers its number. */
  async report(user: SessionUser, request: ReportClaimRequest, voice: Voice): Promise<ReportedClaim> {
    const now = this.clock.now();
    const today = insurerToday(now);
    const existing = await this.db
      .selectFrom('claim')
      .select('claim_no')
      .where('customer_id', '=', user.customer_id)
      .where('request_key', '=', request.requestKey)
      .executeTakeFirst();
    if (existing) return this.reported(user.customer_id, existing.claim_no, voice);

    const policy = await findPolicy(this.db, user.customer_id, request.policyNo.toUpperCase());
    if (!fitsClaimKind(policy.kind, request.kind))
      throw refuse(request.kind === 'car' ? 'claim.carNeedsMotor' : 'claim.motorIsCar');
    if (policy.state !== PolicyState.inForce) throw refuse('claim.policyNotInForce');
    if (request.accidentDate > today) throw refuse('claim.accidentInFuture');
    if (request.accidentDate < policy.start_date || request.accidentDate > policy.end_date)
      throw refuse('claim.accidentOutsidePeriod', { from: policy.start_date, to: policy.end_date });

    let claimant = policy.insured_name ?? policy.holder_name;
    let personId: number | null = null;
    if (policy.roster !== null) {
      if (!request.insuredPersonId) throw refuse('claim.choosePerson');
      const person = await this.db
        .selectFrom('insured_person')
        .select(['id', 'name', 'effective_date', 'end_date'])
        .where('id', '=', request.insuredPersonId)
        .where('policy_id', '=', policy.id)
        .where('customer_id', '=', user.customer_id)
        .executeTakeFirst();
      if (!person) throw refuse('claim.noSuchPerson');
      // Insured on the day of the accident, whether or not the person has left the policy since.
      const coveredThen =
        person.effective_date <= request.accidentDate &&
        (person.end_date === null || person.end_date >= request.accidentDate);
      if (!coveredThen) throw refuse('claim.personNotCoveredThen', { name: person.name });
      claimant = person.name;
      personId = person.id;
    }

    const needed = claimDocuments(policy.kind);
    const claimNo = await this.db.transaction().execute(async (trx) => {
      const files = await this.pendingFiles(trx, user, request.files ?? [], new Set(needed));
      const prefix = `CLM${today.slice(0, 4)}${CLAIM_NO_KIND[policy.kind]}`;
      let number = '';
      for (let attempt = 0; attempt < 5 && !number; attempt += 1) {
        const candidate = `${prefix}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
        const taken = await trx.selectFrom('claim').select('id').where('claim_no', '=', candidate).executeTakeFirst();
        if (!taken) number = candidate;
      }
      if (!number) throw refuse('common.serviceProblem');
      const at = now.toISOString();
      const { id: claimId } = await trx
        .insertInto('claim')
        .values({
          claim_no: number,
          customer_id: user.customer_id,
          policy_id: policy.id,
          insured_person_id: personId,
          claimant_name: claimant,
          accident_date: request.accidentDate,
          report_date: today,
          state: ClaimState.reported,
          cause: request.cause,
          description: request.description,
          claimed_fen: request.claimedFen ?? 0,
          approved_fen: 0,
          paid_fen: 0,
          created_at: at,
          updated_at: at,
          kind: request.kind,
          place: request.place,
          contact_name: request.contactName,
          contact_phone: request.contactPhone,
          reported_by: user.id,
          adjuster_name: null,
          adjuster_phone: null,
          request_key: request.requestKey,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addClaimEvent(trx, claimId, ClaimState.reported, 'claim.event.reported', {}, at);
      const delivered = new Map(files.filter((f) => f.documentCode).map((f) => [f.documentCode as string, f.id]));
      await trx
        .insertInto('claim_document')
        .values(
          needed.map((code, sort) => ({
            claim_id: claimId,
            code,
            name: voice.t(`claim.doc.${code}` as MessageKey),
            state: delivered.has(code) ? ClaimDocumentState.received : ClaimDocumentState.outstanding,
            received_at: delivered.has(code) ? at : null,
            file_id: delivered.get(code) ?? null,
            sort,
          })),
        )
        .execute();
      for (const f of files)
        await trx
          .updateTable('claim_file')
          .set({ claim_id: claimId, document_code: f.documentCode })
          .where('id', '=', f.id)
          .execute();
      return number;
    });
    return this.reported(user.customer_id, claimNo, voice);
  }

  private async reported(customerId: number, claimNo: string, voice: Voice): Promise<ReportedClaim> {
    const claim = await this.db
      .selectFrom('claim')
      .select('id')
      .where('claim_no', '=', claimNo)
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    const outstanding = await this.db
      .selectFrom('claim_document')
      .select(['code', 'name'])
      .where('claim_id', '=', claim.id)
      .where('state', '=', ClaimDocumentState.outstanding)
      .orderBy('sort')
      .execute();
    return {
      claimNo,
      outstanding: outstanding.map((d) => ({ code: d.code ?? '', name: documentName(voice, d.code, d.name) })),
    };
  }

  /** Outstanding documents sent to an open claim; each file says which document it is. */
  async submitDocuments(
    user: SessionUser,
    claimNo: string,
    refs: readonly ClaimFileReference[],
    voice: Voice,
  ): Promise<ClaimDetail> {
    const claim = await this.db
      .selectFrom('claim')
      .select(['id', 'state', 'claim_no'])
      .where('claim_no', '=', claimNo.toUpperCase())
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!claim) throw refuse('claim.noSuchClaim');
    if (!OPEN_STATES.includes(claim.state)) throw refuse('claim.notOpen');
    await this.db.transaction().execute(async (trx) => {
      const outstanding = await trx
        .selectFrom('claim_document')
        .select(['id', 'code'])
        .where('claim_id', '=', claim.id)
        .where('state', '=', ClaimDocumentState.outstanding)
        .execute();
      const deliverable = new Set(outstanding.map((d) => d.code).filter((c): c is string => c !== null));
      const files = await this.pendingFiles(trx, user, refs, deliverable);
      const at = this.clock.now().toISOString();
      let documents = 0;
      for (const f of files) {
        await trx
          .updateTable('claim_file')
          .set({ claim_id: claim.id, document_code: f.documentCode })
          .where('id', '=', f.id)
          .execute();
        if (!f.documentCode) continue;
        const done = await trx
          .updateTable('claim_document')
          .set({ state: ClaimDocumentState.received, received_at: at, file_id: f.id })
          .where('claim_id', '=', claim.id)
          .where('code', '=', f.documentCode)
          .where('state', '=', ClaimDocumentState.outstanding)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1)
          throw refuse('claim.notADocumentOfClaim', {
            document: { key: `claim.doc.${f.documentCode}`, fallback: f.documentCode },
          });
        documents += 1;
      }
      await addClaimEvent(
        trx,
        claim.id,
        claim.state as ClaimState,
        documents ? 'claim.event.documentsReceived' : 'claim.event.picturesReceived',
        { count: documents || files.length },
        at,
      );
      await trx.updateTable('claim').set({ updated_at: at }).where('id', '=', claim.id).execute();
    });
    return this.queries.detail(user.customer_id, claim.claim_no, voice);
  }
}
