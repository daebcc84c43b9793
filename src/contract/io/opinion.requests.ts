/** Request schemas of the complaint and suggestion calls, decoded at the gateway's door. */
import type { Static } from 'typebox';
import { Empty, Id, paging, Text, Type } from '../fields';

/** Bounds of a complaint or suggestion (the gateway's tables and the portal's form share them). */
export const MAX_OPINION_TEXT = 1000;
export const MAX_PICTURES_PER_OPINION = 3;

const Kind = () =>
  Type.Union([Type.Literal('complaint'), Type.Literal('suggestion')], { errorKey: 'opinion.chooseKind' });
/** TS... for complaints, JY... for suggestions. */
const OpinionNo = () => Type.String({ pattern: '^[A-Z]{2}\\d{14,20}$', maxLength: 40, errorKey: 'opinion.noSuch' });

export const opinionRequests = {
  /** Files a complaint or suggestion (no opinionNo), or adds a follow-up message to one (opinionNo). */
  'blocLegal/opinions/updateOpinions': Type.Object({
    opinionNo: Type.Optional(OpinionNo()),
    kind: Type.Optional(Kind()),
    typeCode: Type.Optional(Text(40, { pattern: '^[a-z-]+$', errorKey: 'opinion.chooseType' })),
    title: Type.Optional(Type.String({ maxLength: 60 })),
    content: Text(MAX_OPINION_TEXT),
    contactPhone: Type.Optional(
      Type.String({ pattern: '^[0-9+\\-\\s]{7,20}$', maxLength: 20, errorKey: 'opinion.badContactPhone' }),
    ),
    /** Pictures from uploadPicture. */
    pictureIds: Type.Optional(
      Type.Array(Id({ errorKey: 'opinion.unreadablePictures' }), {
        maxItems: MAX_PICTURES_PER_OPINION,
        errorKey: 'opinion.tooManyPictures',
      }),
    ),
  }),
  'blocLegal/opinions/getUserOpinionNum': Empty(),
  'blocLegal/opinions/queryOpinionTypes': Type.Object({ kind: Type.Optional(Kind()) }),
  /** The picture itself is the multipart body's file, not a field. */
  'blocLegal/opinions/uploadPicture': Empty(),
  'blocLegal/opinions/searchList': Type.Object({
    kind: Type.Optional(Kind()),
    /** 0 or left out = every state; 1 open, 2 replied, 3 closed. */
    state: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
    ...paging(),
  }),
  'blocLegal/opinions/searchDetail': Type.Object({ opinionNo: OpinionNo() }),
  'blocLegal/opinions/picture': Type.Object({ pictureId: Id() }),
};

export type UpdateOpinionRequest = Static<(typeof opinionRequests)['blocLegal/opinions/updateOpinions']>;
