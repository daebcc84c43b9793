/**
 * Model-based testing of the real flow machines, through xstate's public API only.
 *
 * - The machine's definition (`machine.root`, `StateNode#states`, `#transitions`, `#always`, `#invoke`)
 *   says which states and transitions exist.
 * - xstate/graph traverses the machine (its invoked calls' outcomes and its delays are events of the
 *   traversal): every shortest path, one path per transition of the traversal, and (on request) every
 *   simple path ending in a final state.
 * - Each path is driven through a live actor whose calls are deferred promises the path settles step
 *   by step and whose timers fire when the path says so (a manual clock).
 * - The live actor's inspection events (`@xstate.microstep` snapshots, `@xstate.event`) say which
 *   states were entered and which transitions were taken; the coverage is compared with the definition.
 * - Transition pairs: two declared transitions taken one right after the other by one actor. The
 *   possible pairs come from the definition (`possiblePairs`); on request (`pairs: true`) the run adds,
 *   for each possible pair its paths did not take, a path made of two consecutive edges of the
 *   traversal seen to take them, and reports the pairs taken out of the possible ones.
 * - Requirements (on request, `requirements`: the IDs docs/requirements.md lists for the machine): each
 *   ID is covered by the paths that entered a state or took a transition carrying it in its
 *   `meta.requirements` at a step whose checks (`assertState`, `assertStep`) asserted something; a step
 *   that asserted nothing covers nothing (`./requirements.ts`).
 */
import {
  createActor,
  fromPromise,
  getStateNodes,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequirementTracer, type RequirementReport } from './requirements';

export interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Pending calls by actor id: a service called by the machine waits here until the path settles it. */
export class Calls {
  readonly pending = new Map<string, Deferred>();
  readonly made: string[] = [];
  /** What each call was given, in order. */
  readonly inputs: Array<{ id: string; input: unknown }> = [];

