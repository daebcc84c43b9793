/**
 * The building blocks of the calls' request schemas (src/contract/io/*.requests.ts): TypeBox
 * schemas whose static types are the requests the portal sends and the values the gateway's
 * handlers receive. The gateway decodes form fields by these schemas before any handler runs
 * (src/server/http/decode.ts); the portal imports only their types.
 */
import { Type, type SchemaOptions, type TLiteral, type TUnion } from '@sinclair/typebox';

/**
 * Schemas may carry `errorKey`: the gateway's catalogue key of the sentence that says what is wrong
 * with the field in the user's words (otherwise a generic sentence naming the field is said).
 */
declare module '@sinclair/typebox' {
  interface SchemaOptions {
    errorKey?: string;
  }
}

/** A database id (a positive 32-bit integer). */
export const Id = (o: SchemaOptions = {}) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...o });

/** A list of ids, sent as a JSON array in one form field. */
export const IdList = (maxItems = 500) => Type.Array(Id(), { minItems: 1, maxItems });

/** Non-empty text of at most `max` characters (surrounding spaces are trimmed first). */
export const Text = (max: number, o: SchemaOptions = {}) => Type.String({ minLength: 1, maxLength: max, ...o });

/** A calendar date written YYYY-MM-DD (a real date: 2026-02-30 is refused). */
export const IsoDate = (o: SchemaOptions = {}) => Type.String({ format: 'date', maxLength: 10, ...o });

/** A whole number between bounds. */
export const Int = (minimum: number, maximum: number, o: SchemaOptions = {}) =>
  Type.Integer({ minimum, maximum, ...o });

/** One of a few words. */
export function OneOf<const T extends readonly string[]>(values: T): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(values.map((v) => Type.Literal(v)));
}

/** One of a named state's values (src/contract/states.ts), typed as that state. */
export function StateOf<const T extends Record<string, number>>(states: T): TUnion<TLiteral<T[keyof T]>[]> {
  return Type.Union(Object.values(states).map((v) => Type.Literal(v))) as TUnion<TLiteral<T[keyof T]>[]>;
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
