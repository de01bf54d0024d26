import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_PASSWORD, userToken } from '../../test/helper';
import securityHeaders, {
  API_CONTENT_SECURITY_POLICY,
  DOCUMENT_ONLY_HEADERS,
  registryOrigins,
  runtimeRegistryOrigins,
} from './security-headers';

const dir = mkdtempSync(join(tmpdir(), 'ebas3-headers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A registry as e2e/support/product.ts writes it: each remote on its own origin, the API relative. */
function writeRegistry(remoteBase: string): string {
  const path = join(dir, 'runtime-config.json');
  writeFileSync(
    path,
    JSON.stringify({
      apiBaseUrl: '/api',
      remotes: {
        mf_referentiel: `${remoteBase}:4001/mf-manifest.json`,
        mf_reservations: `${remoteBase}:4002/mf-manifest.json`,
        mf_stats: '/remotes/mf-stats/mf-manifest.json',
      },
    }),
  );
  return path;
}

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

async function bareApp(options: Parameters<typeof securityHeaders>[1]): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityHeaders, options);
  app.get('/api/ping', async () => ({ ok: true }));
  app.get('/', async (_request, reply) =>
    reply.type('text/html').send('<!doctype html><title>EBAS3</title>'),
  );
  return app;
}

describe('security headers', () => {
  it('every API response carries them (buildApp registers the plugin)', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({
        url: '/api/health',
        headers: { origin: 'https://ailleurs.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // CORS closed by default.
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it("gives the API's answers a policy of their own, without the page's directives and document-only headers", async () => {
    const app = await bareApp({ remoteOrigins: runtimeRegistryOrigins(writeRegistry('http://127.0.0.1')) });
    const response = await app.inject({ url: '/api/ping' });
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    expect(directives(response.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    for (const header of DOCUMENT_ONLY_HEADERS.filter(
      (name) => name !== 'content-security-policy' && name !== 'x-frame-options',
    ))
      expect(response.headers[header], header).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The page keeps the whole policy.
    expect((await app.inject({ url: '/' })).headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('the Content-Security-Policy allows our origin and the registry’s remote origins, no inline script', async () => {
    const app = await bareApp({ remoteOrigins: runtimeRegistryOrigins(writeRegistry('http://127.0.0.1')) });
    const response = await app.inject({ url: '/' });
    const csp = directives(response.headers['content-security-policy']);
    const remotes = ['http://127.0.0.1:4001', 'http://127.0.0.1:4002'];
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", ...remotes],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'", ...remotes],
      'connect-src': ["'self'", ...remotes],
      'img-src': ["'self'", 'data:', 'blob:', ...remotes],
      'font-src': ["'self'", 'data:', ...remotes],
      'frame-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('follows an edited registry without a restart', async () => {
    const path = writeRegistry('http://127.0.0.1');
    const app = await bareApp({ remoteOrigins: runtimeRegistryOrigins(path) });
    expect(
      directives((await app.inject({ url: '/' })).headers['content-security-policy']).get('script-src'),
    ).toContain('http://127.0.0.1:4001');
    writeRegistry('https://remotes.example');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const scriptSrc = directives((await app.inject({ url: '/' })).headers['content-security-policy']).get(
      'script-src',
    );
    expect(scriptSrc).toEqual(["'self'", 'https://remotes.example:4001', 'https://remotes.example:4002']);
  });

  it('reads only http(s) origins from a registry; no file or a broken one gives none', () => {
    expect(
      registryOrigins({
        apiBaseUrl: 'https://api.example/v1',
        remotes: { a: 'javascript:alert(1)', b: '/relative', c: 'https://cdn.example/x/mf-manifest.json' },
      }),
    ).toEqual(['https://api.example', 'https://cdn.example']);
    // A canary's entry on another origin (a hand-written static registry) is allowed like the live one's.
    expect(
      registryOrigins({
        apiBaseUrl: '/api',
        remotes: { mf_stats: '/releases/mf-stats/r1/mf-manifest.json' },
        releases: {
          mf_stats: { id: 'r1', canary: { id: 'r2', entry: 'https://canari.example/r2/mf-manifest.json' } },
          mf_demandes: null,
        },
      }),
    ).toEqual(['https://canari.example']);
    expect(runtimeRegistryOrigins(undefined)()).toEqual([]);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ pas du json');
    expect(runtimeRegistryOrigins(broken)()).toEqual([]);
  });

  it('no cache keeps an answer under /api (the token, the current user, a resident, an error); a route may set its own', async () => {
    const app = await buildTestApp();
    try {
      app.get('/api/test/cacheable', async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
      );
      const user = await createUser(app);
      const loggedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(loggedIn.statusCode).toBe(200);
      const token = loggedIn.json<{ token: string }>().token;
      const admin = bearer((await userToken(app, 'admin')).token);
      const client = await app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: admin,
        payload: {
          nom: 'Client cache',
          type: 'association',
          adresse: '1 rue A',
          codePostal: '75001',
          ville: 'Paris',
        },
      });
      const resident = await app.inject({
        method: 'POST',
        url: '/api/pensionnaires',
        headers: admin,
        payload: {
          clientId: client.json<{ data: { id: number } }>().data.id,
          nom: 'Martin',
          prenom: 'Léa',
          sexe: 'F',
          numeroDossier: 'C-1',
        },
      });
      expect(resident.statusCode, resident.body).toBe(201);
      const residentId = resident.json<{ data: { id: number } }>().data.id;

      const answers = {
        login: loggedIn,
        me: await app.inject({ url: '/api/auth/me', headers: bearer(token) }),
        resident: await app.inject({ url: `/api/pensionnaires/${residentId}`, headers: bearer(token) }),
        residents: await app.inject({ url: '/api/pensionnaires', headers: bearer(token) }),
        health: await app.inject({ url: '/api/health' }),
        unauthorized: await app.inject({ url: '/api/auth/me' }),
        notFound: await app.inject({ url: '/api/nulle-part' }),
      };
      for (const [name, response] of Object.entries(answers)) {
        expect(response.statusCode, name).toBeLessThan(500);
        expect(response.headers['cache-control'], name).toBe('no-store');
      }
      expect(answers.resident.statusCode).toBe(200);
      const cacheable = await app.inject({ url: '/api/test/cacheable' });
      expect(cacheable.headers['cache-control']).toBe('public, max-age=60');
    } finally {
      await app.close();
    }
  });

  it('leaves the caching of what lives outside /api to its routes', async () => {
    const app = await bareApp({});
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBeUndefined();
    expect((await app.inject({ url: '/api/ping' })).headers['cache-control']).toBe('no-store');
  });

  describe('CORS', () => {
    const allowed = 'https://partenaire.example';

    it('is closed by default: no header, and a preflight finds no route', async () => {
      const app = await bareApp({});
      const simple = await app.inject({ url: '/api/ping', headers: { origin: allowed } });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/ping',
        headers: { origin: allowed, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers the configured origins only', async () => {
      const app = await bareApp({ corsOrigins: [allowed] });
      const simple = await app.inject({ url: '/api/ping', headers: { origin: allowed } });
      expect(simple.headers['access-control-allow-origin']).toBe(allowed);
      expect(simple.headers.vary).toContain('Origin');

      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/ping',
        headers: { origin: allowed, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(allowed);
      expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type');

      const other = await app.inject({ url: '/api/ping', headers: { origin: 'https://ailleurs.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      // The site itself is never opened to other origins.
      const site = await app.inject({ url: '/', headers: { origin: allowed } });
      expect(site.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
