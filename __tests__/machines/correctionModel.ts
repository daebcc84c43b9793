/**
 * The test model of the correction flows: the REAL machines, traversed with @xstate/graph's
 * getShortestPaths / getSimplePaths over an explicit list of events. The outcomes of the machines'
 * promises are events too (xstate.done.actor.<id> with an output, xstate.error.actor.<id> with an
 * error) and so are the named delays (xstate.after.payPoll...), so the traversal needs no running actor.
 * Replaying a path on a live actor resolves or rejects the scripted promise the path names.
 */
import { createActor, fromPromise, type AnyStateMachine, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from '@xstate/graph';
import type {
  ApprovalResult,
  CheckBeforeResult,
  CorrectionDetail,
  CorrectionState,
  CorrectionSummary,
  DraftCheckResult,
  PaymentInfo,
  PolicySummary,
  UnderwritingResult,
} from '../../src/contract/io/correction';
import type { FlowActors, FlowEvent } from '../../src/client/features/correction/correctionFlow';
import { statePath } from '../../src/client/features/correction/format';

export const policy: PolicySummary = {
  policyId: 7,
  policyNo: 'GP0007',
  productName: 'Group accident',
  kind: 'group_accident',
  variant: 'employee',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  state: 1,
  memberCount: 5,
  minMembers: 0,
  minAge: 16,
  maxAge: 65,
};

export function summary(state: CorrectionState, over: Partial<CorrectionSummary> = {}): CorrectionSummary {
  return {
    correctionId: 11,
    correctionNo: 'PC0011',
    policyId: 7,
    policyNo: 'GP0007',
    productName: 'Group accident',
    variant: 'employee',
    kind: 'add',
    state,
    stateText: state,
    effectiveDate: '2026-12-01',
    itemCount: 1,
    premiumFen: 3100,
    refundFen: 0,
    netFen: 3100,
    scenario: null,
    payType: null,
    decision: null,
    reasons: [],
    reviewDueAt: null,
    createdAt: '2026-11-22T00:00:00Z',
    updatedAt: '2026-11-22T00:00:00Z',
    submittedAt: null,
    inForceAt: null,
    actions: ['edit', 'delete'],
    ...over,
  };
}

const item = {
  itemId: 1,
  action: 'add' as const,
  personId: null,
  name: 'Wang Fang',
  idNumber: '11010519491231002X',
  sex: 'female' as const,
  birthdate: '1949-12-31',
  age: 76,
  phone: null,
  employeeNo: null,
  department: null,
  occupationCode: null,
  occupationName: null,
  riskCategory: 1,
  replaced: null,
  changes: [],
  premiumFen: 3100,
  refundFen: null,
  joinerPremiumFen: 3100,
  days: 31,
  refundWithheld: false,
  problems: [],
};

const payment: PaymentInfo = {
  paymentNo: 'PAY0001',
  amountFen: 3100,
  payStatus: 'unpaid',
  payType: 'online',
  payUrl: '/cashier/tok',
  linkExpiresAt: null,
  paidAt: null,
};
const underwriting: UnderwritingResult = {
  correction: summary('underwritten'),
  items: { list: [item], total: 1, pageNum: 1, pageSize: 50 },
  yearDays: 365,
  days: 31,
  rates: [],
};
const detail = (state: CorrectionState): CorrectionDetail => ({
  correction: summary(
    state,
    state === 'rejected' ? { decision: 'rejected', reasons: ['Member A0 is already insured on the policy.'] } : {},
  ),
  policy,
  items: { list: [item], total: 1, pageNum: 1, pageSize: 50 },
  payment: state === 'awaiting_payment' ? payment : null,
  lastImport: null,
});
const approval = (decision: ApprovalResult['decision'], paymentRequired: boolean): ApprovalResult => ({
  decision,
  reasons: decision === 'rejected' ? ['The policy would fall below its minimum number of members.'] : [],
  correction: summary(decision === 'approved' ? (paymentRequired ? 'approved' : 'in_force') : decision, {
    netFen: paymentRequired ? 3100 : -1200,
  }),
  paymentRequired,
});
const refused = (statusText: string, data?: unknown) => ({ kind: 'status', status: 'ERR_0003', statusText, data });
const checkResult: DraftCheckResult = { ok: true, correction: summary('checked'), problems: [] };
const problems = {
  ok: false,
  correction: summary('draft'),
  problems: [
    {
      itemId: 1,
      name: 'Wang Fang',
      idNumber: '11010519491231002X',
      reasons: ['Wang Fang is already insured on the policy.'],
    },
  ],
};
const before = (open: boolean): CheckBeforeResult => ({
  policy,
  openCorrection: open ? summary('draft') : null,
  earliestEffectiveDate: '2026-11-22',
  latestEffectiveDate: '2026-12-31',
  riskCategories: [],
});
const status = (payStatus: string, state: CorrectionState, checkedAt = 0) => ({
  payStatus,
  state,
  payment: { ...payment, payStatus },
  checkedAt,
});

/** Every event the traversal tries in every state: the user's and the promises' and the delays'. */
export function modelEvents(id: string, flow: 'employee' | 'insured'): EventObject[] {
  const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output }) as EventObject;
  const fail = (actor: string, error: unknown) => ({ type: `xstate.error.actor.${actor}`, error }) as EventObject;
  const restoreStates: CorrectionState[] = [
    'draft',
    'underwritten',
    'approved',
    'rejected',
    'pending',
    'awaiting_payment',
    'in_force',
    'cancelled',
  ];
  const user: FlowEvent[] = [
    { type: 'START', policyId: 7, kind: 'add', effectiveDate: '2026-12-01' },
    { type: 'RESUME', correctionId: 11 },
    { type: 'EDIT', request: { op: 'addSingle', person: { name: 'Wang Fang', idNumber: '11010519491231002X' } } },
    { type: 'SET_DATE', effectiveDate: '2026-12-02' },
    { type: 'CHECK' },
    { type: 'CONFIRM' },
    { type: 'SUBMIT', scenario: 'online' },
    { type: 'PAY' },
    { type: 'OPEN_CASHIER' },
    { type: 'CHANGE_PAY_TYPE', payType: 'transfer' },
    { type: 'CHANGE_PAY_TYPE', payType: 'online' },
    { type: 'CHECK_AGAIN' },
    { type: 'REFRESH' },
    { type: 'RETRY' },
    { type: 'BACK' },
    { type: 'DISMISS' },
    { type: 'SAVE_LATER' },
    { type: 'CANCEL' },
  ];
  return [
    ...user,
    // the promises
    done('checkBefore', before(false)),
    done('checkBefore', before(true)),
    fail('checkBefore', refused('The policy is not in force.')),
    ...restoreStates.map((s) => done('loadCorrection', detail(s))),
    fail('loadCorrection', { kind: 'network' }),
    done('edit', { correction: summary('draft'), items: [item], importResult: null }),
    done('edit', {
      correction: null,
      items: [],
      importResult: {
        importId: 3,
        fileName: 'bad.xlsx',
        totalRows: 8,
        errorRows: 4,
        ok: false,
        errors: [],
        correction: null,
      },
    }),
    fail('edit', { kind: 'timeout' }),
    ...(flow === 'insured' ? [done('check', underwriting), done('check', checkResult)] : [done('check', checkResult)]),
    fail('check', refused('The checks found problems.', problems)),
    fail('check', { kind: 'timeout' }),
    done('underwrite', underwriting),
    fail('underwrite', { kind: 'http', httpStatus: 500 }),
    done('scenarios', { allowed: ['online', 'transfer'], selected: null, correction: summary('underwritten') }),
    fail('scenarios', { kind: 'network' }),
    done('approve', approval('approved', true)),
    done('approve', approval('approved', false)),
    done('approve', approval('rejected', false)),
    done('approve', approval('pending', false)),
    fail('approve', { kind: 'timeout' }),
    done('payLink', payment),
    fail('payLink', refused('The correction is not approved.')),
    done('payStatus', status('paid', 'in_force')),
    done('payStatus', status('failed', 'awaiting_payment')),
    done('payStatus', status('closed', 'cancelled')),
    done('payStatus', status('unpaid', 'awaiting_payment', 0)),
    done('payStatus', status('unpaid', 'awaiting_payment', Number.MAX_SAFE_INTEGER)),
    fail('payStatus', { kind: 'network', checkedAt: 0 }),
    fail('payStatus', { kind: 'network', checkedAt: Number.MAX_SAFE_INTEGER }),
    done('pendingStatus', status('none', 'pending')),
    done('pendingStatus', status('none', 'approved')),
    done('pendingStatus', status('paid', 'in_force')),
    done('pendingStatus', status('none', 'rejected')),
    done('pendingStatus', status('closed', 'cancelled')),
    fail('pendingStatus', { kind: 'network' }),
    done('payType', {
      payment,
      payType: 'transfer',
      payTo: { accountName: 'Insurer', bankName: 'ICBC', accountNo: '6222000011112222' },
    }),
    done('payType', { payment, payType: 'online', payTo: null }),
    fail('payType', { kind: 'network' }),
    done('remove', summary('cancelled')),
    fail('remove', refused('The correction is already in force.')),
    // the delays
    { type: `xstate.after.payPoll.${id}.payment.polling.waiting` },
    { type: `xstate.after.pendingPoll.${id}.pending.waiting` },
  ];
}

