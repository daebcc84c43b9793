import type { Page } from '@contract/envelope';
import type { CorrectionItem } from '@contract/io/correction';
import { rosterByIds } from './checks';
import type { Trx } from './deps';
import { occupationNames } from '../occupations';
import { itemOf } from './model';
import type { Voice } from './texts';
import type { CorrectionRow, ItemRow } from './types';

/**
 * A page of a correction's lines (or of the given ones), with the person each exchange line takes
 * off the roster and each modification line changes.
 */
export async function linesPage(
  db: Trx,
  correction: CorrectionRow,
  pageNum: number,
  pageSize: number,
  voice: Voice,
  ids?: number[],
): Promise<Page<CorrectionItem>> {
  let query = db.selectFrom('correction_item').selectAll().where('correction_id', '=', correction.id);
  if (ids) query = query.where('id', 'in', ids.length ? ids : [-1]);
  const rows = await query
    .orderBy('id')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const total = ids ? ids.length : correction.item_count;
  return { list: await lines(db, correction.policy_id, rows, voice), total, pageNum, pageSize };
}

async function lines(db: Trx, policyId: number, rows: ItemRow[], voice: Voice): Promise<CorrectionItem[]> {
  const leaving = rows
    .filter((r) => (r.action === 'exchange' || r.action === 'modify') && r.person_id !== null)
    .map((r) => r.person_id as number);
  const persons = leaving.length ? await rosterByIds(db, policyId, leaving) : new Map();
  const named = await occupationNames(
    db,
    voice.locale,
    rows.map((r) => r.occupation_code),
  );
  return rows.map((r) => {
    const shown = r.action === 'exchange' || r.action === 'modify';
    const p = shown && r.person_id !== null ? persons.get(r.person_id) : undefined;
    return itemOf(r, p ? { personId: p.id, name: p.name, idNumber: p.id_number } : null, voice.t, named);
  });
}
