import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LIST_CACHE_MB,
  EXPORT_PRIORITY_MODES,
  EXPORT_RENDER_MODES,
  parseS3Location,
  type ExportPriorityMode,
  type ExportRenderMode,
  type ReleaseStoreLocation,
} from './config-constants';

/** `<repo>/.data/ebas3`, resolved from this package so that it does not depend on the working directory. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/ebas3', import.meta.url));

/**
 * EXPORT_INLINE_ROWS by default: a client's month or a hotel's list (tens to hundreds of rows) costs the main thread
 * tens of milliseconds, in chunks of 100 rows between turns of the event loop (docs/performance.md « Small exports at
 * normal priority »).
 */
export const DEFAULT_EXPORT_INLINE_ROWS = 1_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  /**
   * PostgreSQL connection string; when absent a PostgreSQL server embedded in `dataDir` is started.
   */
  databaseUrl: string | undefined;
  dataDir: string;
  /** When absent a secret is generated once and kept in the data dir (embedded PostgreSQL) or in `app_settings` (DATABASE_URL). */
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  /** `undefined` when DEMO_MODE is not set: the caller (server.ts) decides the default. */
  demoMode: boolean | undefined;
  /** Repository root holding `host-shell/dist` and the remotes' `dist`; the API serves them when set. */
  webRoot: string | undefined;
  /** JSON file served as `/runtime-config.json` instead of the generated registry. */
  runtimeConfigFile: string | undefined;
  /**
   * RELEASE_STORE: where the remotes' releases are kept and served from (lib/release-store): a folder, by default
   * `<DATA_DIR>/releases`, or `s3://bucket/prefix` (endpoint and credentials from the AWS_* variables).
   */
  releaseStore: ReleaseStoreLocation;
  logLevel: LogLevel;
  /**
   * Which `X-Forwarded-For` hops to believe (TRUST_PROXY), so rate limits see the client's address: `false`
   * (direct exposure), a number of proxies in front of the API, or the proxies' addresses/CIDRs. Never "all":
   * the left-most entry is whatever the client wrote.
   */
  trustProxy: TrustProxy;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS); empty: no CORS header at all. */
  corsOrigins: readonly string[];
  /** Timeouts and connection caps of the HTTP server (see server-limits.ts). */
  limits: ServerLimits;
  /** SMTP_URL (smtp:// or smtps://): outgoing e-mail; absent, messages stay in the local outbox (lib/mail.ts). */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of outgoing e-mails; absent, lib/mail.ts's default. */
  mailFrom: string | undefined;
  /**
   * PUBLIC_URL: where users open the product (`https://ebas3.example.fr`, no trailing slash), the start of the links
   * the e-mails carry (a password reset). Never taken from a request's Host header, which the client writes. Absent:
   * `http://localhost:<PORT>`, or `http://<HOST>:<PORT>` when HOST names one address.
   */
  publicUrl: string;
  /**
   * EXPORT_RENDER: where export files are rendered, `process` (default: a low-priority child process of its own
   * session), `worker` (a low-priority thread of the API) or `inline` (export-render-pool.ts).
   */
  exportRender: ExportRenderMode;
  /**
   * EXPORT_PRIORITY: how the exports' render threads and PostgreSQL backends are lowered, `idle` (default:
   * SCHED_IDLE besides nice 19), `nice` (nice 19 only, as before; kept to compare in the exports bench) or
   * `normal` (not lowered: the API test suite's setting).
   */
  exportPriority: ExportPriorityMode;
  /**
   * EXPORT_RENDER_CAP: export batches rendered at once over all the exports, the others waiting their turn;
   * undefined: max(1, cores − 1) (export-render-pool.ts).
   */
  exportRenderCap: number | undefined;
  /**
   * EXPORT_INLINE_ROWS: streamed exports of at most this many rows are read on the pool and rendered on the main
   * thread at normal priority — an interactive answer, not background work (default DEFAULT_EXPORT_INLINE_ROWS;
   * 0: every export through the render workers).
   */
  exportInlineRows: number;
  /**
   * LIST_CACHE_MB: the memory, in MB, that the reservation list's pages and counters may keep between two writes
   * (default DEFAULT_LIST_CACHE_MB; 0: nothing kept).
   */
  listCacheMb: number;
}

