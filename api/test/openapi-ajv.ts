// An Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) that reads the published OpenAPI document's schemas as
// the API does: ajv-formats' email, the contract's days (1900–2100) and birth dates. Used by the contract test
// (test/openapi-contract.test.ts) and the security sweep (scripts/security-sweep.ts). No vitest import here: the
// sweep runs outside vitest.
import { createRequire } from 'node:module';
import { BIRTH_DATE_FORMAT, isBirthDate, isDayInRange } from 'shared/contract';

export type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

export interface DocumentAjv {
  compile(schema: object): Validate;
}

/**
 * A new Ajv for the document's schemas. Ajv is reached through ajv-formats (a dependency of the API): the API's own
 * compiler is Fastify's, not reachable from outside. Not strict: the document carries OpenAPI's own words.
 */
export function documentAjv(): DocumentAjv {
  const require = createRequire(createRequire(import.meta.url).resolve('ajv-formats'));
  const Ajv2020 = require('ajv/dist/2020').default as new (options: object) => DocumentAjv & {
    addFormat(name: string, format: object): void;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  (require('ajv-formats').default as (instance: unknown) => void)(ajv);
  ajv.addFormat('date', { type: 'string', validate: isDayInRange });
  ajv.addFormat(BIRTH_DATE_FORMAT, { type: 'string', validate: (value: string) => isBirthDate(value) });
  ajv.addFormat('binary', { type: 'string', validate: () => true });
  return ajv;
}
