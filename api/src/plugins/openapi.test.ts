import type { FastifyInstance } from 'fastify';
import { RESERVATION_EXPORTS, STATS_PATHS, statsExcelPath } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp } from '../../test/helper';
import { createFolderStore } from '../lib/release-store/folder-store';
import releaseFiles from './release-files';

interface Document {
  openapi: string;
  info: { title: string; description: string };
  servers?: unknown;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, { security?: unknown[]; 'x-acces'?: string; responses?: unknown }>>;
}

type Schema = Record<string, unknown>;

interface DocumentOperation {
  parameters?: {
    in: string;
    name: string;
    required: boolean;
    schema?: Schema;
    content?: Record<string, { schema?: Schema }>;
  }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** A route schema as JSON (TypeBox's own marks dropped). */
const plain = (schema: unknown): Schema | undefined =>
  schema === undefined ? undefined : (JSON.parse(JSON.stringify(schema)) as Schema);

/** What a caller must send: the required properties Ajv does not fill in with a default. */
const requiredOf = (schema: Schema): string[] => {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return ((schema.required ?? []) as string[]).filter((key) => properties[key]?.default === undefined);
};

/** The keywords that decide whether a value passes. */
const KEYWORDS = [
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'additionalProperties',
];

/** Where the documented schema says otherwise than the validated one, at any depth. */
function compare(validated: Schema, documented: Schema | undefined, path: string, out: string[]): void {
  if (documented === undefined) {
    out.push(`${path} : absent du document`);
    return;
  }
  for (const keyword of KEYWORDS) {
    const [expected, found] = [validated, documented].map((schema) =>
      // @fastify/swagger writes a `const` as a one-value `enum`: the same constraint.
      JSON.stringify(
        keyword === 'enum' && 'const' in schema
          ? [schema.const]
          : keyword === 'const'
            ? undefined
            : schema[keyword],
      ),
    );
    if (expected !== found) out.push(`${path} ${keyword} : ${expected} ≠ ${found}`);
  }
  if (validated.properties !== undefined) {
    const required = requiredOf(validated).sort();
    const documentedRequired = ((documented.required ?? []) as string[]).slice().sort();
    if (required.join() !== documentedRequired.join())
      out.push(`${path} required : [${required.join(', ')}] ≠ [${documentedRequired.join(', ')}]`);
    const properties = validated.properties as Record<string, Schema>;
    const documentedProperties = (documented.properties ?? {}) as Record<string, Schema>;
    for (const [key, property] of Object.entries(properties))
      compare(property, documentedProperties[key], `${path}.${key}`, out);
  }
  if (typeof validated.items === 'object')
    compare(validated.items as Schema, documented.items as Schema | undefined, `${path}[]`, out);
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = validated[keyword] as Schema[] | undefined;
    branches?.forEach((branch, index) =>
      compare(
        branch,
        (documented[keyword] as Schema[] | undefined)?.[index],
        `${path} ${keyword}[${index}]`,
        out,
      ),
    );
  }
}

let app: FastifyInstance;

const storeRoot = mkdtempSync(join(tmpdir(), 'ebas3-openapi-store-'));

beforeAll(async () => {
  app = await buildTestApp();
  // As the server registers them: routes outside /api without a schema (the release files) are left out, not fatal.
  await app.register(releaseFiles, { store: createFolderStore(storeRoot) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(storeRoot, { recursive: true, force: true });
});

/** Fastify's `/:id` is OpenAPI's `/{id}`; a prefixed `/` route is documented with its trailing slash. */
const operationOf = (document: Document, method: string, url: string) => {
  const path = url.replace(/:(\w+)/g, '{$1}');
  return (document.paths[path] ?? document.paths[`${path}/`])?.[method.toLowerCase()];
};

describe('GET /api/openapi.json', () => {
  let document: Document;
  beforeAll(async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json<Document>();
  });

  it('is an OpenAPI 3.1 document in French, with the bearer scheme and no server address', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('API EBAS3');
    expect(document.info.description).toContain('jeton Bearer');
    expect(document.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document.servers).toBeUndefined();
  });

  it('lists every /api route with its method, bearer security on each protected one (API key on client ones)', () => {
    const apiRoutes = app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') && !['/api/openapi.json', '/api/reference'].includes(route.url),
    );
    expect(apiRoutes.length).toBeGreaterThan(50);
    for (const route of apiRoutes) {
      const operation = operationOf(document, route.method, route.url);
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.['x-acces'], `${route.method} ${route.url}`).toBe(route.access);
      expect(operation?.security, `${route.method} ${route.url}`).toEqual(
        route.access === 'public' ? [] : route.access === 'client' ? [{ cleApi: [] }] : [{ bearerAuth: [] }],
      );
      expect(operation?.responses, `${route.method} ${route.url}`).toBeDefined();
    }
    const count = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(count).toBe(apiRoutes.length);
  });

