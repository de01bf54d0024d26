import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<repo>/.data/pglite`, resolved from this package so that it does not depend on the working directory. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/pglite', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** When absent a secret is generated once and kept in the data dir (PGlite) or in `app_settings` (PostgreSQL). */
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  /** `undefined` when DEMO_MODE is not set: the caller (server.ts) decides the default. */
  demoMode: boolean | undefined;
  /** Repository root holding `host-shell/dist` and the remotes' `dist`; the API serves them when set. */
  webRoot: string | undefined;
  /** JSON file served as `/runtime-config.json` instead of the generated registry. */
  runtimeConfigFile: string | undefined;
  logLevel: LogLevel;
  /** Trust `X-Forwarded-For` (behind a reverse proxy), so rate limits see the client's address. */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';

  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n- ${problems.join('\n- ')}`);
  }
}

const JWT_SECRET_MIN_LENGTH = 32;
const DURATION = /^\d+\s*(ms|s|m|h|d|w)$/;

/** Parses the environment once, reporting every problem at the same time, in French. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const path = (name: string): string | undefined => {
    const raw = value(name);
    return raw === undefined ? undefined : isAbsolute(raw) ? raw : resolve(cwd, raw);
  };
  const flag = (name: string): boolean | undefined => {
    const raw = value(name)?.toLowerCase();
    if (raw === undefined) return undefined;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} doit valoir 1 ou 0 (reçu « ${raw} »).`);
    return undefined;
  };

  const portRaw = value('PORT') ?? '8080';
  const port = Number(portRaw);
  if (!/^\d+$/.test(portRaw) || port < 1 || port > 65_535) {
    problems.push(`PORT doit être un entier entre 1 et 65535 (reçu « ${portRaw} »).`);
  }

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL doit commencer par postgres:// ou postgresql://.');
  }

  const jwtSecret = value('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < JWT_SECRET_MIN_LENGTH) {
    problems.push(`JWT_SECRET doit contenir au moins ${JWT_SECRET_MIN_LENGTH} caractères.`);
  }

  const jwtExpiresIn = value('JWT_EXPIRES_IN') ?? '12h';
  if (!DURATION.test(jwtExpiresIn)) {
    problems.push(`JWT_EXPIRES_IN doit être une durée comme 12h, 30m ou 7d (reçu « ${jwtExpiresIn} »).`);
  }

  const logLevel = (value('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL doit être l'un de : ${LOG_LEVELS.join(', ')}.`);
  }

  const config: AppConfig = {
    port,
    host: value('HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir: path('DATA_DIR') ?? DEFAULT_DATA_DIR,
    jwtSecret,
    jwtExpiresIn,
    demoMode: flag('DEMO_MODE'),
    webRoot: path('WEB_ROOT'),
    runtimeConfigFile: path('RUNTIME_CONFIG_FILE'),
    logLevel,
    trustProxy: flag('TRUST_PROXY') ?? false,
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
