/**
 * The model of what an HR user does and sees in the correction flow (who is in the draft), and the
 * covering set of its paths: every model state and every model transition, the journey of adding two
 * people one at a time, pricing, removing one, pricing again and paying first. Driven through the page
 * in jsdom (correctionFlow.page.test.tsx) and through the built portal in Chromium with a screenshot per
 * step (`npm run model -- correction --browser`, __tests__/e2e/model/correction.browser.ts).
 */
import { assign, getInitialSnapshot, getNextSnapshot, setup, type EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';

export type Who = 'Wang Fang' | 'Li Lei';
interface ModelContext {
  /** Who is in the draft, in the order they were added. */
  draft: Who[];
}
export type ModelEvent =
  | { type: 'START' }
  | { type: 'ADD'; who: Who }
  | { type: 'REMOVE'; who: Who }
  | { type: 'CHECK' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'SUBMIT' }
  | { type: 'PAY' }
  | { type: 'CASHIER_PAY' }
  | { type: 'SAVE_LATER' }
  | { type: 'CANCEL' };

/** What the user can do and what the page should then hold, as the user sees it. */
const model = setup({
  types: {} as { context: ModelContext; events: ModelEvent },
  guards: {
    /** One person at a time: Wang Fang first, then Li Lei. */
    canAdd: ({ context, event }) =>
      event.type === 'ADD' &&
      !context.draft.includes(event.who) &&
      (event.who === 'Wang Fang' ? context.draft.length === 0 : context.draft.join() === 'Wang Fang'),
    /** Removing a line while another one stays. */
    canRemove: ({ context, event }) =>
      event.type === 'REMOVE' && context.draft.includes(event.who) && context.draft.length === 2,
    hasItems: ({ context }) => context.draft.length > 0,
  },
}).createMachine({
  id: 'correctionModel',
  context: { draft: [] },
  initial: 'choosing',
  states: {
    choosing: { on: { START: 'editing' } },
    editing: {
      on: {
        ADD: {
          guard: 'canAdd',
          actions: assign(({ context, event }) => ({ draft: [...context.draft, (event as { who: Who }).who] })),
        },
        REMOVE: {
          guard: 'canRemove',
          actions: assign(({ context, event }) => ({
            draft: context.draft.filter((w) => w !== (event as { who: Who }).who),
          })),
        },
        CHECK: { guard: 'hasItems', target: 'preview' },
        SAVE_LATER: { guard: 'hasItems', target: 'saved' },
        CANCEL: 'cancelled',
      },
    },
    preview: { on: { BACK: 'editing', CONFIRM: 'scenario' } },
    scenario: { on: { SUBMIT: 'approved' } },
    approved: { on: { PAY: 'paying', CANCEL: 'cancelled' } },
    paying: { on: { CASHIER_PAY: 'done' } },
    done: { type: 'final' },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'START' },
  { type: 'ADD', who: 'Wang Fang' },
  { type: 'ADD', who: 'Li Lei' },
  { type: 'REMOVE', who: 'Wang Fang' },
  { type: 'CHECK' },
  { type: 'BACK' },
  { type: 'CONFIRM' },
  { type: 'SUBMIT' },
  { type: 'PAY' },
  { type: 'CASHIER_PAY' },
  { type: 'SAVE_LATER' },
  { type: 'CANCEL' },
];
export type Snap = { value: unknown; context: ModelContext; status?: string };
export type Step = { state: Snap; event: ModelEvent };
const keyOf = (s: Snap) => `${String(s.value)}[${s.context.draft.join(',')}]`;
export const eventKey = (e: EventObject) => ('who' in e ? `${e.type}(${String(e.who)})` : e.type);
const traversal = { events: EVENTS, serializeState: ((s: Snap) => keyOf(s)) as never };

/** A model state as the test must visit it: who is in the draft matters while it is edited and priced. */
const nodeOf = (s: Snap) => (['editing', 'preview'].includes(String(s.value)) ? keyOf(s) : String(s.value));
/** A transition as the test must take it: from a step of the flow to the next by one user action. */
const edgeOf = (from: Snap, e: EventObject, to: Snap) => `${String(from.value)} --${e.type}--> ${String(to.value)}`;

/** Every state and transition of the model (the events a state ignores leave it unchanged: not transitions). */
export function modelGraph(): { nodes: Set<string>; edges: Set<string> } {
  const map = getAdjacencyMap(model, traversal) as unknown as Record<
    string,
    { state: Snap; transitions: Record<string, { event: ModelEvent; state: Snap }> }
  >;
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const node of Object.values(map)) {
    nodes.add(nodeOf(node.state));
    for (const t of Object.values(node.transitions))
      if (keyOf(t.state) !== keyOf(node.state)) edges.add(edgeOf(node.state, t.event, t.state));
  }
  return { nodes, edges };
}

/** What a path visits: its states and its transitions. */
export function visits(steps: Step[]): string[] {
  const seen = steps.map((s) => nodeOf(s.state));
  for (let i = 1; i < steps.length; i += 1) seen.push(edgeOf(steps[i - 1].state, steps[i].event, steps[i].state));
  return seen;
}

/** The model's steps for a list of user events (each must be one the model takes). */
function stepsOf(events: ModelEvent[]): Step[] {
  let snap = getInitialSnapshot(model);
  const steps: Step[] = [{ state: snap as unknown as Snap, event: { type: 'xstate.init' } as never }];
  for (const event of events) {
    const next = getNextSnapshot(model, snap, event);
    if (keyOf(next as unknown as Snap) === keyOf(snap as unknown as Snap))
      throw new Error(`the model ignores ${eventKey(event)}`);
    snap = next;
    steps.push({ state: snap as unknown as Snap, event });
  }
  return steps;
}

export const JOURNEY = stepsOf([
  { type: 'START' },
  { type: 'ADD', who: 'Wang Fang' },
  { type: 'ADD', who: 'Li Lei' },
  { type: 'CHECK' },
  { type: 'BACK' },
  { type: 'REMOVE', who: 'Wang Fang' },
  { type: 'CHECK' },
  { type: 'CONFIRM' },
  { type: 'SUBMIT' },
  { type: 'PAY' },
  { type: 'CASHIER_PAY' },
]);

/** The shortest way from a state of the model to one of its ends. */
function toAnEnd(from: Snap): Step[] {
  const ends = getShortestPaths(model, { ...traversal, fromState: from as never })
    .filter((p) => (p.state as Snap).status === 'done')
    .map((p) => (p.steps as unknown as Step[]).filter((s) => (s.event.type as string) !== 'xstate.init'));
  return ends.sort((a, b) => a.length - b.length)[0] ?? [];
}

/**
 * A covering set of the model's complete paths: its simple paths that end in a final state, and for
 * every transition the shortest path to it, the transition and the shortest way on to an end (the way
 * back from the preview revisits a state, so no simple path takes it). The path adding most unvisited
 * states and transitions comes first (the shorter one on a tie), until none is left.
 */
export function coveringPaths(): { chosen: Step[][]; nodes: number; edges: number; candidates: number } {
  const shortest = new Map(
    getShortestPaths(model, traversal).map((p) => [keyOf(p.state as Snap), p.steps as unknown as Step[]]),
  );
  const map = getAdjacencyMap(model, traversal) as unknown as Record<
    string,
    { state: Snap; transitions: Record<string, { event: ModelEvent; state: Snap }> }
  >;
  const throughEdges = Object.values(map).flatMap((node) =>
    Object.values(node.transitions)
      .filter((t) => keyOf(t.state) !== keyOf(node.state))
      .map((t) => [
        ...(shortest.get(keyOf(node.state)) ?? []),
        { state: t.state, event: t.event },
        ...toAnEnd(t.state),
      ]),
  );
  const candidates = [
    ...getSimplePaths(model, traversal)
      .filter((p) => (p.state as Snap).status === 'done')
      .map((p) => p.steps as unknown as Step[]),
    ...throughEdges.filter((steps) => steps[steps.length - 1].state.status === 'done'),
  ];
  const { nodes, edges } = modelGraph();
  const left = new Set([...nodes, ...edges]);
  // The named journey first: two people added one at a time, priced, one removed, priced again, paid.
  const chosen: Step[][] = [JOURNEY];
  for (const t of visits(JOURNEY)) left.delete(t);
  while (left.size) {
    let best: Step[] | null = null;
    let gain = 0;
    for (const c of candidates) {
      const g = new Set(visits(c).filter((t) => left.has(t))).size;
      if (g > gain || (g === gain && g > 0 && best && c.length < best.length)) [best, gain] = [c, g];
    }
    if (!best) throw new Error(`no path of the model visits ${[...left].join('; ')}`);
    for (const t of visits(best)) left.delete(t);
    chosen.push(best);
  }
  return { chosen, nodes: nodes.size, edges: edges.size, candidates: candidates.length };
}

/** The correction machine's state the page must be in for each model state. */
export const MACHINE_STATE: Record<string, RegExp> = {
  choosing: /^choosing\.idle$/,
  editing: /^editing\.idle$/,
  preview: /^preview$/,
  scenario: /^scenario\.choosing$/,
  approved: /^approved$/,
  paying: /^payment\.watching\.(waiting|checking)$/,
  done: /^done$/,
  saved: /^saved$/,
  cancelled: /^cancelled$/,
};

/** A path's events, as its name in a report or a test's title. */
export const label = (steps: Step[]) =>
  steps
    .slice(1)
    .map((s) => eventKey(s.event))
    .join(' > ');