export type TrustProxy = false | number | readonly string[];

/** The HTTP server's protections against slow or numerous clients; every value from the environment. */
export interface ServerLimits {
  /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must arrive within it, or the socket is cut. */
  requestTimeoutMs: number;
  /** HEADERS_TIMEOUT_MS: the request headers must arrive within it (≤ requestTimeoutMs). */
  headersTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after it. */
  keepAliveTimeoutMs: number;
  /** CONNECTION_TIMEOUT_MS: a socket with no traffic at all for that long is closed (0: never). */
  connectionTimeoutMs: number;
  /** MAX_CONNECTIONS: open connections over the whole server; beyond it new ones are closed at once. */
  maxConnections: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections from one peer address (0: no per-address cap). */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = Object.freeze({
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
  connectionTimeoutMs: 60_000,
  maxConnections: 4_000,
  maxConnectionsPerAddress: 400,
});

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

  const integer = (name: string, fallback: number, min: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(parsed) || parsed < min) {
      problems.push(`${name} doit être un entier supérieur ou égal à ${min} (reçu « ${raw} »).`);
      return fallback;
    }
    return parsed;
  };
  const limits: ServerLimits = {
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.requestTimeoutMs, 1_000),
    headersTimeoutMs: integer('HEADERS_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.headersTimeoutMs, 1_000),
    keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs, 1_000),
    connectionTimeoutMs: integer('CONNECTION_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.connectionTimeoutMs, 0),
    maxConnections: integer('MAX_CONNECTIONS', DEFAULT_SERVER_LIMITS.maxConnections, 1),
    maxConnectionsPerAddress: integer(
      'MAX_CONNECTIONS_PER_ADDRESS',
      DEFAULT_SERVER_LIMITS.maxConnectionsPerAddress,
      0,
    ),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    problems.push('HEADERS_TIMEOUT_MS doit être inférieur ou égal à REQUEST_TIMEOUT_MS.');
  }

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) {
    problems.push(
      'SMTP_URL doit commencer par smtp:// ou smtps:// suivi du serveur (smtp://utilisateur:motdepasse@hote:587).',
    );
  }

  const host = value('HOST') ?? '0.0.0.0';
  const publicUrl = parsePublicUrl(value('PUBLIC_URL'), problems) ?? defaultPublicUrl(host, port);

  const exportRenderText = value('EXPORT_RENDER') ?? 'process';
  const exportRender = EXPORT_RENDER_MODES.find((mode) => mode === exportRenderText);
  if (exportRender === undefined) {
    problems.push(`EXPORT_RENDER doit valoir process, worker ou inline (reçu « ${exportRenderText} »).`);
  }

  const exportPriorityText = value('EXPORT_PRIORITY') ?? 'idle';
  const exportPriority = EXPORT_PRIORITY_MODES.find((mode) => mode === exportPriorityText);
  if (exportPriority === undefined) {
    problems.push(`EXPORT_PRIORITY doit valoir idle, nice ou normal (reçu « ${exportPriorityText} »).`);
  }

  const renderCapText = value('EXPORT_RENDER_CAP');
  const exportRenderCap = renderCapText === undefined ? undefined : Number(renderCapText);
  if (exportRenderCap !== undefined && !(Number.isInteger(exportRenderCap) && exportRenderCap >= 1)) {
    problems.push(`EXPORT_RENDER_CAP doit être un entier ≥ 1 (reçu « ${renderCapText} »).`);
  }

  const inlineRowsText = value('EXPORT_INLINE_ROWS');
  const exportInlineRows = inlineRowsText === undefined ? DEFAULT_EXPORT_INLINE_ROWS : Number(inlineRowsText);
  if (inlineRowsText !== undefined && !/^\d{1,7}$/.test(inlineRowsText)) {
    problems.push(`EXPORT_INLINE_ROWS doit être un entier ≥ 0 (reçu « ${inlineRowsText} »).`);
  }

  const listCacheText = value('LIST_CACHE_MB');
  const listCacheMb = listCacheText === undefined ? DEFAULT_LIST_CACHE_MB : Number(listCacheText);
  if (listCacheText !== undefined && !/^\d{1,5}$/.test(listCacheText)) {
    problems.push(`LIST_CACHE_MB doit être un entier ≥ 0 (reçu « ${listCacheText} »).`);
  }

  const dataDir = path('DATA_DIR') ?? DEFAULT_DATA_DIR;
  const releaseStore = parseReleaseStore(value('RELEASE_STORE'), path('RELEASE_STORE'), dataDir, problems);

  const logLevel = (value('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL doit être l'un de : ${LOG_LEVELS.join(', ')}.`);
  }

  const config: AppConfig = {
    port,
    host,
    databaseUrl,
    dataDir,
    jwtSecret,
    jwtExpiresIn,
    demoMode: flag('DEMO_MODE'),
    webRoot: path('WEB_ROOT'),
    runtimeConfigFile: path('RUNTIME_CONFIG_FILE'),
    releaseStore,
    logLevel,
    trustProxy: parseTrustProxy(value('TRUST_PROXY'), problems),
    corsOrigins: parseOrigins(value('CORS_ORIGINS'), problems),
    limits: Object.freeze(limits),
    smtpUrl,
    mailFrom: value('MAIL_FROM'),
    publicUrl,
    exportRender: exportRender ?? 'process',
    exportPriority: exportPriority ?? 'idle',
    exportRenderCap,
    exportInlineRows,
    listCacheMb,
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

/** RELEASE_STORE: `s3://bucket/prefix`, or a folder (relative to the working directory); `<DATA_DIR>/releases` absent. */
function parseReleaseStore(
  raw: string | undefined,
  asPath: string | undefined,
  dataDir: string,
  problems: string[],
): ReleaseStoreLocation {
  const fallback: ReleaseStoreLocation = { kind: 'folder', root: join(dataDir, 'releases') };
  if (raw === undefined || asPath === undefined) return fallback;
  const s3 = parseS3Location(raw);
  if (s3 === undefined) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
      problems.push(`RELEASE_STORE doit être un dossier ou s3://bucket/prefixe (reçu « ${raw} »).`);
      return fallback;
    }
    return { kind: 'folder', root: asPath };
  }
  if ('problem' in s3) {
    problems.push(s3.problem);
    return fallback;
  }
  return { kind: 's3', ...s3 };
}

