import type { Kysely } from 'kysely';

/** Whole yuan written with separators ("10,000") as fen. */
const fen = (yuan: string) => Math.round(Number(yuan.replace(/,/g, '')) * 100);
const N = '(\\d[\\d,]*(?:\\.\\d+)?)';

/**
 * Deductibles written as sentences (in Chinese, some in English) and the codes they become
 * (services/policy/deductible.ts): each pattern matched whole, anything else kept as written.
 */
export const DEDUCTIBLE_SENTENCES: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^(无免赔额|none)$/i, () => 'none'],
  [new RegExp(`^免赔期? ?(\\d+) ?天$`), (m) => `days:${m[1]}`],
  [new RegExp(`^免赔 ?${N} ?元$`), (m) => `amount:${fen(m[1]!)}`],
  [
    new RegExp(`^年免赔额 ?${N} ?元(?:，赔付比例 ?(\\d+)%)?$`),
    (m) => `annual:${fen(m[1]!)}${m[2] ? `;pay:${m[2]}` : ''}`,
  ],
  [
    new RegExp(`^每次事故免赔 ?${N} ?元(?:，赔付比例 ?(\\d+)%)?$`),
    (m) => `perEvent:${fen(m[1]!)}${m[2] ? `;pay:${m[2]}` : ''}`,
  ],
  [new RegExp(`^每次事故绝对免赔额 ?${N} ?元$`), (m) => `absolute:${fen(m[1]!)}`],
  [
    new RegExp(`^每次事故绝对免赔额 ?${N} ?元或损失金额的 ?(\\d+)%，以高者为准$`),
    (m) => `absolute:${fen(m[1]!)};share:${m[2]}`,
  ],
  [/^社保报销后剩余部分 ?(\d+)% ?赔付$/, (m) => `afterSocial;pay:${m[1]}`],
  [new RegExp(`^¥${N} per year$`), (m) => `annual:${fen(m[1]!)}`],
  [new RegExp(`^¥${N} per claim$`), (m) => `perClaim:${fen(m[1]!)}`],
];

export function deductibleOf(sentence: string): string | null {
  for (const [pattern, code] of DEDUCTIBLE_SENTENCES) {
    const m = pattern.exec(sentence.trim());
    if (m) return code(m);
  }
  return null;
}

/** Coverages' deductibles, kept as sentences in the language they were written in, become codes said in each reader's. */
export function deductibles() {
  return {
    async up(db: Kysely<any>) {
      const rows = await db
        .selectFrom('policy_risk')
        .select(['id', 'deductible'])
        .where('deductible', 'is not', null)
        .execute();
      for (const r of rows) {
        const code = deductibleOf(String(r.deductible));
        if (code && code !== r.deductible)
          await db.updateTable('policy_risk').set({ deductible: code }).where('id', '=', r.id).execute();
      }
    },
    async down() {
      throw new Error('0605_deductibles cannot be undone: restore the backup taken before it.');
    },
  };
}
