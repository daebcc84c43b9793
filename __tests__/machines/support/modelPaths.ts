/**
 * Model-based testing of the real flow machines: xstate/graph traverses the machine (its invoked
 * calls' outcomes and delays are events of the traversal), and every shortest and every simple path
 * is then driven through a live actor whose calls are deferred promises the test settles step by step.
 * Coverage of states and transitions is collected from the live runs and printed.
 */
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';

export interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Pending calls by actor id: a service called by the machine waits here until the path settles it. */
export class Calls {
  readonly pending = new Map<string, Deferred>();
  readonly made: string[] = [];

  call<T>(id: string): Promise<T> {
    this.made.push(id);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  }
}

export interface ModelOptions<S> {
  machine: AnyStateMachine;
  /** Payloads for the traversal: every outcome of every call, every user event. */
  events: EventObject[];
  /** Builds the machine's input (services backed by `calls`) for one live run. */
  input(calls: Calls): S;
  /** Checks what must hold in a state (by its dotted value), on the live actor. */
  assertState?(state: string, actor: AnyActorRef, input: S): void;
}

export interface Coverage {
  counts: { shortest: number; transitions: number; journeys: number };
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  paths: number;
}

const flatten = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${flatten(v)}`)
        .join('|');

/** Every state node id and every (source, event) transition declared in the machine. */
function declared(machine: AnyStateMachine) {
  const states: string[] = [];
  const transitions: string[] = [];
  const walk = (node: {
    id: string;
    type: string;
    states: Record<string, unknown>;
    transitions: Map<string, Array<{ eventType: string }>>;
  }) => {
    if (node.type !== 'history') states.push(node.id);
    for (const [eventType, list] of node.transitions)
      list.forEach((_, i) => transitions.push(`${node.id} --${eventType}#${i}`));
    for (const child of Object.values(node.states)) walk(child as typeof node);
  };
  walk(machine.root as never);
  return { states, transitions };
}

const serialize = (s: { value: unknown; historyValue?: Record<string, Array<{ id: string }>> }) =>
  JSON.stringify({
    v: s.value,
    h: Object.entries(s.historyValue ?? {}).map(([k, list]) => [k, list.map((n) => n.id)]),
  });

async function settle() {
  // Promise outcomes reach the actor within a few microtasks; no timers are involved.
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export type Step = { state: { value: unknown; status?: string }; event: EventObject };

export interface ModelPaths {
  shortest: Step[][];
  /** One path per transition of the traversal: the shortest path to its source, then its event. */
  edges: Step[][];
  /** Simple paths (no state twice) ending in a final state. */
  journeys: Step[][];
}

/** The paths of a machine for the given event payloads (see the file's comment). */
export function modelPaths(machine: AnyStateMachine, events: EventObject[], input: unknown): ModelPaths {
  // Every event the state handles: the given payloads where there are some, the bare event otherwise.
  const eventsOf = (state: unknown) =>
    __unsafe_getAllOwnEventDescriptors(state as never).flatMap((type: string) => {
      const matching = events.filter((e) => e.type === type);
      return matching.length ? matching : [{ type }];
    });
  const traversal = { events: eventsOf, serializeState: serialize as never, input: input as never };
  const shortest = getShortestPaths(machine, traversal);
  const toState = new Map(shortest.map((p) => [serialize(p.state as never), p.steps as Step[]]));
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: Step['state'] }> }
  >;
  const edges: Step[][] = [];
  for (const [key, node] of Object.entries(adjacency)) {
    const head = toState.get(key);
    if (!head) continue;
    for (const t of Object.values(node.transitions)) edges.push([...head, { state: t.state, event: t.event }]);
  }
  const journeys = getSimplePaths(machine, traversal)
    .filter((p) => (p.state as { status?: string }).status === 'done')
    .map((p) => p.steps as Step[]);
  return { shortest: shortest.map((p) => p.steps as Step[]), edges, journeys };
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

/** Collects visited states and transitions from an actor's inspection events. */
export class CoverageTracker {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  constructor(private readonly machine: AnyStateMachine) {}

