/**
 * A person on a policy's roster, declared once for both ends: what a request carries about a person
 * (`PersonFields`, checked at the gateway's door by `personFields()`), and the same fields as answers
 * carry them (`PersonRecord`: every field present, null when not known). The gateway's tables, the
 * roster files and the portal's forms are all made of these fields.
 */
import type { Static, TObject } from 'typebox';
import { IsoDate, OneOf, Text, Type } from './fields';
import { Day, Int, Nullable, Str, Words } from './answerFields';

export type Sex = 'male' | 'female';
export const SEXES = ['male', 'female'] as const satisfies readonly Sex[];

/** The fields of a person, as a form or a request sends them (spread into the request's own fields). */
export const personFields = () => ({
  /** 2-30 Chinese or Latin letters (checked by the gateway's rules, not here: the sentence is theirs). */
  name: Text(60),
  /** A resident ID number, 15 or 18 characters (the gateway says which rule it breaks). */
  idNumber: Text(30),
  /** When given, it must agree with the ID number. */
  sex: Type.Optional(OneOf(SEXES)),
  birthdate: Type.Optional(IsoDate()),
  /** A mainland mobile number, 11 digits starting with 1[3-9]. */
  phone: Type.Optional(Text(20)),
  employeeNo: Type.Optional(Text(40)),
  department: Type.Optional(Text(80)),
  /** From the occupation search; required on employer (employeeNew) policies. */
  occupationCode: Type.Optional(Text(20)),
  bankName: Type.Optional(Text(80)),
  bankAccount: Type.Optional(Text(40)),
});

/** A person's own fields as a request sends them. */
export type PersonFields = Static<TObject<ReturnType<typeof personFields>>>;

/** The fields a person's details may change (modifyInsured); an empty text clears an optional one. */
export type PersonChange = Partial<
  Pick<PersonFields, 'name' | 'phone' | 'employeeNo' | 'department' | 'occupationCode' | 'bankName' | 'bankAccount'>
>;

/** The names of a person's fields. */
export const PERSON_FIELD_NAMES = Object.keys(personFields()) as (keyof PersonFields)[];

/**
 * A person as an answer shows them: name, ID number, sex and birthdate always known; the other
 * fields null when not given. The occupation's name and risk category come with its code.
 */
export const personRecord = () => ({
  name: Str(),
  idNumber: Str(),
  sex: Words(SEXES),
  birthdate: Day(),
  phone: Nullable(Str()),
  employeeNo: Nullable(Str()),
  department: Nullable(Str()),
  occupationCode: Nullable(Str()),
  occupationName: Nullable(Str()),
  riskCategory: Nullable(Int()),
});
export type PersonRecord = Static<TObject<ReturnType<typeof personRecord>>>;