  call<T>(id: string, input?: unknown): Promise<T> {
    this.made.push(id);
    this.inputs.push({ id, input });
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** A promise actor that waits here under its invoke id (what a machine's `provide({ actors })` takes). */
  actor() {
    return fromPromise<never, unknown>(({ input, self }) => this.call<never>(self.id, input));
  }
}

/** A clock whose timers fire only when told: a delayed transition is a step of the path, not a wait. */
export class ManualClock {
  private id = 0;
  readonly timers = new Map<number, { fn: () => void; delay: number; order: number }>();

  setTimeout(fn: () => void, delay: number) {
    this.id += 1;
    this.timers.set(this.id, { fn, delay, order: this.id });
    return this.id;
  }

  clearTimeout(id: number) {
    this.timers.delete(id);
  }

  /** Fires the pending timer of this delay (the latest one set), or the only one pending. */
  fire(delay?: number) {
    const pending = [...this.timers.entries()].filter(([, t]) => delay === undefined || t.delay === delay);
    if (delay === undefined && pending.length !== 1)
      throw new Error(`${pending.length} timers pending: say which delay the path expects`);
    if (!pending.length)
      throw new Error(`no timer of ${delay} ms pending (pending: ${[...this.timers.values()].map((t) => t.delay)})`);
    const [id, timer] = pending.sort((a, b) => b[1].order - a[1].order)[0];
    this.timers.delete(id);
    timer.fn();
  }
}

export interface Coverage {
  counts: { shortest: number; transitions: number; journeys: number };
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  /** Declared but left out of the measure on purpose, each with its reason. */
  unreachable: Record<string, string>;
  paths: number;
  /** Consecutive transitions (`<t1> => <t2>`), when measured. */
  pairs?: PairCoverage;
  /** The requirements the machine carries and the docs list for it, when traced. */
  requirements?: RequirementReport;
}

export interface PairCoverage {
  /** Possible pairs taken, out of the possible ones not listed unreachable. */
  covered: number;
  /** The possible pairs not listed unreachable. */
  measured: number;
  /** Every possible pair (the definition's). */
  total: number;
  /** Possible pairs neither taken nor listed unreachable. */
  missing: string[];
  /** Each rule of `unreachablePairs` (`*` stands for any text, `{a,b}` for either), its reason and how many pairs it takes out. */
  unreachable: Array<{ rule: string; reason: string; pairs: number }>;
  /** Paths added to take pairs the other paths did not. */
  added: number;
}

const flatten = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${flatten(v)}`)
        .join('|');

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => nodesOf(child)),
];

const targetIds = (t: AnyTransitionDefinition) => (t.target ?? []).map((n) => n.id).join(',');

/**
 * Every state node id (history pseudo-states aside) and every transition the machine declares:
 * `<source id> --<event type>#<index>` for evented ones (calls' outcomes and delays included) and
 * `<source id> --always#<index>` for eventless ones.
 */
export function declared(machine: AnyStateMachine) {
  const states: string[] = [];
  const transitions: string[] = [];
  for (const node of nodesOf(machine.root)) {
    if (node.type !== 'history') states.push(node.id);
    const lists: Array<[string, AnyTransitionDefinition[]]> = [
      ...node.transitions.entries(),
      ['always', node.always ?? []],
    ];
    for (const [eventType, list] of lists) {
      list.forEach((t, i) => {
        // A taken transition is recognised by where it leads: two with the same source, event and
        // target could not be told apart.
        if (list.findIndex((o) => targetIds(o) === targetIds(t)) !== i)
          throw new Error(`${node.id} --${eventType}: two transitions lead to the same target`);
        transitions.push(`${node.id} --${eventType}#${i}`);
      });
    }
  }
  return { states, transitions };
}

interface DeclaredTransition {
  key: string;
  source: AnyStateNode;
  /** Empty for a transition that stays where it is. */
  targets: AnyStateNode[];
  eventless: boolean;
  guarded: boolean;
}

function transitionsOf(machine: AnyStateMachine): DeclaredTransition[] {
  const list: DeclaredTransition[] = [];
  for (const node of nodesOf(machine.root)) {
    const lists: Array<[string, AnyTransitionDefinition[]]> = [
      ...node.transitions.entries(),
      ['always', node.always ?? []],
    ];
    for (const [eventType, ts] of lists)
      ts.forEach((t, i) =>
        list.push({
          key: `${node.id} --${eventType}#${i}`,
          source: node,
          targets: (t.target ?? []).map((n) => (n.type === 'history' ? n.parent! : n)),
          eventless: eventType === 'always',
          guarded: Boolean(t.guard),
        }),
      );
  }
  return list;
}

const ancestorsOf = (node: AnyStateNode): AnyStateNode[] =>
  node.parent ? [node, ...ancestorsOf(node.parent)] : [node];
const entered = (node: AnyStateNode): AnyStateNode[] =>
  node.type === 'compound'
    ? [node, ...node.initial.target.flatMap(entered)]
    : node.type === 'parallel'
      ? [node, ...Object.values(node.states).flatMap(entered)]
      : [node];

/** A state left in the step that enters it (an eventless transition without a guard): nothing rests there. */
const passing = (node: AnyStateNode) => (node.always ?? []).some((t) => !t.guard);

/**
 * The pairs of declared transitions (`<t1> => <t2>`) that can follow each other by the definition: t2's
 * source is active after t1 (t1's targets with their ancestors and initial states; for a transition that
 * stays, any state at or under its source but one it passes through). Nothing follows the machine's end (a final state of the
 * root). Where t1's target has eventless transitions, they come first: up to the first unguarded one,
 * which leaves no room for an event.
 */
export function possiblePairs(machine: AnyStateMachine): string[] {
  const all = transitionsOf(machine);
  const pairs: string[] = [];
  for (const t1 of all) {
    let next: DeclaredTransition[];
    if (t1.targets.length) {
      if (t1.targets.some((n) => n.type === 'final' && n.parent === machine.root)) continue;
      const active = [...new Set(t1.targets.flatMap((n) => [...entered(n), ...ancestorsOf(n)]))];
      // leaves first, as the machine looks for eventless transitions
      const order = active
        .filter((n) => n.type === 'atomic' || n.type === 'final')
        .flatMap(ancestorsOf)
        .filter((n, i, xs) => xs.indexOf(n) === i);
      const eventless: DeclaredTransition[] = [];
      let forced = false;
      for (const node of order) {
        for (const t of all.filter((x) => x.eventless && x.source === node)) {
          eventless.push(t);
          if (!t.guarded) forced = true;
          if (forced) break;
        }
        if (forced) break;
      }
      next = forced ? eventless : [...eventless, ...all.filter((x) => !x.eventless && active.includes(x.source))];
    } else {
      // A transition that stays is taken while the machine rests, never in a state it leaves at once.
      const around = (n: AnyStateNode) => ancestorsOf(n).includes(t1.source) || ancestorsOf(t1.source).includes(n);
      next = all.filter((x) => around(x.source) && !passing(x.source));
    }
    for (const t2 of next) pairs.push(`${t1.key} => ${t2.key}`);
  }
  return pairs;
}

/** A pair rule as a pattern: `*` stands for any text, `{a,b}` for either. */
const ruleOf = (rule: string) => {
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = rule
    .split(/(\*|\{[^}]*\})/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith('{') && part.endsWith('}')
          ? `(?:${part.slice(1, -1).split(',').map(escape).join('|')})`
          : escape(part),
    )
    .join('');
  return new RegExp(`^${source}$`);
};

/** The active state nodes of a snapshot (the initial configuration when there is none yet), leaves first. */
function activeNodes(machine: AnyStateMachine, snapshot: AnyMachineSnapshot | undefined): AnyStateNode[] {
  let nodes: AnyStateNode[];
  if (snapshot) nodes = getStateNodes(machine.root, snapshot.value);
  else {
    nodes = [];
    const enter = (node: AnyStateNode) => {
      nodes.push(node);
      if (node.type === 'compound') node.initial.target.forEach(enter);
      if (node.type === 'parallel') Object.values(node.states).forEach(enter);
    };
    enter(machine.root);
  }
  const unique = [...new Set(nodes)];
  const leaves = unique.filter((n) => n.type === 'atomic' || n.type === 'final');
  const ordered: AnyStateNode[] = [];
  for (const leaf of leaves)
    for (let n: AnyStateNode | undefined = leaf; n; n = n.parent) if (!ordered.includes(n)) ordered.push(n);
  return ordered;
}

const serialize = (extra?: (context: never) => unknown) => (s: AnyMachineSnapshot) =>
  JSON.stringify({
    v: s.value,
    h: Object.entries(s.historyValue ?? {}).map(([k, list]) => [k, list.map((n) => n.id)]),
    x: extra?.(s.context as never),
  });

async function settle() {
  // Promise outcomes reach the actor within a few microtasks; no timers are involved.
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export type Step = { state: { value: unknown; status?: string; context?: unknown }; event: EventObject };

export interface ModelPaths {
  shortest: Step[][];
  /** One path per transition of the traversal: the shortest path to its source, then its event. */
  edges: Step[][];
  /** Simple paths (no state twice) ending in a final state. */
  journeys: Step[][];
  /** The traversal's edges between reachable states, by the states' keys. */
  graph: Array<{ from: string; to: string; event: EventObject; state: Step['state'] }>;
  /** The shortest path to each reachable state, by its key. */
  heads: Map<string, Step[]>;
  /** A snapshot's key in the traversal (its value, history and `traversal.key`). */
  key(snapshot: AnyMachineSnapshot): string;
}

export interface TraversalOptions {
  /** Context the traversal must tell apart (a countdown's value, say); states are told by value otherwise. */
  key?: (context: never) => unknown;
  /** Also every simple path ending in a final state (small machines only). */
  journeys?: boolean;
}

/** The paths of a machine for the given event payloads (see the file's comment). */
export function modelPaths(
  machine: AnyStateMachine,
  events: AnyEventObject[],
  input: unknown,
  options: TraversalOptions = { journeys: true },
): ModelPaths {
  // Every event the state handles: the given payloads where there are some, the bare event otherwise.
  // Nothing happens after an end: a root's event offered to a final state would lead to a state that
  // looks like a live one (the same value) but is done, and could stand for it in the traversal.
  const eventsOf = (state: AnyMachineSnapshot) =>
    state.status !== 'active'
      ? []
      : [...new Set(activeNodes(machine, state).flatMap((n) => [...n.transitions.keys()]))].flatMap((type) => {
          const matching = events.filter((e) => e.type === type);
          return matching.length ? matching : [{ type }];
        });
  const key = serialize(options.key);
  const traversal = { events: eventsOf, serializeState: key as never, input: input as never };
  const shortest = getShortestPaths(machine, traversal);
  const toState = new Map(shortest.map((p) => [key(p.state as never), p.steps as Step[]]));
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: Step['state'] }> }
  >;
  const edges: Step[][] = [];
  const graph: ModelPaths['graph'] = [];
  for (const [k, node] of Object.entries(adjacency)) {
    const head = toState.get(k);
    if (!head) continue;
    for (const t of Object.values(node.transitions)) {
      edges.push([...head, { state: t.state, event: t.event }]);
      graph.push({ from: k, to: key(t.state as never), event: t.event, state: t.state });
    }
  }
  const journeys = options.journeys
    ? getSimplePaths(machine, traversal)
        .filter((p) => (p.state as { status?: string }).status === 'done')
        .map((p) => p.steps as Step[])
    : [];
  return { shortest: shortest.map((p) => p.steps as Step[]), edges, journeys, graph, heads: toState, key };
}

