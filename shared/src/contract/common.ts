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

/** The media types of the files the API answers (exports, documents, attachments). */
export const FILE_MEDIA_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml',
  txt: 'text/plain',
} as const;
export type FileExtension = keyof typeof FILE_MEDIA_TYPES;

const FILE_LABELS: Record<FileExtension, string> = {
  pdf: 'document PDF',
  xlsx: 'classeur Excel (.xlsx)',
  xml: 'XML de la facture (EN 16931, CII)',
  txt: 'fichier texte (fichier des écritures comptables, ISO 8859-15)',
};

/**
 * The success answer of a route whose body is a file, for its route schema: its bytes under each media type it may
 * have (OpenAPI: a binary string). Fastify never serialises a stream or a buffer, so this only documents the
 * answer; the OpenAPI document and the contract test (api/test/openapi-contract.test.ts) read it.
 */
export const FileAnswer = (...extensions: [FileExtension, ...FileExtension[]]) => ({
  description: `Le fichier : ${extensions.map((extension) => FILE_LABELS[extension]).join(' ou ')}.`,
  content: Object.fromEntries(
    extensions.map((extension) => [
      FILE_MEDIA_TYPES[extension],
      { schema: { type: 'string' as const, format: 'binary' } },
    ]),
  ),
});
