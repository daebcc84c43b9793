/**
 * The door of every call: form fields (or query values) decoded by the call's request schema
 * (src/contract/io/*.requests.ts) before any handler runs. Strings become the numbers, flags, lists
 * and objects the schema declares; a missing, malformed, repeated, oversized or unknown field is
 * refused (ERR_0003) with a sentence naming the field, in the user's language; the handler receives
 * typed, checked values. It is Fastify's validator for the routes' schemas (`validatorCompiler`,
 * built on TypeBox's compiler: Ajv would coerce "1e3" to a whole number and word its refusals in
 * English), and the decoder of the pages that show a refusal themselves (`decodeValues`).
 */
import type { Static, TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TValidationError } from 'typebox/error';
import { kindOf, type JsonSchema as Json } from '@contract/fields';
import type { FastifySchemaCompiler } from 'fastify';
import type { MessageKey, MessageParams } from '../messages/catalogue';
import { DomainError, refuse } from '../services/errors';

/** Fields every call carries that are not the call's own values. */
const TRANSPORT_FIELDS = new Set(['channelType']);

/** A field's name as the person knows it: its catalogue label ('field.<name>'), else the name. */
const label = (name: string) => ({ key: `field.${name}`, fallback: name });

const refuseField = (key: MessageKey, name: string, params: MessageParams = {}) =>
  refuse(key, { field: label(name), ...params });

/** What a form field arrived as: text, a file part, or several values under one name. */
type Raw = string | { file: true } | { repeated: true };

/** Form bodies (formbody), multipart bodies (fields attached to the body) and query strings alike. */
function rawFields(source: unknown): Map<string, Raw> {
  const fields = new Map<string, Raw>();
  if (!source || typeof source !== 'object') return fields;
  for (const key of Object.keys(source)) {
    const value = (source as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      const parts = value.filter((p) => !(p && typeof p === 'object' && (p as { type?: string }).type === 'file'));
      if (parts.length > 1) fields.set(key, { repeated: true });
      else if (parts.length === 1) fields.set(key, partText(parts[0]));
      else fields.set(key, { file: true });
    } else if (value && typeof value === 'object' && (value as { type?: string }).type === 'file') {
      fields.set(key, { file: true });
    } else if (value !== undefined && value !== null) {
      fields.set(key, partText(value));
    }
  }
  return fields;
}

function partText(value: unknown): string {
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'field') {
    return String((value as { value?: unknown }).value ?? '');
  }
  return typeof value === 'string' ? value : String(value);
}

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;

/** One field's text as the type its schema declares. */
function convert(name: string, text: string, schema: Json): unknown {
  switch (kindOf(schema)) {
    case 'Integer':
      if (!INTEGER.test(text)) throw refuseField('input.notInteger', name);
      return Number(text);
    case 'Number':
      if (!NUMBER.test(text)) throw refuseField('input.notNumber', name);
      return Number(text);
    case 'Boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw refuseField('input.invalid', name);
    case 'Literal':
      return typeof schema.const === 'number' && INTEGER.test(text) ? Number(text) : text;
    case 'Union': {
      const members = schema.anyOf as Json[];
      const numeric = members.every((m) => kindOf(m) === 'Literal' && typeof m.const === 'number');
      if (numeric) {
        if (!INTEGER.test(text)) throw refuseField('input.notOneOf', name, { values: literals(schema) });
        return Number(text);
      }
      return text;
    }
    case 'Array':
    case 'Object':
    case 'Record':
      try {
        return JSON.parse(text);
      } catch {
        throw refuseField('input.unreadable', name);
      }
    default:
      return text;
  }
}

const literals = (schema: Json) =>
  ((schema.anyOf as Json[] | undefined) ?? [])
    .map((m) => m.const)
    .filter((v) => v !== undefined)
    .join(', ');

