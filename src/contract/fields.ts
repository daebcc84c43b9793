/**
 * The building blocks of the calls' request schemas (src/contract/io/*.requests.ts): TypeBox
 * schemas whose static types are the requests the portal sends and the values the gateway's
 * handlers receive. The gateway registers them as its routes' schemas and decodes form fields by
 * them before any handler runs (src/server/http/decode.ts); the portal imports only their types.
 */
import { Type, type TLiteral, type TSchema, type TSchemaOptions, type TUnion } from 'typebox';

/**
 * Schemas may carry `errorKey`: the gateway's catalogue key of the sentence that says what is wrong
 * with the field in the user's words (otherwise a generic sentence naming the field is said).
 */
declare module 'typebox' {
  interface TSchemaOptions {
    errorKey?: string;
  }
}

/** The key under which TypeBox names a schema's kind ('Integer', 'Union', ...): not part of the JSON. */
export const Kind = '~kind';

/** A schema read as the JSON Schema it is: its keywords (minimum, anyOf, errorKey, ...) by name. */
export type JsonSchema = TSchema & Record<string, unknown>;

/** A schema's kind, as TypeBox made it. */
export const kindOf = (schema: TSchema): string | undefined => (schema as { [Kind]?: string })[Kind];

/** A database id (a positive 32-bit integer). */
export const Id = (o: TSchemaOptions = {}) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...o });

/** A list of ids, sent as a JSON array in one form field. */
export const IdList = (maxItems = 500) => Type.Array(Id(), { minItems: 1, maxItems });

/** Non-empty text of at most `max` characters (surrounding spaces are trimmed first). */
export const Text = (max: number, o: TSchemaOptions = {}) => Type.String({ minLength: 1, maxLength: max, ...o });

/** A calendar date written YYYY-MM-DD (a real date: 2026-02-30 is refused). */
export const IsoDate = (o: TSchemaOptions = {}) => Type.String({ format: 'date', maxLength: 10, ...o });

/** A whole number between bounds. */
export const Int = (minimum: number, maximum: number, o: TSchemaOptions = {}) =>
  Type.Integer({ minimum, maximum, ...o });

/**
 * A union of literals, typed as the union of their values (TypeBox types a union by a tuple of its
 * members; one literal of the union of values has the same static type).
 */
type LiteralUnion<V extends string | number> = TUnion<[TLiteral<V>]>;

/** One of a few words. */
export function OneOf<const T extends readonly string[]>(values: T): LiteralUnion<T[number]> {
  return Type.Union(values.map((v) => Type.Literal(v))) as unknown as LiteralUnion<T[number]>;
}

/** One of a named state's values (src/contract/states.ts), typed as that state. */
export function StateOf<const T extends Record<string, number>>(states: T): LiteralUnion<T[keyof T]> {
  return Type.Union(Object.values(states).map((v) => Type.Literal(v))) as unknown as LiteralUnion<T[keyof T]>;
}

/** The specification's two-valued flags ("flags use 1 and 2"). */
export const Flag12 = () => Type.Union([Type.Literal(1), Type.Literal(2)]);

/** A page of a list: page number and size (the gateway applies 1 and 10 when they are left out). */
export const paging = (maxSize = 100) => ({
  pageNum: Type.Optional(Int(1, 1_000_000)),
  pageSize: Type.Optional(Int(1, maxSize)),
});

/** A key the portal makes once per user action, so that a repeated request does the action once. */
export const IdempotencyKey = () => Text(64, { pattern: '^[A-Za-z0-9_-]+$' });

/** A request without fields. */
export const Empty = () => Type.Object({});

export { Type };