/** A state of the model: where the machine is, and the two facts of the context its guards read. */
export function serializeState(s: AnyMachineSnapshot): string {
  const c = s.context as { correctionId: number | null; correction: CorrectionSummary | null; items: unknown[] };
  return JSON.stringify([s.value, c.correctionId !== null, (c.correction?.itemCount ?? c.items.length) > 0]);
}

type Path = { state: AnyMachineSnapshot; steps: Array<{ event: EventObject; state: AnyMachineSnapshot }> };

/**
 * The paths of the model:
 * - shortest: one shortest path to every state of the model;
 * - transitions: for every edge of the model's graph, the shortest path to its source plus that edge
 *   (so every transition is taken at least once);
 * - simple: every simple path (no state twice) of four sub-models, each from its own starting state with
 *   the events of that part of the flow (all simple paths of the whole model are too many to enumerate:
 *   BACK, RETRY, CANCEL and SAVE_LATER from almost every state make them grow exponentially).
 */
export function modelPaths(machine: AnyStateMachine, id: string, flow: 'employee' | 'insured') {
  const all = modelEvents(id, flow);
  const input = { flow, pollBaseMs: 5, pollMaxMs: 10, pollLimitMs: 60_000, pendingPollMs: 5 };
  const options = { events: all, serializeState, input };
  const logic = machine as never;
  const shortest = getShortestPaths(logic, options as never) as unknown as Path[];
  const byState = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const adjacency = getAdjacencyMap(logic, {
    ...options,
    serializeEvent: (e: EventObject) => JSON.stringify(e),
  } as never) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const transitions: Path[] = [];
  const defs = allTransitions(machine);
  for (const [from, node] of Object.entries(adjacency)) {
    const head = byState.get(from);
    if (!head) continue;
    for (const t of Object.values(node.transitions)) {
      // an event the state ignores (a targetless transition, like SET_DATE, changes only the context)
      const targetless = defs.some(
        (d) => d.event === t.event.type && d.targets.length === 0 && activeIds(node.state).includes(d.source),
      );
      if (serializeState(t.state) === from && !targetless) continue;
      transitions.push({ state: t.state, steps: [...head.steps, { event: t.event, state: t.state }] });
    }
  }
  const at = (value: string) => shortest.find((p) => JSON.stringify(p.state.value) === value);
  const pick = (re: RegExp) => all.filter((e) => re.test(e.type));
  const scopes: Array<[string, Path | undefined, EventObject[]]> = [
    [
      'draft',
      undefined,
      all.filter(
        (e) =>
          !/payStatus|payLink|payType|approve|pendingStatus|scenarios|after|^PAY$|OPEN_CASHIER|CHANGE_PAY|CHECK_AGAIN|REFRESH|SUBMIT|CONFIRM|SAVE_LATER|RESUME|loadCorrection/.test(
            e.type,
          ),
      ),
    ],
    [
      'decision',
      at('"preview"'),
      pick(/CONFIRM|SUBMIT|RETRY|REFRESH|scenarios|approve|pendingStatus|pendingPoll|^BACK$/),
    ],
    [
      'payment',
      at('"approved"'),
      pick(/^PAY$|OPEN_CASHIER|CHANGE_PAY|CHECK_AGAIN|RETRY|^BACK$|payLink|payStatus|payType|payPoll/),
    ],
    ['restore', at('{"restoring":"loading"}'), pick(/loadCorrection|RETRY/)],
  ];
  const simple: Array<Path & { scope: string }> = [];
  for (const [scope, head, events] of scopes) {
    const paths = getSimplePaths(logic, {
      events,
      serializeState,
      input,
      fromState: head?.state,
    } as never) as unknown as Path[];
    for (const p of paths)
      simple.push({ scope, state: p.state, steps: [...(head?.steps ?? []), ...p.steps.slice(head ? 1 : 0)] });
  }
  return { shortest, transitions, simple, adjacency };
}

