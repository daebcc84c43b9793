/**
 * Requirement tracing: the sentences of the specification the flows implement are listed with their IDs
 * in docs/requirements.md (a table: ID, machines, sentence, source); a machine names the ones a state or
 * transition implements in its `meta: { requirements: [...] }`. The model runner (`runModel`, given
 * `requirements`) collects for each ID the paths that took a state or transition carrying it at a step
 * whose checks asserted something.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface ListedRequirement {
  id: string;
  /** The machines (by id) that implement it. */
  machines: string[];
  sentence: string;
  source: string;
}

/** The table's rows (`| ID | machines | sentence | source |`), in order. */
export function parseRequirements(markdown: string): ListedRequirement[] {
  return markdown
    .split('\n')
    .map((line) => line.match(/^\|\s*([A-Z]+-\d+)\s*\|([^|]*)\|(.*)\|([^|]*)\|\s*$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map(([, id, machines, sentence, source]) => ({
      id,
      machines: machines
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      sentence: sentence.trim(),
      source: source.trim(),
    }));
}

export const REQUIREMENTS_FILE = join(__dirname, '../../../docs/requirements.md');

/** The IDs docs/requirements.md lists for a machine (its id). */
export function listedRequirements(machine: string, file = REQUIREMENTS_FILE): string[] {
  const rows = parseRequirements(readFileSync(file, 'utf8'));
  if (!rows.length) throw new Error(`${file} lists no requirement`);
  return rows.filter((r) => r.machines.includes(machine)).map((r) => r.id);
}

const requirementsOf = (meta: unknown): string[] => {
  const list = (meta as { requirements?: unknown } | undefined)?.requirements;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
};

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => nodesOf(child)),
];

/**
 * What carries each requirement: state ids and transition keys (`<source id> --<event>#<index>`, as the
 * coverage names them), by requirement ID.
 */
export function carriersOf(machine: AnyStateMachine): Map<string, string[]> {
  const carriers = new Map<string, string[]>();
  const add = (ids: string[], carrier: string) => {
    for (const id of ids) carriers.set(id, [...(carriers.get(id) ?? []), carrier]);
  };
  for (const node of nodesOf(machine.root)) {
    add(requirementsOf(node.meta), node.id);
    const lists: Array<[string, AnyTransitionDefinition[]]> = [
      ...node.transitions.entries(),
      ['always', node.always ?? []],
    ];
    for (const [eventType, list] of lists)
      list.forEach((t, i) => add(requirementsOf(t.meta), `${node.id} --${eventType}#${i}`));
  }
  return carriers;
}

export interface RequirementCoverage {
  id: string;
  /** The states and transitions carrying it. */
  carriers: string[];
  /** Paths that took a carrier at a step whose checks asserted something. */
  paths: number;
  /** Steps that took a carrier and asserted nothing (they cover nothing). */
  unasserted: number;
  /** The shortest covering path (its events), if any. */
  path: string | null;
}

export interface RequirementReport {
  list: RequirementCoverage[];
  /** Listed for the machine, covered by no path that asserted something. */
  missing: string[];
  /** Carried by the machine but not listed for it in docs/requirements.md. */
  unlisted: string[];
  /** The short list of paths that show every covered requirement: each one's shortest covering path. */
  chosen: string[];
}

/** Collects, path by path and step by step, which requirements a checked step went through. */
export class RequirementTracer {
  private readonly carriers: Map<string, string[]>;
  private readonly byCarrier = new Map<string, string[]>();
  private readonly covering = new Map<string, Map<string, number>>();
  private readonly unasserted = new Map<string, number>();

  constructor(
    machine: AnyStateMachine,
    private readonly listed: string[],
  ) {
    this.carriers = carriersOf(machine);
    for (const [id, list] of this.carriers)
      for (const carrier of list) this.byCarrier.set(carrier, [...(this.byCarrier.get(carrier) ?? []), id]);
  }

  /**
   * One step of a path: the states it was in and the transitions it took (state ids, transition keys),
   * and how many assertions its checks made.
   */
  step(path: string, length: number, visited: string[], assertions: number) {
    const ids = new Set(visited.flatMap((v) => this.byCarrier.get(v) ?? []));
    for (const id of ids) {
      if (assertions > 0) {
        const paths = this.covering.get(id) ?? new Map<string, number>();
        paths.set(path, length);
        this.covering.set(id, paths);
      } else this.unasserted.set(id, (this.unasserted.get(id) ?? 0) + 1);
    }
  }

  report(): RequirementReport {
    const ids = [...new Set([...this.listed, ...this.carriers.keys()])];
    const list = ids.map((id) => {
      const paths = [...(this.covering.get(id) ?? new Map<string, number>()).entries()];
      const shortest = paths.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0];
      return {
        id,
        carriers: this.carriers.get(id) ?? [],
        paths: paths.length,
        unasserted: this.unasserted.get(id) ?? 0,
        path: shortest?.[0] ?? null,
      };
    });
    return {
      list,
      missing: list.filter((r) => this.listed.includes(r.id) && r.paths === 0).map((r) => r.id),
      unlisted: list.filter((r) => !this.listed.includes(r.id)).map((r) => r.id),
      chosen: [...new Set(list.map((r) => r.path).filter((p): p is string => p !== null))],
    };
  }
}