/** `http://localhost:8080`, or the one address HOST names (`http://127.0.0.1:8080`, `http://[::1]:8080`). */
function defaultPublicUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `http://localhost:${port}`;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/** PUBLIC_URL: an http(s) address without query or fragment; a path is kept (the product behind a prefix). */
function parsePublicUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '')
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`PUBLIC_URL doit être une adresse comme https://ebas3.exemple.fr (reçu « ${raw} »).`);
  return undefined;
}

/** proxy-addr's names for the private ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `0`/absent, a hop count (`1` = one reverse proxy in front), or the proxies' addresses/CIDRs
 * (`10.0.0.1,10.1.0.0/16`). `true` is refused: Fastify would then take the left-most X-Forwarded-For, which any
 * client writes itself, and a rate limit keyed on it could be escaped by rotating the header.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || invalid.length > 0) {
    problems.push(
      'TRUST_PROXY doit être le nombre de proxys devant le serveur (1, 2…) ou leurs adresses ' +
        `(10.0.0.1, 10.0.0.0/8, loopback), séparées par des virgules (reçu « ${raw} »).`,
    );
    return false;
  }
  return Object.freeze(entries);
}

/** CORS_ORIGINS: comma-separated `scheme://host[:port]` origins, compared exactly with the Origin header. */
function parseOrigins(raw: string | undefined, problems: string[]): readonly string[] {
  if (raw === undefined) return Object.freeze([]);
  const origins: string[] = [];
  for (const entry of raw.split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      if (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.origin === entry.replace(/\/$/, '')
      ) {
        origin = url.origin;
      }
    } catch {
      origin = undefined;
    }
    if (origin === undefined) {
      problems.push(`CORS_ORIGINS : « ${entry} » n'est pas une origine comme https://exemple.fr.`);
    } else {
      origins.push(origin);
    }
  }
  return Object.freeze(origins);
}
