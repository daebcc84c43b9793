/**
 * The building blocks of the calls' answer schemas (src/contract/io/*.ts): TypeBox schemas whose
 * static types are what the portal reads and what the gateway's handlers must return. The gateway
 * registers them as its routes' answer schemas and serializes every answer with them
 * (fast-json-stringify: a field its schema does not list is not sent), and they are the OpenAPI
 * document's answers. The portal imports only their types.
 *
 * Objects are closed (`additionalProperties: false`): an answer says everything it carries.
 * Nullable values are typed `[type, 'null']` and words `enum`, which the serializer writes without
 * trying the schemas of a union one after the other.
 */
import { Type, type Static, type TSchema, type TProperties, type TUnsafe } from 'typebox';

export { Type, type Static };

/** An answer's object: the fields listed, nothing else. */
export const Obj = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

export const Str = (description?: string) => Type.String(description ? { description } : {});
/** A whole number: ids, counts, states, money in fen. */
export const Int = (description?: string) => Type.Integer(description ? { description } : {});
/** A number that may have a fraction (rates, units, coefficients). */
export const Num = (description?: string) => Type.Number(description ? { description } : {});
export const Bool = (description?: string) => Type.Boolean(description ? { description } : {});
/** A calendar date, written YYYY-MM-DD (as text: the serializer must not read it as a Date). */
export const Day = (description = 'a date, YYYY-MM-DD') => Type.String({ description });
/** A moment, ISO-8601. */
export const Moment = (description = 'a moment, ISO-8601') => Type.String({ description });

/** A value or null. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const json = schema as unknown as { type?: string | string[]; enum?: unknown[] };
  if (typeof json.type !== 'string') throw new Error('Nullable: the schema has no single type');
  return Type.Unsafe<Static<T> | null>({
    ...schema,
    type: [json.type, 'null'],
    ...(json.enum ? { enum: [...json.enum, null] } : {}),
  });
}

/** One of a few words. */
export const Words = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

/** A number of a named set of codes (a state, a flag), typed as that set. */
export const Code = <T extends number>(description?: string) =>
  Type.Unsafe<T>({ type: 'integer', ...(description ? { description } : {}) });

export const List = <T extends TSchema>(item: T, description?: string) =>
  Type.Array(item, description ? { description } : {});

/** Values by name (counts by state, a policy's kind-specific details). */
export const Dict = <T extends TSchema>(value: T) => Type.Record(Type.String(), value);

/** A page of a list (src/contract/envelope.ts Page). */
export const pageFields = <T extends TSchema>(item: T) => ({
  list: Type.Array(item),
  total: Int(),
  pageNum: Int(),
  pageSize: Int(),
});
export const PageOf = <T extends TSchema>(item: T) => Obj(pageFields(item));

/** A call that answers no data. */
export const NoData = () => Type.Null();

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP = 'application/zip';
export const IMAGES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * A document or an image answered as the file itself (not the envelope), of one of the media types
 * named. Its type on the portal's side is the Blob the download reads.
 */
export const FileBody = (description: string, mediaTypes: readonly string[]) =>
  Type.Unsafe<Blob>({ type: 'string', format: 'binary', description, 'x-media-types': [...mediaTypes] });

/** An HTML page of the identity provider (a form the browser posts, answered by a page). */
export const HtmlPage = (description: string) => Type.Unsafe<string>({ type: 'string', description });