// ---------------------------------------------------------------- coverage

/** Every state node of the machine, by id (compound and atomic). */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: { id: string; states: Record<string, unknown> }) => {
    ids.push(node.id);
    for (const child of Object.values(node.states)) walk(child as typeof node);
  };
  walk(machine.root as unknown as { id: string; states: Record<string, unknown> });
  return ids;
}

export interface TransitionDef {
  key: string;
  source: string;
  event: string;
  targets: string[];
}

/** Every transition the machine defines (each guarded candidate counts on its own). */
export function allTransitions(machine: AnyStateMachine): TransitionDef[] {
  const out: TransitionDef[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const [event, list] of node.transitions) {
      list.forEach((t, i) => {
        const targets = (t.target ?? []).map((n) => n.id);
        out.push({
          key: `${node.id} --${event}[${i}]--> ${targets.join(',') || '(self)'}`,
          source: node.id,
          event,
          targets,
        });
      });
    }
    for (const child of Object.values(node.states)) walk(child as AnyStateMachine['root']);
  };
  walk(machine.root);
  return out;
}

/** The active state node ids of a snapshot. */
export function activeIds(s: AnyMachineSnapshot): string[] {
  return (s as unknown as { _nodes: Array<{ id: string }> })._nodes.map((n) => n.id);
}

