import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from './config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/somewhere/else');
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: join(repoRoot, '.data', 'pglite'),
      jwtSecret: undefined,
      jwtExpiresIn: '12h',
      demoMode: undefined,
      webRoot: undefined,
      runtimeConfigFile: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(DEFAULT_DATA_DIR).toBe(join(repoRoot, '.data', 'pglite'));
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
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
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
      logLevel: 'warn',
      trustProxy: true,
    });
    expect(loadConfig({ DEMO_MODE: '1' }).demoMode).toBe(true);
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