/** Drops every path that is the beginning of another one: what is left still visits everything. */
export function withoutPrefixes(paths: Step[][]): Step[][] {
  const key = (steps: Step[]) => steps.map((s) => JSON.stringify(s.event)).join('>');
  const keys = paths.map(key);
  const unique = [...new Map(paths.map((p, i) => [keys[i], p])).values()];
  return unique.filter((p) => {
    const k = key(p);
    return !unique.some((q) => q !== p && key(q).length > k.length && key(q).startsWith(`${k}>`));
  });
}

/**
 * Collects the states entered and the transitions taken by live actors of the machine (or of a
 * variant of it made with `provide`: the same state ids), from their inspection events. A microstep's
 * transition is the first declared one of the active states (leaves first) for its event, or the
 * first eventless one after it, whose target the next snapshot is in.
 */
export class CoverageTracker {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  /** Consecutive transitions of one actor, `<t1> => <t2>`. */
  readonly pairs = new Set<string>();
  /** The transitions each actor took, in order, by its session id (`?` for a microstep not told). */
  readonly log = new Map<string, string[]>();
  /** The states each actor was in (at each of its snapshots) and the transitions it took, in order, by session id. */
  readonly visits = new Map<string, string[]>();
  private readonly actors = new Map<string, { last?: AnyMachineSnapshot; evented: boolean }>();
  constructor(private readonly machine: AnyStateMachine) {}