/**
 * Which defined transition a step took: the deepest active source node that has a transition for the
 * event whose targets are all active afterwards (guards are tried in order, so the first such one).
 */
export function takenTransition(
  defs: TransitionDef[],
  before: AnyMachineSnapshot,
  event: EventObject,
  after: AnyMachineSnapshot,
): TransitionDef | null {
  const was = activeIds(before);
  const now = new Set(activeIds(after));
  const candidates = defs.filter(
    (d) => d.event === event.type && was.includes(d.source) && d.targets.every((t) => now.has(t)),
  );
  candidates.sort((a, b) => b.source.split('.').length - a.source.split('.').length);
  if (!candidates.length) return null;
  // Among the candidates of the deepest source, the first whose target set is the most specific.
  const deepest = candidates.filter((c) => c.source === candidates[0].source);
  const targeted = deepest.filter((c) => c.targets.length > 0);
  if (targeted.length <= 1) return targeted[0] ?? deepest[0];
  // several guarded candidates reach active targets: the deepest target decides
  targeted.sort(
    (a, b) =>
      Math.max(...b.targets.map((t) => t.split('.').length)) - Math.max(...a.targets.map((t) => t.split('.').length)),
  );
  return targeted[0];
}

export class Coverage {
  states = new Set<string>();
  transitions = new Set<string>();
  constructor(
    private readonly machine: AnyStateMachine,
    private readonly defs = allTransitions(machine),
  ) {}
  visit(before: AnyMachineSnapshot | null, event: EventObject, after: AnyMachineSnapshot) {
    for (const id of activeIds(after)) this.states.add(id);
    if (!before) return;
    const t = takenTransition(this.defs, before, event, after);
    if (t) this.transitions.add(t.key);
  }
  report(label: string) {
    const states = allStateIds(this.machine);
    const defs = this.defs.map((d) => d.key);
    const missingStates = states.filter((s) => !this.states.has(s));
    const missingTransitions = defs.filter((d) => !this.transitions.has(d));

    console.log(
      `${label}: states ${states.length - missingStates.length}/${states.length} (${Math.round((100 * (states.length - missingStates.length)) / states.length)}%), ` +
        `transitions ${defs.length - missingTransitions.length}/${defs.length} (${Math.round((100 * (defs.length - missingTransitions.length)) / defs.length)}%)`,
    );
    return { states: states.length, transitions: defs.length, missingStates, missingTransitions };
  }
}

