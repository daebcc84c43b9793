/**
 * The requirement tracing of the model tests, on a small machine of its own: a listed requirement is
 * covered only by a path that took a state or transition carrying it at a step that asserted something.
 */
import { setup } from 'xstate';
import { requirements, type RequirementsMeta } from '@client/shared/requirements';
import { runModel, type StepCheck } from './support/modelPaths';
import { carriersOf, parseRequirements } from './support/requirements';

/** a --GO--> b --DONE--> c (final), a --SKIP--> c; R-1 on GO, R-2 on b, R-3 on c. */
const machine = setup({ types: {} as { meta: RequirementsMeta } }).createMachine({
  id: 'fake',
  initial: 'a',
  states: {
    a: { on: { GO: { target: 'b', meta: requirements('R-1') }, SKIP: 'c' } },
    b: { meta: requirements('R-2'), on: { DONE: 'c' } },
    c: { type: 'final', meta: requirements('R-3') },
  },
});

const run = (listed: string[], assertStep: (step: StepCheck<unknown>) => void) =>
  runModel({
    machine,
    events: [{ type: 'GO' }, { type: 'DONE' }, { type: 'SKIP' }],
    input: () => undefined,
    assertStep,
    requirements: listed,
  });
const checkEveryStep = (step: StepCheck<unknown>) => expect(step.state).toMatch(/^[abc]$/);

describe('requirement tracing', () => {
  it('finds what carries each requirement: state ids and transition keys', () => {
    expect(carriersOf(machine)).toEqual(
      new Map([
        ['R-1', ['fake.a --GO#0']],
        ['R-2', ['fake.b']],
        ['R-3', ['fake.c']],
      ]),
    );
  });

  it('a requirement carried by a state or transition a checked path takes is covered, with its shortest path', async () => {
    const { requirements: r } = await run(['R-1', 'R-2', 'R-3'], checkEveryStep);
    expect(r?.missing).toEqual([]);
    expect(r?.unlisted).toEqual([]);
    expect(r?.list.map((x) => [x.id, x.paths > 0, x.path])).toEqual([
      ['R-1', true, 'GO > DONE'],
      ['R-2', true, 'GO > DONE'],
      ['R-3', true, 'SKIP'],
    ]);
    expect(r?.list.find((x) => x.id === 'R-3')?.paths).toBe(2);
    expect(r?.chosen).toEqual(['GO > DONE', 'SKIP']);
  });

  it('a listed requirement nothing carries is not covered', async () => {
    const { requirements: r } = await run(['R-1', 'R-2', 'R-3', 'R-4'], checkEveryStep);
    expect(r?.missing).toEqual(['R-4']);
    expect(r?.list.find((x) => x.id === 'R-4')).toEqual({
      id: 'R-4',
      carriers: [],
      paths: 0,
      unasserted: 0,
      path: null,
    });
  });

  it('a path that asserts nothing where it takes a requirement does not cover it', async () => {
    const { requirements: r } = await run(['R-1', 'R-2', 'R-3'], (step) => {
      if (step.state !== 'c') checkEveryStep(step);
    });
    expect(r?.missing).toEqual(['R-3']);
    const r3 = r?.list.find((x) => x.id === 'R-3');
    expect([r3?.paths, r3?.unasserted]).toEqual([0, 2]);
  });

  it('a requirement the machine carries but the docs do not list for it is reported', async () => {
    const { requirements: r } = await run(['R-1', 'R-2'], checkEveryStep);
    expect(r?.unlisted).toEqual(['R-3']);
  });

  it('reads the table of docs/requirements.md', () => {
    const rows = parseRequirements(
      [
        '| ID | machines | sentence | source |',
        '|---|---|---|---|',
        '| COR-1 | correction | "Before a correction, checks are called." | SPEC.md §5 |',
        '| PAY-2 | correction, payment | "a | inside" | payments.md |',
      ].join('\n'),
    );
    expect(rows).toEqual([
      {
        id: 'COR-1',
        machines: ['correction'],
        sentence: '"Before a correction, checks are called."',
        source: 'SPEC.md §5',
      },
      { id: 'PAY-2', machines: ['correction', 'payment'], sentence: '"a | inside"', source: 'payments.md' },
    ]);
  });
});