  private ours(snapshot: unknown) {
    return (snapshot as AnyMachineSnapshot | undefined)?.machine?.id === this.machine.id;
  }

  private enter(nodes: AnyStateNode[], sessionId: string) {
    const visits = this.visits.get(sessionId) ?? [];
    this.visits.set(sessionId, visits);
    for (const node of nodes)
      if (node.type !== 'history') {
        this.states.add(node.id);
        visits.push(node.id);
      }
  }

  /** Pass as createActor's / useMachine's `inspect` option. */
  inspect = (event: { type: string }) => {
    const ev = event as InspectionEvent;
    const ref = ev.actorRef as AnyActorRef;
    if (ev.type === '@xstate.event') {
      if (!this.ours(ref.getSnapshot?.())) return;
      const seen = this.actors.get(ref.sessionId);
      if (seen) seen.evented = true;
      return;
    }
    if (ev.type !== '@xstate.microstep' && ev.type !== '@xstate.snapshot') return;
    const next = ev.snapshot as AnyMachineSnapshot;
    if (!this.ours(next)) return;
    const actor = this.actors.get(ref.sessionId) ?? { evented: false };
    this.actors.set(ref.sessionId, actor);
    const machine = next.machine as AnyStateMachine;
    if (!actor.last) this.enter(activeNodes(machine, undefined), ref.sessionId);
    const nextNodes = activeNodes(machine, next);
    this.enter(nextNodes, ref.sessionId);
    if (ev.type === '@xstate.microstep') {
      const from = activeNodes(machine, actor.last);
      const nextIds = new Set(nextNodes.map((n) => n.id));
      const leadsThere = (t: AnyTransitionDefinition) =>
        t.target?.length
          ? t.target.every((n) => nextIds.has(n.type === 'history' ? n.parent!.id : n.id))
          : JSON.stringify(actor.last?.value) === JSON.stringify(next.value);
      const candidates = from.flatMap((node) =>
        actor.evented && actor.last
          ? (node.transitions.get(ev.event.type) ?? []).map((t, i) => ({
              t,
              key: `${node.id} --${ev.event.type}#${i}`,
            }))
          : (node.always ?? []).map((t, i) => ({ t, key: `${node.id} --always#${i}` })),
      );
      const taken = candidates.find((c) => leadsThere(c.t));
      if (taken) {
        this.transitions.add(taken.key);
        this.visits.get(ref.sessionId)?.push(taken.key);
      }
      const log = this.log.get(ref.sessionId) ?? [];
      this.log.set(ref.sessionId, log);
      const before = log[log.length - 1];
      if (taken && before && before !== '?') this.pairs.add(`${before} => ${taken.key}`);
      log.push(taken?.key ?? '?');
      actor.evented = false;
    }
    actor.last = next;
  };