// ---------------------------------------------------------------- replay on a live actor

interface Deferred {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/** Scripted actors: each invocation waits until the path says how it ends. */
export function scriptedActors(): {
  actors: Partial<FlowActors>;
  pending: Map<string, Deferred>;
  inputs: Map<string, unknown[]>;
} {
  const pending = new Map<string, Deferred>();
  const inputs = new Map<string, unknown[]>();
  const make = (name: string) =>
    fromPromise<unknown, unknown>(({ input }) => {
      inputs.set(name, [...(inputs.get(name) ?? []), input]);
      return new Promise((resolve, reject) => pending.set(name, { resolve, reject }));
    });
  const names = [
    'checkBefore',
    'loadCorrection',
    'edit',
    'check',
    'underwrite',
    'scenarios',
    'approve',
    'payLink',
    'payStatus',
    'payType',
    'remove',
  ];
  return {
    actors: Object.fromEntries(names.map((n) => [n, make(n)])) as unknown as Partial<FlowActors>,
    pending,
    inputs,
  };
}

/** The src of an invoke id (the pending decision is read with the payStatus actor). */
const srcOf = (invokeId: string) => (invokeId === 'pendingStatus' ? 'payStatus' : invokeId);

async function until(check: () => boolean, what: () => string, ms = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

export interface Driver {
  /** Sends a user event (a click on the page, or straight to the actor). */
  user(event: EventObject): Promise<void> | void;
  /** Called after every step with the state the model expects. */
  check?(expected: string, live: AnyMachineSnapshot): Promise<void> | void;
  snapshot(): AnyMachineSnapshot;
  /**
   * The state a state's own timer leads to, when the driver may find the machine already there (a
   * rendered page under load can take longer than a short wait): that step counts as taken.
   */
  timerNext?(state: string): string | undefined;
  /** How long to wait for an actor or a state (ms; 2000 unless given). */
  waitMs?: number;
}

/**
 * Replays one path of the model: each user event is sent, each promise outcome resolves or rejects the
 * waiting actor, each delay is waited for; after every step the live state must equal the model's.
 */
export async function replay(
  path: { steps: Array<{ event: EventObject; state: AnyMachineSnapshot }> },
  driver: Driver,
  pending: Map<string, Deferred>,
  coverage: Coverage,
) {
  let before: AnyMachineSnapshot | null = null;
  for (const step of path.steps) {
    const expected = statePath(step.state.value);
    const e = step.event;
    if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
      const src = srcOf(e.type.split('.').slice(3).join('.'));
      await until(
        () => pending.has(src),
        () => `actor ${src} to be invoked in ${statePath(driver.snapshot().value)}`,
        driver.waitMs,
      );
      const d = pending.get(src)!;
      pending.delete(src);
      if (e.type.startsWith('xstate.done')) d.resolve((e as unknown as { output: unknown }).output);
      else d.reject((e as unknown as { error: unknown }).error);
    } else if (e.type.startsWith('xstate.after.') || e.type === 'xstate.init') {
      // a delay: the live actor's own timer fires
    } else {
      await driver.user(e);
    }
    const next = driver.timerNext?.(expected);
    await until(
      () => [expected, next].includes(statePath(driver.snapshot().value)),
      () => `state ${expected} after ${e.type}, live ${statePath(driver.snapshot().value)}`,
      driver.waitMs,
    );
    // past the expected state by its own timer: the model's snapshot stands for the step (the timer's
    // transition is then counted from it on the next step)
    const live = statePath(driver.snapshot().value) === expected ? driver.snapshot() : step.state;
    await driver.check?.(expected, driver.snapshot());
    coverage.visit(before, e, live);
    before = live;
  }
}

/** A live actor of a machine with scripted promises, for replaying paths without a page. */
export function liveActor(machine: AnyStateMachine, flow: 'employee' | 'insured') {
  const { actors, pending } = scriptedActors();
  const actor = createActor(machine.provide({ actors } as never), {
    input: { flow, pollBaseMs: 5, pollMaxMs: 10, pollLimitMs: 60_000, pendingPollMs: 5 },
  });
  actor.start();
  // the traversal's polling clock starts at 0 < every `checkedAt: MAX`; keep the live one comparable
  return { actor, pending };
}

// ---------------------------------------------------------------- a small covering set of paths

/** The states entered and the defined transitions taken along a path of the model (read from its snapshots). */
export function pathCoverage(defs: TransitionDef[], path: Path): { states: Set<string>; transitions: Set<string> } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  let before: AnyMachineSnapshot | null = null;
  for (const step of path.steps) {
    for (const id of activeIds(step.state)) states.add(id);
    if (before) {
      const t = takenTransition(defs, before, step.event, step.state);
      if (t) transitions.add(t.key);
    }
    before = step.state;
  }
  return { states, transitions };
}

