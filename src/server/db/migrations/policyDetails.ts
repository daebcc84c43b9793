import type { Kysely } from 'kysely';

/**
 * For migrations that turn words kept in policies' details into codes: each policy's details (of one
 * kind, or all) given to `rewrite`, written back when it changed them; details that are not JSON are
 * left as they are.
 */
export async function rewritePolicyDetails(
  db: Kysely<any>,
  kind: string | null,
  rewrite: (details: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  let query = db.selectFrom('policy').select(['id', 'details']);
  if (kind) query = query.where('kind', '=', kind);
  for (const r of await query.execute()) {
    let d: Record<string, unknown>;
    try {
      d = JSON.parse(r.details) as Record<string, unknown>;
    } catch {
      continue;
    }
    const next = rewrite(d);
    if (JSON.stringify(next) !== JSON.stringify(d))
      await db
        .updateTable('policy')
        .set({ details: JSON.stringify(next) })
        .where('id', '=', r.id)
        .execute();
  }
}
