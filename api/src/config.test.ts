import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_DATA_DIR,
  DEFAULT_EXPORT_INLINE_ROWS,
  DEFAULT_SERVER_LIMITS,
  loadConfig,
} from './config';
import { DEFAULT_LIST_CACHE_MB } from './config-constants';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/somewhere/else');
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: join(repoRoot, '.data', 'ebas3'),
      jwtSecret: undefined,
      jwtExpiresIn: '12h',
      demoMode: undefined,
      webRoot: undefined,
      runtimeConfigFile: undefined,
      releaseStore: { kind: 'folder', root: join(repoRoot, '.data', 'ebas3', 'releases') },
      logLevel: 'info',
      trustProxy: false,
      corsOrigins: [],
      publicUrl: 'http://localhost:8080',
      exportRender: 'process',
      exportPriority: 'idle',
      exportRenderCap: undefined,
      exportInlineRows: DEFAULT_EXPORT_INLINE_ROWS,
      listCacheMb: DEFAULT_LIST_CACHE_MB,
      limits: {
        requestTimeoutMs: 30_000,
        headersTimeoutMs: 10_000,
        keepAliveTimeoutMs: 10_000,
        connectionTimeoutMs: 60_000,
        maxConnections: 4_000,
        maxConnectionsPerAddress: 400,
      },
    });
    expect(DEFAULT_SERVER_LIMITS).toEqual(config.limits);
    expect(DEFAULT_DATA_DIR).toBe(join(repoRoot, '.data', 'ebas3'));
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://ebas@db/ebas3',
        DATA_DIR: 'donnees',
        JWT_SECRET: 's'.repeat(40),
        JWT_EXPIRES_IN: '30m',
        DEMO_MODE: '0',
        WEB_ROOT: '/srv/ebas3',
        RUNTIME_CONFIG_FILE: 'registry.json',
        RELEASE_STORE: 's3://ebas3-releases/prod/modules/',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        CORS_ORIGINS: 'https://partenaire.example, http://localhost:3000',
        REQUEST_TIMEOUT_MS: '20000',
        HEADERS_TIMEOUT_MS: '5000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        CONNECTION_TIMEOUT_MS: '0',
        MAX_CONNECTIONS: '1000',
        MAX_CONNECTIONS_PER_ADDRESS: '0',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://ebas@db/ebas3',
      dataDir: resolve('/srv/app', 'donnees'),
      jwtExpiresIn: '30m',
      demoMode: false,
      webRoot: '/srv/ebas3',
      runtimeConfigFile: '/srv/app/registry.json',
      releaseStore: { kind: 's3', bucket: 'ebas3-releases', prefix: 'prod/modules' },
      logLevel: 'warn',
      // One reverse proxy in front: its hop is trusted, never the client's own X-Forwarded-For entries.
      trustProxy: 1,
      corsOrigins: ['https://partenaire.example', 'http://localhost:3000'],
      limits: {
        requestTimeoutMs: 20_000,
        headersTimeoutMs: 5_000,
        keepAliveTimeoutMs: 65_000,
        connectionTimeoutMs: 0,
        maxConnections: 1_000,
        maxConnectionsPerAddress: 0,
      },
    });
    expect(loadConfig({ DEMO_MODE: '1' }).demoMode).toBe(true);
  });

  it.each([
    ['0', false],
    ['false', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, fd00::/8 ,loopback', ['10.0.0.0/8', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%s as a hop count or the proxies’ addresses', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.local', '*'])(
    'refuses TRUST_PROXY=%s: trusting every hop would believe the client’s own header',
    (raw) => {
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(
        /TRUST_PROXY doit être le nombre de proxys devant le serveur \(1, 2…\) ou leurs adresses/,
      );
    },
  );

  it('refuses limits that are not integers, headers timeout above the request timeout, origins that are URLs', () => {
    let error: unknown;
    try {
      loadConfig({
        REQUEST_TIMEOUT_MS: '2000',
        HEADERS_TIMEOUT_MS: '5000',
        MAX_CONNECTIONS: 'beaucoup',
        KEEP_ALIVE_TIMEOUT_MS: '10',
        CORS_ORIGINS: 'https://ok.example,https://ko.example/chemin,*',
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'KEEP_ALIVE_TIMEOUT_MS doit être un entier supérieur ou égal à 1000 (reçu « 10 »).',
      'MAX_CONNECTIONS doit être un entier supérieur ou égal à 1 (reçu « beaucoup »).',
      'HEADERS_TIMEOUT_MS doit être inférieur ou égal à REQUEST_TIMEOUT_MS.',
      "CORS_ORIGINS : « https://ko.example/chemin » n'est pas une origine comme https://exemple.fr.",
      "CORS_ORIGINS : « * » n'est pas une origine comme https://exemple.fr.",
    ]);
  });

  it('reads the outgoing mail settings, and refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: 'smtps://centrale:secret@smtp.example.fr:465',
      MAIL_FROM: 'EBAS3 <centrale@example.fr>',
    });
    expect(config.smtpUrl).toBe('smtps://centrale:secret@smtp.example.fr:465');
    expect(config.mailFrom).toBe('EBAS3 <centrale@example.fr>');
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.fr' })).toThrow(
      /SMTP_URL doit commencer par smtp:\/\//,
    );
  });

  it('reads PUBLIC_URL, the start of the links e-mails carry, with a default from HOST and PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '4321' }).publicUrl).toBe('http://127.0.0.1:4321');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://ebas3.example.fr/' }).publicUrl).toBe(
      'https://ebas3.example.fr',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://example.fr/ebas3/' }).publicUrl).toBe(
      'https://example.fr/ebas3',
    );
    for (const invalid of ['ebas3.example.fr', 'ftp://example.fr', 'https://example.fr/?a=1'])
      expect(() => loadConfig({ PUBLIC_URL: invalid })).toThrow(/PUBLIC_URL doit être une adresse/);
  });

  it('reads RELEASE_STORE: a folder (by default under DATA_DIR) or an s3:// bucket and prefix', () => {
    expect(loadConfig({ DATA_DIR: '/srv/donnees' }).releaseStore).toEqual({
      kind: 'folder',
      root: '/srv/donnees/releases',
    });
    expect(loadConfig({ RELEASE_STORE: 'versions' }, '/srv/app').releaseStore).toEqual({
      kind: 'folder',
      root: '/srv/app/versions',
    });
    expect(loadConfig({ RELEASE_STORE: 's3://ebas3-releases' }).releaseStore).toEqual({
      kind: 's3',
      bucket: 'ebas3-releases',
      prefix: '',
    });
    expect(() => loadConfig({ RELEASE_STORE: 's3://Mauvais_Nom/x' })).toThrow(
      /RELEASE_STORE doit nommer un bucket valide/,
    );
    expect(() => loadConfig({ RELEASE_STORE: 's3://ebas3-releases/../autre' })).toThrow(
      /RELEASE_STORE : le préfixe ne peut pas contenir « \. » ni « \.\. »/,
    );
    expect(() => loadConfig({ RELEASE_STORE: 'gs://ebas3-releases' })).toThrow(
      /RELEASE_STORE doit être un dossier ou s3:\/\/bucket\/prefixe/,
    );
  });

  it('reads EXPORT_RENDER (process by default, worker or inline)', () => {
    expect(loadConfig({ EXPORT_RENDER: 'inline' }).exportRender).toBe('inline');
    expect(loadConfig({ EXPORT_RENDER: 'worker' }).exportRender).toBe('worker');
    expect(loadConfig({ EXPORT_RENDER: 'process' }).exportRender).toBe('process');
    expect(() => loadConfig({ EXPORT_RENDER: 'thread' })).toThrow(
      /EXPORT_RENDER doit valoir process, worker ou inline \(reçu « thread »\)/,
    );
  });

  it('reads EXPORT_PRIORITY (idle by default, nice, or normal)', () => {
    expect(loadConfig({}).exportPriority).toBe('idle');
    expect(loadConfig({ EXPORT_PRIORITY: 'nice' }).exportPriority).toBe('nice');
    expect(loadConfig({ EXPORT_PRIORITY: 'normal' }).exportPriority).toBe('normal');
    expect(() => loadConfig({ EXPORT_PRIORITY: 'low' })).toThrow(
      /EXPORT_PRIORITY doit valoir idle, nice ou normal \(reçu « low »\)/,
    );
  });

  it('reads EXPORT_RENDER_CAP (a positive integer; left out, the pool follows the cores)', () => {
    expect(loadConfig({}).exportRenderCap).toBeUndefined();
    expect(loadConfig({ EXPORT_RENDER_CAP: '3' }).exportRenderCap).toBe(3);
    expect(() => loadConfig({ EXPORT_RENDER_CAP: '0' })).toThrow(
      /EXPORT_RENDER_CAP doit être un entier ≥ 1 \(reçu « 0 »\)/,
    );
  });

  it('reads EXPORT_INLINE_ROWS (an integer ≥ 0; 0 sends every export to the render workers)', () => {
    expect(loadConfig({}).exportInlineRows).toBe(DEFAULT_EXPORT_INLINE_ROWS);
    expect(loadConfig({ EXPORT_INLINE_ROWS: '0' }).exportInlineRows).toBe(0);
    expect(loadConfig({ EXPORT_INLINE_ROWS: '250' }).exportInlineRows).toBe(250);
    for (const bad of ['-1', '1.5', '1e3', 'beaucoup']) {
      expect(() => loadConfig({ EXPORT_INLINE_ROWS: bad }), bad).toThrow(
        `EXPORT_INLINE_ROWS doit être un entier ≥ 0 (reçu « ${bad} »).`,
      );
    }
  });

  it('reads LIST_CACHE_MB (an integer ≥ 0; 0 keeps no list page between writes)', () => {
    expect(loadConfig({}).listCacheMb).toBe(DEFAULT_LIST_CACHE_MB);
    expect(loadConfig({ LIST_CACHE_MB: '0' }).listCacheMb).toBe(0);
    expect(loadConfig({ LIST_CACHE_MB: '128' }).listCacheMb).toBe(128);
    for (const bad of ['-1', '0.5', '1e3', 'beaucoup', '123456']) {
      expect(() => loadConfig({ LIST_CACHE_MB: bad }), bad).toThrow(
        `LIST_CACHE_MB doit être un entier ≥ 0 (reçu « ${bad} »).`,
      );
    }
  });

  it('refuses DATABASE_URL=pglite:, the former PGlite database (removed: one engine, PostgreSQL)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'pglite:' })).toThrow(
      'DATABASE_URL doit commencer par postgres:// ou postgresql://.',
    );
  });

  it('reports every invalid variable at once, in French', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'huit-mille',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'court',
        JWT_EXPIRES_IN: 'demain',
        DEMO_MODE: 'peut-être',
        LOG_LEVEL: 'bavard',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(6);
    expect(message).toMatch(/^Configuration invalide :/);
    expect(message).toContain('PORT doit être un entier entre 1 et 65535');
    expect(message).toContain('JWT_SECRET doit contenir au moins 32 caractères');
    expect(message).toContain('DEMO_MODE doit valoir 1 ou 0');
  });
});