/**
 * Greedy set cover: repeatedly takes the candidate path that adds the most states and transitions not
 * yet covered per step it costs (a path's cost is its number of steps plus a fixed cost for opening the
 * page), until nothing new is added or the step budget is spent. Deterministic: ties go to the earlier
 * candidate. Answers the chosen paths in the order chosen and what they cover.
 */
export function greedyCover<P extends Path>(
  machine: AnyStateMachine,
  candidates: P[],
  { maxSteps = Infinity, openCost = 4 } = {},
) {
  const defs = allTransitions(machine);
  const covers = candidates.map((p) => pathCoverage(defs, p));
  const states = new Set<string>();
  const transitions = new Set<string>();
  const chosen: P[] = [];
  let steps = 0;
  for (;;) {
    let best = -1;
    let bestScore = 0;
    candidates.forEach((p, i) => {
      const cost = p.steps.length + openCost;
      if (steps + cost > maxSteps) return;
      let gain = 0;
      for (const s of covers[i].states) if (!states.has(s)) gain += 1;
      for (const t of covers[i].transitions) if (!transitions.has(t)) gain += 1;
      const score = gain / cost;
      if (gain > 0 && score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    if (best < 0) break;
    chosen.push(candidates[best]);
    steps += candidates[best].steps.length;
    for (const s of covers[best].states) states.add(s);
    for (const t of covers[best].transitions) transitions.add(t);
  }
  return {
    chosen,
    steps,
    states,
    transitions,
    totalStates: allStateIds(machine).length,
    totalTransitions: defs.length,
  };
}
