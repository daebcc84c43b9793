import type { Kysely } from 'kysely';
import { rewritePolicyDetails } from './policyDetails';

/**
 * A health policy's hospital scope, hospital network and occupation classes, and a life policy's
 * beneficiaries' relations, kept as Chinese words in its details, become codes said in each reader's language (policy.detail.<field>.<code>); a value that
 * is not one of the codes' words stays as written.
 */
export const DETAIL_CODES: Record<string, Record<string, string>> = {
  hospitalScope: { 二级及以上公立医院普通部: 'publicLevel2General' },
  hospitalNetwork: { '上海市医保定点医院（二级及以上）': 'shanghaiInsuredLevel2' },
  occupationClass: { '1-3 类': 'classes1to3' },
};

export const RELATIONS: Record<string, string> = { 配偶: 'spouse', 子女: 'child', 父母: 'parent' };

export function healthDetails() {
  return {
    up: (db: Kysely<any>) =>
      rewritePolicyDetails(db, null, (d) => {
        const next = { ...d };
        for (const [field, codes] of Object.entries(DETAIL_CODES)) {
          const value = d[field];
          if (typeof value === 'string' && codes[value]) next[field] = codes[value];
        }
        if (Array.isArray(d.beneficiaries))
          next.beneficiaries = (d.beneficiaries as Array<Record<string, unknown>>).map((b) =>
            typeof b.relation === 'string' && RELATIONS[b.relation] ? { ...b, relation: RELATIONS[b.relation] } : b,
          );
        return next;
      }),
    async down() {
      throw new Error('0602_health_details cannot be undone: restore the backup taken before it.');
    },
  };
}
