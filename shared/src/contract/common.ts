import { Type, type Static } from 'typebox';

/** Every error the API answers has this shape; `message` is French and safe to show. */
export const ErrorBody = Type.Object({ message: Type.String() }, { additionalProperties: false });
export type ErrorBody = Static<typeof ErrorBody>;

/** Body of a successful write: the client shows `message` as a success toast (spec §8). */
export const MessageBody = Type.Object({ message: Type.String() }, { additionalProperties: false });
export type MessageBody = Static<typeof MessageBody>;
