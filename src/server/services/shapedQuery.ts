import type { Compilable, CompiledQuery } from 'kysely';

/** The values a query takes at call time: a value, a list of values (an `in`), or absent. */
export type SlotValues = Record<string, string | number | readonly (string | number)[] | undefined>;

/** Shapes kept at most (the least recently used go first). */
const SHAPES = 256;

/** What stands for a value while a shape is compiled (only then: a call's own values are never read for it). */
const MARK = '\u0000slot:';

interface Shape {
  query: CompiledQuery<unknown>;
  /** Each parameter: the slot (name, index in its list or -1) it comes from, or a constant of the query. */
  parameters: ({ slot: string; index: number } | { constant: unknown })[];
}

function markers(values: SlotValues): SlotValues {
  const out: SlotValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map((_v, i) => `${MARK}${name}[${i}]`) : `${MARK}${name}`;
  }
  return out;
}

/**
 * The shape of a call: which values are there (and how many in a list), and the options of `build`.
 * Names in another order make another key for the same shape: at worst the shape is compiled twice.
 */
function shapeKey(values: SlotValues, options: unknown): string {
  let key = options === null || options === undefined ? '' : JSON.stringify(options);
  for (const name in values) {
    const value = values[name];
    if (value !== undefined) key += Array.isArray(value) ? `|${name}[${value.length}]` : `|${name}`;
  }
  return key;
}

/**
 * A query compiled once per shape instead of built and compiled at every call: building a list's
 * query with Kysely's builder and compiling it costs more than running it.
 *
 * `build(values, options)` writes the query for one shape. It is called once per shape with markers
 * in place of the values, so it may test whether a value is there (`!== undefined`) and a list's
 * length, and must otherwise only hand the values to the query as values (a `where`, an `in`, a
 * `limit`); whatever else decides what it writes (a sort column, a direction) goes in `options`,
 * which is part of the shape. A value turned into another before it reaches the query (a `like`
 * pattern made from it) is refused when the shape is compiled: pass the finished value instead.
 * Every call then runs the same SQL text with its own parameters, on SQLite and PostgreSQL alike.
 */
export function shapedQuery<V extends SlotValues, O, R>(build: (values: V, options: O) => Compilable<R>) {
  const shapes = new Map<string, Shape>();

  function compile(values: V, options: O): Shape {
    const query = build(markers(values) as V, options).compile() as CompiledQuery<unknown>;
    if (query.sql.includes(MARK)) throw new Error('a shaped query wrote a value into its SQL text');
    const parameters = query.parameters.map((p) => {
      if (typeof p !== 'string' || !p.includes(MARK)) return { constant: p };
      const slot = p.startsWith(MARK) ? /^([A-Za-z_$][\w$]*)(?:\[(\d+)\])?$/.exec(p.slice(MARK.length)) : null;
      if (!slot || !(slot[1] in values))
        throw new Error(`a shaped query changed a value before using it: ${JSON.stringify(p)}`);
      return { slot: slot[1], index: slot[2] === undefined ? -1 : Number(slot[2]) };
    });
    return { query, parameters };
  }

  return (values: V, options: O): CompiledQuery<R> => {
    const key = shapeKey(values, options);
    let shape = shapes.get(key);
    if (shape) {
      shapes.delete(key);
    } else {
      shape = compile(values, options);
      if (shapes.size >= SHAPES) shapes.delete(shapes.keys().next().value as string);
    }
    shapes.set(key, shape);
    const parameters = shape.parameters.map((p) => {
      if ('constant' in p) return p.constant;
      const value = values[p.slot];
      return p.index < 0 ? value : (value as readonly unknown[])[p.index];
    });
    return { ...shape.query, parameters } as CompiledQuery<R>;
  };
}