/** The schema a JSON pointer (`#/properties/ids/items`) names inside another. */
function schemaAt(root: Json, pointer: string): Json {
  let schema: unknown = root;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    schema = (schema as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return (schema ?? {}) as Json;
}

/** The value a JSON pointer (`/ids/0`) names inside the decoded values. */
function valueAt(values: unknown, pointer: string): unknown {
  let value = values;
  for (const part of pointer.split('/').filter(Boolean)) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/**
 * The error to word: the first one the check found, said of the outermost schema that failed at the
 * same place (a union's own refusal rather than its first member's; TypeBox lists the members'
 * errors first, and a long list may end before the union's own).
 */
function firstError(
  errors: TValidationError[],
): Pick<TValidationError, 'keyword' | 'schemaPath' | 'instancePath'> | undefined {
  const first = errors[0];
  if (!first) return undefined;
  let { schemaPath, keyword } = first;
  while (/\/anyOf\/\d+$/.test(schemaPath)) {
    schemaPath = schemaPath.replace(/\/anyOf\/\d+$/, '');
    keyword = 'anyOf';
  }
  return { keyword, schemaPath, instancePath: first.instancePath };
}

/** The sentence for the first thing a schema found wrong. */
function refusal(
  root: Json,
  values: unknown,
  error: Pick<TValidationError, 'keyword' | 'schemaPath' | 'instancePath'>,
  fallbackField: string,
) {
  const field = error.instancePath.split('/').filter(Boolean)[0] ?? fallbackField;
  const s = schemaAt(root, error.schemaPath);
  // A schema may name the sentence for its own field ('sms.badPhone'): say that one.
  if (typeof s.errorKey === 'string') return refuse(s.errorKey as MessageKey, { field: label(field) });
  switch (error.keyword) {
    case 'required':
      return refuseField('input.required', field);
    case 'additionalProperties':
      return refuseField('input.unknown', field);
    case 'maxLength':
      return refuseField('input.tooLong', field, { max: s.maxLength as number });
    case 'minLength':
      return refuseField(s.minLength === 1 ? 'input.required' : 'input.tooShort', field, {
        min: s.minLength as number,
      });
    case 'format':
      return s.format === 'date'
        ? refuseField(
            /^\d{4}-\d{2}-\d{2}$/.test(String(valueAt(values, error.instancePath)))
              ? 'input.notRealDate'
              : 'input.notDate',
            field,
          )
        : refuseField('input.invalid', field);
    case 'minimum':
      return refuseField('input.tooSmall', field, { min: s.minimum as number });
    case 'maximum':
      return refuseField('input.tooBig', field, { max: s.maximum as number });
    case 'type':
      switch (s.type) {
        case 'integer':
          return refuseField('input.notInteger', field);
        case 'number':
          return refuseField('input.notNumber', field);
        case 'string':
          return refuseField('input.notText', field);
        case 'array':
          return refuseField('input.notList', field);
        default:
          return refuseField('input.invalid', field);
      }
    case 'maxItems':
      return refuseField('input.tooManyItems', field, { max: s.maxItems as number });
    case 'minItems':
      return refuseField(s.minItems === 1 ? 'input.required' : 'input.tooFewItems', field, {
        min: s.minItems as number,
      });
    case 'anyOf':
      return literals(s)
        ? refuseField('input.notOneOf', field, { values: literals(s) })
        : refuseField('input.invalid', field);
    default:
      return refuseField('input.invalid', field);
  }
}

export type Decoder<T extends TObject> = (source: unknown) => Static<T>;

/** Compiles a call's request schema once; the decoder it returns runs on every request. */
export function decoderFor<T extends TObject>(schema: T): Decoder<T> {
  const check = Compile(schema);
  const properties = schema.properties as Record<string, Json>;
  const required = new Set(schema.required ?? []);
  return (source) => {
    const fields = rawFields(source);
    for (const name of fields.keys()) {
      if (
        !TRANSPORT_FIELDS.has(name) &&
        !Object.hasOwn(properties, name) &&
        (fields.get(name) as { file?: true }).file !== true
      ) {
        throw refuseField('input.unknown', name);
      }
    }
    const values: Record<string, unknown> = {};
    for (const [name, schemaOf] of Object.entries(properties)) {
      const raw = fields.get(name);
      if (raw !== undefined && typeof raw !== 'string') {
        if ('repeated' in raw) throw refuseField('input.repeated', name);
        continue;
      }
      const text = raw?.trim() ?? '';
      if (text === '') {
        if (required.has(name)) throw refuseField('input.required', name);
        if (schemaOf.default !== undefined) values[name] = schemaOf.default;
        continue;
      }
      values[name] = convert(name, text, schemaOf);
    }
    // The compiled check answers a valid request; the errors are walked only to word a refusal.
    if (check.Check(values)) return values as Static<T>;
    const first = firstError(check.Errors(values));
    if (first) throw refusal(schema as unknown as Json, values, first, Object.keys(properties)[0] ?? 'request');
    return values as Static<T>;
  };
}

const decoders = new WeakMap<TObject, Decoder<TObject>>();

/** The decoder of a schema, compiled once however many routes and pages decode by it. */
export function decoderOf<T extends TObject>(schema: T): Decoder<T> {
  let decode = decoders.get(schema);
  if (!decode) {
    decode = decoderFor(schema);
    decoders.set(schema, decode);
  }
  return decode as Decoder<T>;
}

/**
 * Fastify's validator for the routes' request schemas (body or querystring): the decoder above, so
 * that the handler receives the typed values and a refusal is the DomainError the error handler
 * answers in the user's language.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, method, url, httpPart }) => {
  if (kindOf(schema) !== 'Object') throw new Error(`${method} ${url}: the ${httpPart} schema is not an object`);
  const decode = decoderOf(schema as TObject);
  return (data) => {
    try {
      return { value: decode(data) };
    } catch (error) {
      if (error instanceof DomainError) return { error };
      throw error;
    }
  };
};
