/**
 * The door of every call: form fields (or query values) decoded by the call's request schema
 * (src/contract/io/*.requests.ts) before any handler runs. Strings become the numbers, flags, lists
 * and objects the schema declares; a missing, malformed, repeated, oversized or unknown field is
 * refused (ERR_0003) with a sentence naming the field, in the user's language; the handler receives
 * typed, checked values.
 */
import { FormatRegistry, Kind, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { MessageKey, MessageParams } from '../messages/catalogue';
import { refuse } from '../services/errors';

/** A real calendar date written YYYY-MM-DD (Date.parse would roll 2026-02-30 over to March 2). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', isRealDate);

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
function convert(name: string, text: string, schema: TSchema): unknown {
  switch (schema[Kind]) {
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
      const members = schema.anyOf as TSchema[];
      const numeric = members.every((m) => m[Kind] === 'Literal' && typeof m.const === 'number');
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

const literals = (schema: TSchema) =>
  ((schema.anyOf as TSchema[] | undefined) ?? [])
    .map((m) => m.const)
    .filter((v) => v !== undefined)
    .join(', ');

/** The sentence for the first thing a schema found wrong. */
function refusal(error: ValueError, fallbackField: string) {
  const field = error.path.split('/').filter(Boolean)[0] ?? fallbackField;
  const s = error.schema;
  // A schema may name the sentence for its own field ('sms.badPhone'): say that one.
  if (typeof s.errorKey === 'string') return refuse(s.errorKey as MessageKey, { field: label(field) });
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return refuseField('input.required', field);
    case ValueErrorType.ObjectAdditionalProperties:
      return refuseField('input.unknown', field);
    case ValueErrorType.StringMaxLength:
      return refuseField('input.tooLong', field, { max: s.maxLength });
    case ValueErrorType.StringMinLength:
      return refuseField(s.minLength === 1 ? 'input.required' : 'input.tooShort', field, { min: s.minLength });
    case ValueErrorType.StringFormat:
      return s.format === 'date'
        ? refuseField(/^\d{4}-\d{2}-\d{2}$/.test(String(error.value)) ? 'input.notRealDate' : 'input.notDate', field)
        : refuseField('input.invalid', field);
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return refuseField('input.tooSmall', field, { min: s.minimum });
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return refuseField('input.tooBig', field, { max: s.maximum });
    case ValueErrorType.Integer:
      return refuseField('input.notInteger', field);
    case ValueErrorType.Number:
      return refuseField('input.notNumber', field);
    case ValueErrorType.String:
      return refuseField('input.notText', field);
    case ValueErrorType.Array:
      return refuseField('input.notList', field);
    case ValueErrorType.ArrayMaxItems:
      return refuseField('input.tooManyItems', field, { max: s.maxItems });
    case ValueErrorType.ArrayMinItems:
      return refuseField(s.minItems === 1 ? 'input.required' : 'input.tooFewItems', field, { min: s.minItems });
    case ValueErrorType.Union:
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
  const check = TypeCompiler.Compile(schema);
  const properties = schema.properties as Record<string, TSchema>;
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
    const first = check.Errors(values).First();
    if (first) throw refusal(first, Object.keys(properties)[0] ?? 'request');
    return values as Static<T>;
  };
}