  it('marks the public, user and admin routes as the app declares them', () => {
    const access = (method: string, path: string) => operationOf(document, method, path)?.['x-acces'];
    expect(access('post', '/api/auth/login')).toBe('public');
    expect(access('get', '/api/health')).toBe('public');
    expect(access('get', '/api/clients')).toBe('user');
    expect(access('post', '/api/clients')).toBe('admin');
    expect(access('get', '/api/users')).toBe('admin');
    expect(access('post', '/api/demande_hebergement/externe')).toBe('client');
  });

  it('declares on every route the errors it can answer: 400 for an input, 401 when protected, 403 when admin, 429 on an export', () => {
    const exportUrls = new Set([
      ...Object.values(RESERVATION_EXPORTS).map((exported) => `/api${exported.path}`),
      ...(Object.keys(STATS_PATHS) as (keyof typeof STATS_PATHS)[]).map(
        (vue) => `/api${statsExcelPath(vue)}`,
      ),
    ]);
    const missing: string[] = [];
    for (const route of app.routeTable.filter((entry) => entry.url.startsWith('/api/'))) {
      const declared = Object.keys(operationOf(document, route.method, route.url)?.responses ?? {});
      const takesInput = ['body', 'querystring', 'params'].some((part) => route.schema[part] !== undefined);
      const expected = [
        ...(takesInput ? ['400'] : []),
        ...(route.access === 'user' || route.access === 'admin' || route.access === 'client' ? ['401'] : []),
        ...(route.access === 'admin' ? ['403'] : []),
        ...(exportUrls.has(route.url) ? ['429'] : []),
      ];
      for (const status of expected.filter((status) => !declared.includes(status)))
        missing.push(`${route.method} ${route.url} · ${status}`);
    }
    expect(exportUrls.size).toBe(Object.keys(RESERVATION_EXPORTS).length + 3);
    expect(missing).toEqual([]);
  });

  it('describes every answer in French, an error as { message, champ? }', () => {
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const responses = (operation.responses ?? {}) as Record<
          string,
          { description?: string; content?: Record<string, { schema?: Schema }> }
        >;
        for (const [status, answer] of Object.entries(responses)) {
          if (!answer.description || answer.description === 'Default Response')
            undescribed.push(`${method} ${path} ${status}`);
          const schema = answer.content?.['application/json']?.schema;
          if (Number(status) >= 400 && Number(status) < 500)
            expect(schema?.required, `${method} ${path} ${status}`).toContain('message');
        }
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('says of every parameter and body what the route validates: types, lists, bounds, required fields', () => {
    const differences: string[] = [];
    for (const route of app.routeTable.filter((entry) => entry.url.startsWith('/api/'))) {
      const operation = operationOf(document, route.method, route.url) as DocumentOperation | undefined;
      if (operation === undefined) continue;
      const where = `${route.method} ${route.url}`;
      const parameters = operation.parameters ?? [];
      const documented = (place: string) =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map((parameter) => ({
            ...parameter,
            schema: parameter.schema ?? parameter.content?.['application/json']?.schema ?? {},
          }));
      for (const [part, place] of [
        ['querystring', 'query'],
        ['params', 'path'],
      ] as const) {
        const validated = plain(route.schema[part]);
        if (validated === undefined) continue;
        const named = documented(place);
        const properties = (validated.properties ?? {}) as Record<string, Schema>;
        expect(named.map((parameter) => parameter.name).sort(), `${where} ${place}`).toEqual(
          Object.keys(properties).sort(),
        );
        for (const parameter of named) {
          const expected = properties[parameter.name] ?? {};
          const required = requiredOf(validated).includes(parameter.name);
          if (parameter.required !== required)
            differences.push(
              `${where} ${place}.${parameter.name} required ${parameter.required} ≠ ${required}`,
            );
          compare(expected, parameter.schema, `${where} ${place}.${parameter.name}`, differences);
        }
      }
      const body = plain(route.schema.body);
      if (body !== undefined)
        compare(
          body,
          operation.requestBody?.content?.['application/json']?.schema,
          `${where} body`,
          differences,
        );
    }
    expect(differences).toEqual([]);
  });

  it('leaks no secret: no password hash, token or secret value in the document', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/scrypt\$|eyJ[\w-]{10,}\.|JWT_SECRET|DATABASE_URL/);
  });
});

describe('GET /api/reference', () => {
  it('is a French HTML page without any script, listing the operations', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/reference' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).not.toContain('<script');
    expect(response.body).toContain('<code>/api/users/{id}/role</code>');
    expect(response.body).toContain('Administrateurs uniquement');
  });
});
