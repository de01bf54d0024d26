import type { FastifyInstance } from 'fastify';
import { RESERVATION_EXPORTS, STATS_PATHS, statsExcelPath } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

interface Document {
  openapi: string;
  info: { title: string; description: string };
  servers?: unknown;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, { security?: unknown[]; 'x-acces'?: string; responses?: unknown }>>;
}

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

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
      const declared = Object.keys(
        (operationOf(document, route.method, route.url)?.responses ?? {}) as Record<string, unknown>,
      );
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
