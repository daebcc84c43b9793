import { formatStamp } from '@common/time';
import type { Readable } from 'node:stream';
import type { CorrectionVariant } from '@contract/states';
import { maskIdNumber } from '@common/correction';
import { formatFen } from '@common/money';
import type { Locale } from '@common/i18n';
import { translator } from '@server/messages/catalogue';
import { createPdf, fieldTable, pdfBuffer } from '../documents/pdf';
import { refuse } from '../errors';
import { loadCorrection, loadPolicy, occupations, policyRates } from './access';
import type { Actor, CorrectionDeps } from './deps';
import type { CorrectionRoster, RosterFilter } from './roster';
import { rosterStream, templateWorkbook, type SheetKind } from './sheets';
import { productNameIn } from './model';

/** A document a call answers: the HTTP layer sends it as the file itself. */
export interface CorrectionDocument {
  filename: string;
  type: 'xlsx' | 'pdf';
  body: Buffer | Readable;
}

const TEMPLATE_NAMES: Record<SheetKind, string> = {
  add: 'import-template',
  subtract: 'subtract-template',
  exchange: 'exchange-template',
};

/** People listed on an endorsement; the rest are counted (the correction record has them all). */
const ENDORSEMENT_LINES = 300;

/** The documents of corrections: import templates, the roster export and the endorsement. */
export class CorrectionFiles {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly roster: CorrectionRoster,
  ) {}

  /** A template in the user's language; its columns follow the policy (or, without one, `employer`). */
  async template(
    actor: Actor,
    kind: SheetKind,
    q: { policyId?: number; employer?: boolean },
    locale: Locale,
    variants?: readonly CorrectionVariant[],
  ): Promise<CorrectionDocument> {
    const { db } = this.deps;
    let occupationRequired = q.employer === true;
    let covered: Set<number> | undefined;
    if (q.policyId) {
      const policy = await loadPolicy(db, actor.customer_id, q.policyId, variants);
      occupationRequired = policy.roster === 'employeeNew';
      covered = new Set((await policyRates(db, policy.id)).keys());
    }
    const catalogue = await occupations(this.deps, db);
    return {
      filename: `${TEMPLATE_NAMES[kind]}.xlsx`,
      type: 'xlsx',
      body: await templateWorkbook(kind, { locale, occupationRequired, occupations: [...catalogue.values()], covered }),
    };
  }

  /** downloadEmployeeListExcel: the roster as .xlsx, streamed while its pages are read. */
  async rosterExport(
    actor: Actor,
    policyId: number,
    filter: RosterFilter,
    locale: Locale,
  ): Promise<CorrectionDocument> {
    const policy = await loadPolicy(this.deps.db, actor.customer_id, policyId);
    return {
      filename: `roster-${policy.policy_no}.xlsx`,
      type: 'xlsx',
      body: rosterStream(this.roster.pages(policy.id, filter, locale), locale, this.deps.clock.now()),
    };
  }

  /** The endorsement (批单) of a correction in force, as a PDF in the user's language. */
  async endorsement(actor: Actor, correctionId: number, locale: Locale): Promise<CorrectionDocument> {
    const { db } = this.deps;
    const t = translator(locale);
    const c = await loadCorrection(db, actor.customer_id, correctionId);
    if (c.state !== 'in_force') throw refuse('correction.endorsement.notYet', { correctionNo: c.correction_no });
    const policy = await db.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const items = await db
      .selectFrom('correction_item')
      .selectAll()
      .where('correction_id', '=', c.id)
      .orderBy('id')
      .limit(ENDORSEMENT_LINES)
      .execute();
    const title = `${t('correction.endorsement.title')} ${c.correction_no}`;
    const doc = await createPdf({
      title,
      subject: t('correction.endorsement.subject', { policyNo: policy.policy_no }),
    });
    doc.font('bold').fontSize(18).text(t('correction.endorsement.title'), { align: 'center' });
    doc.moveDown();
    fieldTable(doc, [
      [t('correction.endorsement.no'), c.correction_no],
      [t('correction.endorsement.policyNo'), policy.policy_no],
      [t('correction.endorsement.product'), productNameIn(locale, c)],
      [t('correction.endorsement.holder'), policy.holder_name],
      [t('correction.endorsement.effectiveDate'), c.effective_date],
      [t('correction.endorsement.peopleChanged'), String(c.item_count)],
      [t('correction.endorsement.premiumDue'), formatFen(Number(c.premium_fen))],
      [t('correction.endorsement.refund'), formatFen(Number(c.refund_fen))],
      [t('correction.endorsement.net'), formatFen(Number(c.net_fen ?? 0))],
      [t('correction.endorsement.inForceSince'), formatStamp(c.in_force_at, locale)],
    ]);
    doc.moveDown();
    doc.x = doc.page.margins.left;
    doc.font('bold').fontSize(12).text(t('correction.endorsement.people'));
    doc.moveDown(0.3);
    for (const i of items) {
      doc
        .font('body')
        .fontSize(9)
        .text(
          `${t(`correction.line.${i.action}`)}  ${i.name}  ${maskIdNumber(i.id_number)}  ${formatFen(Number(i.premium_fen ?? 0))}`,
        );
    }
    if (c.item_count > items.length) doc.text(t('correction.endorsement.more', { count: c.item_count - items.length }));
    doc.moveDown();
    doc.fontSize(9).text(t('correction.endorsement.footer'));
    return { filename: `endorsement-${c.correction_no}.pdf`, type: 'pdf', body: await pdfBuffer(doc) };
  }
}
