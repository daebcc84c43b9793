/**
 * Model-based testing of the real flow machines: @xstate/graph traverses the machine (its invoked
 * calls' outcomes and delays are events of the traversal), and every shortest and every simple path
 * is then driven through a live actor whose calls are deferred promises the test settles step by step.
 * Coverage of states and transitions is collected from the live runs and printed.
 */
import { __unsafe_getAllOwnEventDescriptors, createActor, SimulatedClock, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
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
  typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${flatten(v)}`).join('|');

/** Every state node id and every (source, event) transition declared in the machine. */
function declared(machine: AnyStateMachine) {
  const states: string[] = [];
  const transitions: string[] = [];
  const walk = (node: { id: string; type: string; states: Record<string, unknown>; transitions: Map<string, Array<{ eventType: string }>> }) => {
    if (node.type !== 'history') states.push(node.id);
    for (const [eventType, list] of node.transitions) list.forEach((_, i) => transitions.push(`${node.id} --${eventType}#${i}`));
    for (const child of Object.values(node.states)) walk(child as typeof node);
  };
  walk(machine.root as never);
  return { states, transitions };
}

const serialize = (s: { value: unknown; historyValue?: Record<string, Array<{ id: string }>> }) =>
  JSON.stringify({ v: s.value, h: Object.entries(s.historyValue ?? {}).map(([k, list]) => [k, list.map((n) => n.id)]) });

async function settle() {
  // Promise outcomes reach the actor within a few microtasks; no timers are involved.
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export async function runModel<S>(options: ModelOptions<S>): Promise<Coverage> {
  const { machine, events } = options;
  // Every event the state handles: the given payloads where there are some, the bare event otherwise.
  const eventsOf = (state: unknown) =>
    __unsafe_getAllOwnEventDescriptors(state as never).flatMap((type: string) => {
      const matching = events.filter((e) => e.type === type);
      return matching.length ? matching : [{ type }];
    });
  const traversal = { events: eventsOf, serializeState: serialize as never, input: options.input(new Calls()) as never };
  type Step = { state: { value: unknown; status?: string }; event: EventObject };
  // 1. The shortest path to every state.
  const shortest = getShortestPaths(machine, traversal);
  const toState = new Map(shortest.map((p) => [serialize(p.state as never), p.steps as Step[]]));
  // 2. Every transition out of every state: the shortest path to the state, then that event.
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<string, { transitions: Record<string, { event: EventObject; state: Step['state'] }> }>;
  const edges: Step[][] = [];
  for (const [key, node] of Object.entries(adjacency)) {
    const head = toState.get(key);
    if (!head) continue;
    for (const t of Object.values(node.transitions)) edges.push([...head, { state: t.state, event: t.event }]);
  }
  // 3. Every simple path (no state twice) that ends in a final state: the complete journeys.
  const journeys = getSimplePaths(machine, traversal)
    .filter((p) => (p.state as { status?: string }).status === 'done')
    .map((p) => p.steps as Step[]);
  const paths = [...shortest.map((p) => p.steps as Step[]), ...edges, ...journeys].map((steps) => ({ steps }));
  if (process.env.MODEL_DEBUG) console.log(`shortest ${shortest.length}, edges ${edges.length}, journeys ${journeys.length}`);

  const { states, transitions } = declared(machine);
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();

  for (const path of paths) {
    const calls = new Calls();
    const input = options.input(calls);
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input, clock: clock as never });
    // Which transition a live event took: recorded from the machine's own inspection.
    actor.system.inspect((ev: { type: string; actorRef?: unknown }) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef === actor) {
        const t = (ev as unknown as { _transitions: Array<{ source: { id: string }; eventType: string }> })._transitions;
        for (const tr of t ?? []) {
          const list = (tr.source as unknown as { transitions: Map<string, unknown[]> }).transitions.get(tr.eventType) ?? [];
          seenTransitions.add(`${tr.source.id} --${tr.eventType}#${Math.max(0, list.indexOf(tr))}`);
        }
      }
    });
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
      expect({ path: describe(path.steps), state: flatten(live.value) }).toEqual({ path: describe(path.steps), state: flatten(step.state.value) });
      for (const node of (live as unknown as { _nodes: Array<{ id: string; type: string }> })._nodes) if (node.type !== 'history') seenStates.add(node.id);
      options.assertState?.(flatten(live.value), actor, input);
    }
    actor.stop();
  }

  const missingStates = states.filter((s) => !seenStates.has(s));
  const missingTransitions = transitions.filter((t) => !seenTransitions.has(t));
  return {
    states: { covered: states.length - missingStates.length, total: states.length, missing: missingStates },
    transitions: { covered: transitions.length - missingTransitions.length, total: transitions.length, missing: missingTransitions },
    paths: paths.length,
    counts: { shortest: shortest.length, transitions: edges.length, journeys: journeys.length },
  };
}

function describe(steps: Array<{ event: EventObject }>): string {
  return steps.map((s) => s.event.type.replace('xstate.done.actor.', 'done:').replace('xstate.error.actor.', 'error:')).join(' > ');
}

export function printCoverage(name: string, c: Coverage) {
  // eslint-disable-next-line no-console
  console.log(
    `${name}: ${c.paths} paths (${c.counts.shortest} shortest, ${c.counts.transitions} one per transition, ${c.counts.journeys} complete simple journeys); states ${c.states.covered}/${c.states.total}; transitions ${c.transitions.covered}/${c.transitions.total}` +
      (c.states.missing.length || c.transitions.missing.length ? `; missing ${[...c.states.missing, ...c.transitions.missing].join(', ')}` : ''),
  );
}
