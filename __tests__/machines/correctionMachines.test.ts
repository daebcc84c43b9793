/**
 * Model-based tests of the two correction machines on live actors: every shortest path, every
 * transition path and every simple path of the sub-models is replayed on a running actor of the real
 * machine (real delays, scripted promises), asserting after each step that the live state is the
 * model's, plus what each kind of state must hold. Coverage of states and transitions is printed and
 * must be complete. A greedy covering set of these paths is driven through the rendered pages in
 * __tests__/client/correction/flowModel.test.tsx and insuredFlowModel.test.tsx.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { employeeCorrectionMachine } from '../../src/client/features/correction/employeeCorrection.machine';
import { insuredCorrectionMachine } from '../../src/client/features/correction/insuredCorrection.machine';
import type { FlowContext } from '../../src/client/features/correction/correctionFlow';
import { Coverage, liveActor, modelPaths, replay } from './correctionModel';

/** What must hold in each kind of state, whatever the path that led there. */
export function assertState(path: string, snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as FlowContext;
  if (/failed$|Failed$/.test(path) && path !== 'payment.payFailed') expect(c.error).not.toBeNull();
  if (path === 'payment.payFailed') expect(c.payment?.payStatus).toBe('failed');
  if (/^(editing|checking|underwriting|preview|scenario|submitting)/.test(path)) expect(c.policy).not.toBeNull();
  if (/^(checking|underwriting|preview|scenario|submitting|approved|payment|pending|rejected|cancelling)/.test(path))
    expect(c.correctionId).not.toBeNull();
  if (path === 'preview') expect(c.underwriting).not.toBeNull();
  if (path.startsWith('submitting')) expect(c.approveKey).toMatch(/^k[0-9a-f]{24}$/);
  if (path === 'editing.saving' || path === 'editing.failed') expect(c.edit?.key).toMatch(/^k[0-9a-f]{24}$/);
  if (path.startsWith('payment.linking')) expect(c.payKey).toMatch(/^k[0-9a-f]{24}$/);
  if (path === 'payment.awaitingPay') expect(c.payment?.payUrl).toBeTruthy();
  if (path === 'payment.transfer') expect(c.payTo).not.toBeNull();
  if (path === 'checking.problems') expect(c.problems.length).toBeGreaterThan(0);
  if (path === 'editing.importRejected') expect(c.importResult?.ok).toBe(false);
  if (path === 'rejected') expect((c.approval?.reasons ?? c.correction?.reasons ?? []).length).toBeGreaterThan(0);
}

const machines = [
  { name: 'employeeCorrection', machine: employeeCorrectionMachine, flow: 'employee' as const },
  { name: 'insuredCorrection', machine: insuredCorrectionMachine, flow: 'insured' as const },
];

describe.each(machines)('$name machine', ({ name, machine, flow }) => {
  const { shortest, transitions, simple } = modelPaths(machine, name, flow);
  const coverage = new Coverage(machine);

  const run = async (path: Parameters<typeof replay>[0]) => {
    const { actor, pending } = liveActor(machine, flow);
    try {
      await replay(
        path,
        {
          user: (e) => actor.send(e as never),
          snapshot: () => actor.getSnapshot(),
          check: (expected, live) => assertState(expected, live),
        },
        pending,
        coverage,
      );
    } finally {
      actor.stop();
    }
  };

  it(`replays all ${shortest.length} shortest paths`, async () => {
    expect(shortest.length).toBeGreaterThan(40);
    for (const p of shortest) await run(p);
  });

  it(`replays all ${transitions.length} transition paths`, async () => {
    for (const p of transitions) await run(p);
  });

  it(`replays all ${simple.length} simple paths of the sub-models`, async () => {
    expect(new Set(simple.map((p) => p.scope))).toEqual(new Set(['draft', 'decision', 'payment', 'restore']));
    for (const p of simple) await run(p);
  });

  it('visited every state and every transition', () => {
    const r = coverage.report(
      `${name} (live actor; ${shortest.length} shortest, ${transitions.length} transition, ${simple.length} simple paths)`,
    );
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
