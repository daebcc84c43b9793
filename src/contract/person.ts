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

/**
 * The identity documents a person may be insured with: the mainland resident ID card, a passport, the
 * Hong Kong and Macau residents' travel permit to the mainland (回乡证), the Hong Kong / Macau / Taiwan
 * residents' residence permit, the Taiwan residents' travel permit and the foreigner's permanent
 * residence card. Each number's rules: src/common/idDocument.ts.
 */
export const ID_TYPES = [
  'residentId',
  'passport',
  'hkMacauPermit',
  'residencePermit',
  'taiwanPermit',
  'foreignPermanent',
] as const;
export type IdType = (typeof ID_TYPES)[number];

/** The fields of a person, as a form or a request sends them (spread into the request's own fields). */
export const personFields = () => ({
  /** 2-30 Chinese or Latin letters (checked by the gateway's rules, not here: the sentence is theirs). */
  name: Text(60),
  /** The identity document; a resident ID card when not given. */
  idType: Type.Optional(OneOf(ID_TYPES)),
  /** The document's number, checked by its type's rules (the gateway says which rule it breaks). */
  idNumber: Text(30),
  /**
   * Required when the document's number does not carry them (passports and travel permits); when
   * the number carries them, they must agree with it when given.
   */
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
 * A person as an answer shows them: name, identity document, sex and birthdate always known; the other
 * fields null when not given. The occupation's name and risk category come with its code.
 */
export const personRecord = () => ({
  name: Str(),
  idType: Words(ID_TYPES),
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
