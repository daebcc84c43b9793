import type { CorrectionKind } from '@contract/states';

/**
 * What the people ticked on a whole-roster reconciliation become. A correction carries one kind of
 * change, so: joiners only, an addition; leavers only, a removal; changed details only, a change; as
 * many joiners as leavers, an exchange (each joiner in a leaver's place: the same premium as adding and
 * removing them). Anything else cannot be one correction, and the page says why. The portal shows the
 * plan as people tick; the gateway decides by it.
 */
export type ReconcilePlan =
  { kind: CorrectionKind; people: number } | { kind: null; problem: 'nothing' | 'mixed' | 'unequal' };

export function reconcilePlan(joiners: number, leavers: number, changes: number): ReconcilePlan {
  if (!joiners && !leavers && !changes) return { kind: null, problem: 'nothing' };
  if (changes) return joiners || leavers ? { kind: null, problem: 'mixed' } : { kind: 'modify', people: changes };
  if (joiners && leavers)
    return joiners === leavers ? { kind: 'exchange', people: joiners } : { kind: null, problem: 'unequal' };
  return joiners ? { kind: 'add', people: joiners } : { kind: 'subtract', people: leavers };
}