  /** The possible pairs taken, those not taken and those taken out by the rules (see `PairCoverage`). */
  pairReport(unreachable: Record<string, string> = {}, added = 0): PairCoverage {
    const possible = possiblePairs(this.machine);
    const rules = Object.entries(unreachable).map(([rule, reason]) => ({ rule, reason, re: ruleOf(rule) }));
    const ruled = (pair: string) => rules.some((r) => r.re.test(pair));
    const stale = rules.filter((r) => !possible.some((p) => r.re.test(p)));
    if (stale.length) throw new Error(`pair rules that match no possible pair: ${stale.map((r) => r.rule).join(', ')}`);
    const taken = possible.filter((p) => this.pairs.has(p) && ruled(p));
    if (taken.length) throw new Error(`pairs said to be unreachable but taken: ${taken.join(', ')}`);
    const impossible = [...this.pairs].filter((p) => !possible.includes(p));
    if (impossible.length)
      throw new Error(`pairs taken that the definition says cannot follow: ${impossible.join(', ')}`);
    const measured = possible.filter((p) => !ruled(p));
    return {
      covered: measured.filter((p) => this.pairs.has(p)).length,
      measured: measured.length,
      total: possible.length,
      missing: measured.filter((p) => !this.pairs.has(p)),
      unreachable: rules.map(({ rule, reason, re }) => ({
        rule,
        reason,
        pairs: possible.filter((p) => re.test(p)).length,
      })),
      added,
    };
  }

  report(paths: number, counts: Coverage['counts'], unreachable: Record<string, string> = {}): Coverage {
    const { states, transitions } = declared(this.machine);
    const measured = (x: string) => !(x in unreachable);
    const missingStates = states.filter((x) => measured(x) && !this.states.has(x));
    const missingTransitions = transitions.filter((x) => measured(x) && !this.transitions.has(x));
    const stale = Object.keys(unreachable).filter((x) => this.states.has(x) || this.transitions.has(x));
    if (stale.length) throw new Error(`said to be unreachable but covered: ${stale.join(', ')}`);
    const unknown = Object.keys(unreachable).filter((x) => !states.includes(x) && !transitions.includes(x));
    if (unknown.length) throw new Error(`said to be unreachable but not declared: ${unknown.join(', ')}`);
    const statesMeasured = states.filter(measured).length;
    const transitionsMeasured = transitions.filter(measured).length;
    return {
      counts,
      paths,
      unreachable,
      states: { covered: statesMeasured - missingStates.length, total: states.length, missing: missingStates },
      transitions: {
        covered: transitionsMeasured - missingTransitions.length,
        total: transitions.length,
        missing: missingTransitions,
      },
    };
  }
}

/** One step as the model test sees it after the live actor took it. */
export interface StepCheck<S> {
  /** The state's dotted value (`codeSent.waiting`). */
  state: string;
  event: AnyEventObject;
  context: Record<string, unknown>;
  /** The context before the step. */
  previous: Record<string, unknown>;
  actor: AnyActorRef;
  input: S;
  calls: Calls;
}

export interface ModelOptions<S> {
  machine: AnyStateMachine;
  /** Payloads for the traversal: every outcome of every call, every user event. */
  events: AnyEventObject[];
  /** Builds the machine's input (services backed by `calls`) for one live run. */
  input(calls: Calls): S;
  /** The machine the live run starts (the same one with its calls provided by `calls`), if not `machine`. */
  live?(calls: Calls): AnyStateMachine;
  /** Which delay a delayed step fires (ms), when several timers are pending. */
  delayOf?(event: EventObject, context: Record<string, unknown>): number;
  traversal?: TraversalOptions;
  /** Checks what must hold in a state (by its dotted value), on the live actor. */
  assertState?(state: string, actor: AnyActorRef, input: S): void;
  /** Checks each step: the state reached and the context the step left. */
  assertStep?(step: StepCheck<S>): void;
  /** Declared states and transitions no path can reach, each with its reason. */
  unreachable?: Record<string, string>;
  /** Other inputs, each a start of its own traversal (a payment already under way, say), by name. */
  starts?: Record<string, (calls: Calls) => S>;
  /** Measure the pairs of consecutive transitions, adding paths for the pairs not taken (see `possiblePairs`). */
  pairs?: boolean;
  /** Possible pairs no path can take (`<t1> => <t2>`, `*` for any text, `{a,b}` for either), each with its reason. */
  unreachablePairs?: Record<string, string>;
  /** Trace these requirements (the IDs docs/requirements.md lists for the machine: `listedRequirements`). */
  requirements?: string[];
  /** What an event's payload says, shown after it in the requirements' paths (`done:approve(rejected)`). */
  eventNote?(event: AnyEventObject): string | undefined;
}

