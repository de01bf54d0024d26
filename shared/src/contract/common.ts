import { Type, type Static } from 'typebox';

/**
 * Every error the API answers has this shape; `message` is French and safe to show. `champ`, when the error is about
 * one field of the request body, is that field's path in the body, dot-separated with 0-based indexes
 * (`lignes.1.dateFin`: the second tariff line's end date), so that a form shows the message beside it.
 */
export const ErrorBody = Type.Object(
  { message: Type.String(), champ: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Body of a successful write: the client shows `message` as a success toast (spec §8). */
export const MessageBody = Type.Object({ message: Type.String() }, { additionalProperties: false });
export type MessageBody = Static<typeof MessageBody>;