  /** Pass as createActor's / useMachine's `inspect` option. */
  inspect = (ev: { type: string; snapshot?: unknown }) => {
    const snap = ev.snapshot as { _nodes?: Array<{ id: string; type: string; machine?: unknown }> } | undefined;
    for (const node of snap?._nodes ?? [])
      if (node.type !== 'history' && node.machine === this.machine) this.states.add(node.id);
    if (ev.type !== '@xstate.microstep') return;
    const t = (
      ev as unknown as {
        _transitions: Array<{ source: { id: string; transitions: Map<string, unknown[]> }; eventType: string }>;
      }
    )._transitions;
    for (const tr of t ?? []) {
      const list = tr.source.transitions.get(tr.eventType) ?? [];
      this.transitions.add(`${tr.source.id} --${tr.eventType}#${Math.max(0, list.indexOf(tr))}`);
    }
  };

  report(paths: number, counts: Coverage['counts']): Coverage {
    const { states, transitions } = declared(this.machine);
    const missingStates = states.filter((x) => !this.states.has(x));
    const missingTransitions = transitions.filter((x) => !this.transitions.has(x));
    return {
      counts,
      paths,
      states: { covered: states.length - missingStates.length, total: states.length, missing: missingStates },
      transitions: {
        covered: transitions.length - missingTransitions.length,
        total: transitions.length,
        missing: missingTransitions,
      },
    };
  }
}

export async function runModel<S>(options: ModelOptions<S>): Promise<Coverage> {
  const { machine } = options;
  const { shortest, edges, journeys } = modelPaths(machine, options.events, options.input(new Calls()));
  const paths = [...shortest, ...edges, ...journeys].map((steps) => ({ steps }));
  const tracker = new CoverageTracker(machine);

  for (const path of paths) {
    const calls = new Calls();
    const input = options.input(calls);
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input, clock: clock as never, inspect: tracker.inspect as never });
    actor.start();
    await settle();
    for (const step of path.steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type.startsWith('xstate.done.actor.')) {
        const id = event.type.slice('xstate.done.actor.'.length);
        const d = calls.pending.get(id);
        if (!d) throw new Error(`path expects ${id} to be running: ${describe(path.steps)}`);
        calls.pending.delete(id);
        d.resolve(event.output);
      } else if (event.type.startsWith('xstate.error.actor.')) {
        const id = event.type.slice('xstate.error.actor.'.length);
        const d = calls.pending.get(id);
        if (!d) throw new Error(`path expects ${id} to be running: ${describe(path.steps)}`);
        calls.pending.delete(id);
        d.reject(event.error);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(10 * 60_000);
      } else if (event.type !== 'xstate.init') {
        actor.send(event);
      }
      await settle();
      const live = actor.getSnapshot();
      expect({ path: describe(path.steps), state: flatten(live.value) }).toEqual({
        path: describe(path.steps),
        state: flatten(step.state.value),
      });
      options.assertState?.(flatten(live.value), actor, input);
    }
    actor.stop();
  }

  return tracker.report(paths.length, {
    shortest: shortest.length,
    transitions: edges.length,
    journeys: journeys.length,
  });
}

export function describe(steps: Array<{ event: EventObject }>): string {
  return steps
    .map((s) => s.event.type.replace('xstate.done.actor.', 'done:').replace('xstate.error.actor.', 'error:'))
    .join(' > ');
}

export function printCoverage(name: string, c: Coverage) {
  console.log(
    `${name}: ${c.paths} paths (from ${c.counts.shortest} shortest, ${c.counts.transitions} one per transition${c.counts.journeys ? `, ${c.counts.journeys} complete simple journeys` : ', paths that begin another dropped'}); states ${c.states.covered}/${c.states.total}; transitions ${c.transitions.covered}/${c.transitions.total}` +
      (c.states.missing.length || c.transitions.missing.length
        ? `; missing ${[...c.states.missing, ...c.transitions.missing].join(', ')}`
        : ''),
  );
}
