import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../mocks/node';
import { fetchRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

const hostConfig = () =>
  JSON.parse(
    readFileSync(
      fileURLToPath(import.meta.resolve('../../../host-shell/public/runtime-config.json')),
      'utf8',
    ),
  ) as { apiBaseUrl: string; remotes: Record<string, unknown> };

function rejection(data: unknown): RuntimeConfigError {
  try {
    parseRuntimeConfig(data);
  } catch (error) {
    return error as RuntimeConfigError;
  }
  throw new Error('the config should have been rejected');
}

describe('parseRuntimeConfig', () => {
  it("accepts the host's public/runtime-config.json", () => {
    const data = hostConfig();
    expect(parseRuntimeConfig(data)).toEqual(data);
  });

  it('rejects a missing remote, naming it in French', () => {
    const data = hostConfig();
    delete data.remotes.mf_stats;
    const error = rejection(data);
    expect(error).toBeInstanceOf(RuntimeConfigError);
    expect(error.message).toMatch(/^Configuration d'exécution invalide : /);
    expect(error.message).toContain('/remotes');
    expect(error.message).toContain('mf_stats');
    expect(error.message).toContain('propriétés requises');
  });

  it('rejects an unknown key', () => {
    const error = rejection({ ...hostConfig(), socketUrl: 'ws://x' });
    expect(error).toBeInstanceOf(RuntimeConfigError);
    expect(error.message).toContain('propriétés additionnelles');
  });

  it('accepts the releases the registry of releases points at, for remotes it names only', () => {
    const data = {
      ...hostConfig(),
      releases: {
        mf_stats: { id: '20261207-abc1234-9f3e2d1c', canary: { id: 'v2', entry: '/x', percent: 10 } },
      },
    };
    expect(parseRuntimeConfig(data)).toEqual(data);
    expect(rejection({ ...hostConfig(), releases: { mf_inconnu: { id: 'v1' } } }).message).toContain(
      'mf_inconnu',
    );
    expect(rejection({ ...hostConfig(), releases: { mf_stats: {} } }).message).toContain(
      '/releases/mf_stats/id',
    );
  });

  it('accepts a sixth remote the registry adds, with its release and its declarations (issue 38 §3)', () => {
    const data = hostConfig();
    data.remotes.mf_facturation = '/releases/mf-facturation/v1/mf-manifest.json';
    const config = {
      ...data,
      releases: { mf_facturation: { id: 'v1' } },
      declarations: {
        mf_facturation: {
          routes: [{ id: 'factures', path: 'factures', title: 'Factures' }],
          menu: [{ group: 'client', routeId: 'factures', label: 'Factures', order: 70 }],
        },
      },
    };
    expect(parseRuntimeConfig(config)).toEqual(config);
  });

  it('rejects a remote name that is not a federation name', () => {
    const data = hostConfig();
    data.remotes['mf-inconnu'] = '/remotes/x/mf-manifest.json';
    expect(rejection(data).message).toContain('nom de module invalide (mf-inconnu)');
  });

  it('names an unusable declaration: unknown menu group, unknown permission, remote not in the registry', () => {
    const declarations = (group: string, permission?: string) => ({
      mf_stats: {
        routes: [{ id: 'a', path: 'a', title: 'A', ...(permission && { permission }) }],
        menu: [{ group, routeId: 'a', label: 'A', order: 1 }],
      },
    });
    expect(rejection({ ...hostConfig(), declarations: declarations('compta') }).message).toContain(
      '/declarations/mf_stats/menu/0/group : groupe de menu inconnu « compta »',
    );
    expect(
      rejection({ ...hostConfig(), declarations: declarations('statistiques', 'toutPouvoir') }).message,
    ).toContain('permission inconnue « toutPouvoir »');
    expect(
      rejection({ ...hostConfig(), declarations: { mf_inconnu: { routes: [], menu: [] } } }).message,
    ).toContain('mf_inconnu');
  });

  it('rejects a non-string URL', () => {
    const data = hostConfig();
    data.remotes.mf_demandes = 3002;
    const error = rejection(data);
    expect(error).toBeInstanceOf(RuntimeConfigError);
    expect(error.message).toContain('/remotes/mf_demandes');
    expect(error.message).toMatch(/doit être/);
    expect(error.message).not.toMatch(/must/);
  });

  it('rejects an empty API URL and a non-object', () => {
    expect(rejection({ ...hostConfig(), apiBaseUrl: '' })).toBeInstanceOf(RuntimeConfigError);
    expect(rejection(null)).toBeInstanceOf(RuntimeConfigError);
  });
});

describe('fetchRuntimeConfig', () => {
  it('fetches and validates the registry, with its ETag', async () => {
    mockServer.use(
      http.get('/runtime-config.json', () => HttpResponse.json(hostConfig(), { headers: { etag: '"r1"' } })),
    );
    await expect(fetchRuntimeConfig()).resolves.toEqual({ config: hostConfig(), etag: '"r1"' });
  });

  it('names a missing registry', async () => {
    mockServer.use(http.get('/runtime-config.json', () => new HttpResponse(null, { status: 404 })));
    await expect(fetchRuntimeConfig()).rejects.toThrow("Configuration d'exécution introuvable (404)");
  });
});