export async function runModel<S>(options: ModelOptions<S>): Promise<Coverage> {
  const { machine } = options;
  const tracker = new CoverageTracker(machine);
  const starts = [
    { name: '', input: options.input },
    ...Object.entries(options.starts ?? {}).map(([name, input]) => ({ name, input })),
  ];
  // Nothing happens after an end (the traversal would still offer a root's event to a final state).
  const live = (steps: Step[]) => !steps.slice(0, -1).some((s) => s.state.status === 'done');
  /** The transitions each traversal edge was seen to take, by `<start>|<state key>|<event>`. */
  const seen = new Map<string, string[]>();
  const edgeKey = (start: string, from: string, event: EventObject) => `${start}|${from}|${JSON.stringify(event)}`;
  const counts = { shortest: 0, transitions: 0, journeys: 0 };
  let driven = 0;
  const tracer = options.requirements ? new RequirementTracer(machine, options.requirements) : null;

  const drive = async (start: (typeof starts)[number], model: ModelPaths, steps: Step[], label: string) => {
    driven += 1;
    const calls = new Calls();
    const input = start.input(calls);
    const clock = new ManualClock();
    const actor = createActor(options.live?.(calls) ?? machine, { input, clock, inspect: tracker.inspect });
    const log = () => tracker.log.get(actor.sessionId) ?? [];
    const visits = () => tracker.visits.get(actor.sessionId) ?? [];
    const events = steps.filter((s) => s.event.type !== 'xstate.init');
    const path =
      `${start.name ? `(${start.name}) ` : ''}${describe(events, options.eventNote)}`.trim() || '(the start)';
    let visited = 0;
    let from = '';
    let taken = 0;
    actor.start();
    await settle();
    for (const step of steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      const previous = actor.getSnapshot().context as Record<string, unknown>;
      if (event.type.startsWith('xstate.done.actor.')) {
        const id = event.type.slice('xstate.done.actor.'.length);
        const d = calls.pending.get(id);
        if (!d) throw new Error(`path expects ${id} to be running: ${label}`);
        calls.pending.delete(id);
        d.resolve(event.output);
      } else if (event.type.startsWith('xstate.error.actor.')) {
        const id = event.type.slice('xstate.error.actor.'.length);
        const d = calls.pending.get(id);
        if (!d) throw new Error(`path expects ${id} to be running: ${label}`);
        calls.pending.delete(id);
        d.reject(event.error);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.fire(options.delayOf?.(event, previous));
      } else if (event.type !== 'xstate.init') {
        actor.send(event);
      }
      await settle();
      const snapshot = actor.getSnapshot();
      if (event.type !== 'xstate.init') seen.set(edgeKey(start.name, from, event), log().slice(taken));
      from = model.key(snapshot);
      taken = log().length;
      const state = flatten(snapshot.value);
      if (state !== flatten(step.state.value))
        expect({ path: label, state }).toEqual({ path: label, state: flatten(step.state.value) });
      const asserted = expect.getState().assertionCalls;
      options.assertState?.(state, actor, input);
      options.assertStep?.({ state, event, context: snapshot.context, previous, actor, input, calls });
      tracer?.step(path, events.length, visits().slice(visited), expect.getState().assertionCalls - asserted);
      visited = visits().length;
    }
    actor.stop();
  };

  const models = starts.map((start) => ({
    start,
    model: modelPaths(machine, options.events, start.input(new Calls()), options.traversal ?? { journeys: true }),
  }));
  for (const { start, model } of models) {
    const { shortest, edges, journeys } = model;
    counts.shortest += shortest.length;
    counts.transitions += edges.length;
    counts.journeys += journeys.length;
    // A path that begins another one visits nothing the longer one does not.
    for (const steps of withoutPrefixes([...shortest, ...edges, ...journeys].filter(live)))
      await drive(start, model, steps, `${start.name ? `(${start.name}) ` : ''}${describe(steps)}`);
  }
  const paths = driven;

  let added = 0;
  if (options.pairs) {
    // For each possible pair not taken yet: two consecutive edges of a traversal, the first seen to end
    // with the pair's first transition and the second seen to begin with its second.
    const rules = Object.keys(options.unreachablePairs ?? {}).map(ruleOf);
    const wanted = possiblePairs(machine).filter((p) => !tracker.pairs.has(p) && !rules.some((r) => r.test(p)));
    for (const pair of wanted) {
      if (tracker.pairs.has(pair)) continue;
      const [first, second] = pair.split(' => ');
      const found = models.flatMap(({ start, model }) =>
        model.graph
          .filter(
            (e1) => model.heads.has(e1.from) && seen.get(edgeKey(start.name, e1.from, e1.event))?.at(-1) === first,
          )
          .flatMap((e1) =>
            model.graph
              .filter((e2) => e2.from === e1.to && seen.get(edgeKey(start.name, e2.from, e2.event))?.[0] === second)
              .map((e2) => ({ start, model, steps: [...model.heads.get(e1.from)!, e1, e2] as Step[] })),
          ),
      );
      const path = found.find((f) => live(f.steps));
      if (!path) continue;
      added += 1;
      await drive(path.start, path.model, path.steps, `(for ${pair}) ${describe(path.steps)}`);
    }
  }

  const coverage = tracker.report(paths + added, counts, options.unreachable);
  return {
    ...coverage,
    ...(options.pairs ? { pairs: tracker.pairReport(options.unreachablePairs, added) } : {}),
    ...(tracer ? { requirements: tracer.report() } : {}),
  };
}

