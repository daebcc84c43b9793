/**
 * Every JSON answer a gateway test receives is checked against what its handler returned. The route's
 * answer schema serializes it (fast-json-stringify), which drops a field the schema does not list and
 * truncates a fraction declared whole: each serializer Fastify compiles is wrapped here to compare its
 * text with JSON.stringify of the same value, and a difference fails the test file, naming the field.
 */

/** The differences found in this test file: where, and what the schema made of the value. */
const mockAnswerMismatches = new Set<string>();

/** The differences found so far, forgotten once read (for a test that makes one on purpose). */
export function takeAnswerMismatches(): string[] {
  const found = [...mockAnswerMismatches];
  mockAnswerMismatches.clear();
  return found;
}

jest.mock('fast-json-stringify', () => {
  const actual = jest.requireActual<(schema: unknown, options?: unknown) => unknown>('fast-json-stringify');
  const { isDeepStrictEqual } = jest.requireActual<{ isDeepStrictEqual: (a: unknown, b: unknown) => boolean }>(
    'node:util',
  );

  /** The first place two JSON values differ, as a path (data.list.0.kind). */
  const difference = (a: unknown, b: unknown, path: string): string | null => {
    if (isDeepStrictEqual(a, b)) return null;
    if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const key of keys) {
        const found = difference(
          (a as Record<string, unknown>)[key],
          (b as Record<string, unknown>)[key],
          path ? `${path}.${key}` : key,
        );
        if (found) return found;
      }
    }
    return `${path || '(answer)'}: sent ${JSON.stringify(a)?.slice(0, 120)}, returned ${JSON.stringify(b)?.slice(0, 120)}`;
  };

  const checked = (schema: unknown, options?: unknown) => {
    const serialize = actual(schema, options);
    if (typeof serialize !== 'function') return serialize;
    return (value: unknown) => {
      const text = (serialize as (v: unknown) => string)(value);
      const plain = JSON.stringify(value);
      if (plain !== undefined) {
        const found = difference(JSON.parse(text), JSON.parse(plain), '');
        if (found) mockAnswerMismatches.add(found);
      }
      return text;
    };
  };
  return Object.assign(checked, actual);
});

afterAll(() => {
  expect({ 'answers that their schema changed': takeAnswerMismatches() }).toEqual({
    'answers that their schema changed': [],
  });
});