export function describe(
  steps: Array<{ event: EventObject }>,
  note?: (event: AnyEventObject) => string | undefined,
): string {
  return steps
    .map((s) => {
      const type = s.event.type
        .replace('xstate.done.actor.', 'done:')
        .replace('xstate.error.actor.', 'error:')
        .replace(/^xstate\.after\.(\w+)\..*$/, 'after:$1');
      const n = note?.(s.event);
      return n ? `${type}(${n})` : type;
    })
    .join(' > ');
}

/**
 * Prints a machine's coverage; with MODEL_COVERAGE_DIR set (`npm run model`) also writes it there
 * for the table.
 */
export function printCoverage(name: string, c: Coverage) {
  const reasons = Object.entries(c.unreachable);
  console.log(
    `${name}: ${c.paths} paths (from ${c.counts.shortest} shortest, ${c.counts.transitions} one per transition${c.counts.journeys ? `, ${c.counts.journeys} complete simple journeys` : ', paths that begin another dropped'}); states ${c.states.covered}/${c.states.total}; transitions ${c.transitions.covered}/${c.transitions.total}` +
      (c.states.missing.length || c.transitions.missing.length
        ? `; missing ${[...c.states.missing, ...c.transitions.missing].join(', ')}`
        : '') +
      (reasons.length ? `; unreachable ${reasons.map(([k, why]) => `${k} (${why})`).join(', ')}` : ''),
  );
  const p = c.pairs;
  if (p)
    console.log(
      `${name} transition pairs: ${p.covered}/${p.measured} taken of the possible ones (${p.total} possible, ${p.added} paths added for them)` +
        (p.missing.length ? `; missing ${p.missing.join(', ')}` : '') +
        (p.unreachable.length
          ? `; unreachable ${p.unreachable.map((r) => `${r.rule} [${r.pairs}] (${r.reason})`).join(', ')}`
          : ''),
    );
  const r = c.requirements;
  if (r)
    console.log(
      `${name} requirements: ${r.list.length - r.missing.length - r.unlisted.length}/${r.list.length - r.unlisted.length} covered by a checked path` +
        (r.missing.length ? `; missing ${r.missing.join(', ')}` : '') +
        (r.unlisted.length ? `; not listed in docs/requirements.md ${r.unlisted.join(', ')}` : '') +
        `\n${r.list.map((x) => `  ${x.id}: ${x.paths} paths (${x.carriers.join(', ') || 'carried by nothing'})`).join('\n')}`,
    );
  const dir = process.env.MODEL_COVERAGE_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name.replace(/[^\w.-]+/g, '_')}.json`), JSON.stringify({ name, ...c }));
  }
}
