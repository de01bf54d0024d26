import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { REGISTRY_PATH } from 'shared/contract';
import type { ServerLimits, TrustProxy } from './config';
import type { DatabaseOptions } from './db/client';
import { seedDemoUsers, type DemoSeedResult } from './demo/seed-demo-users';
import { createLoginThrottle, type LoginThrottleOptions } from './modules/auth/login-throttle';
import type { HashingLimits, ScryptParams } from './modules/auth';
import { passwordResetsPlugin } from './modules/auth/password-reset';
import {
  protectedAuthRoutes,
  publicAuthRoutes,
  type PasswordResetRateLimits,
  type RateLimitSetting,
} from './modules/auth/routes';
import communicationsRoutes from './modules/communications/routes';
import contratsRoutes from './modules/contrats/routes';
import courrielsRoutes from './modules/courriels/routes';
import demandeArrivals from './modules/demandes/arrivals';
import externeRoutes from './modules/demandes/externe/routes';
import demandesRoutes from './modules/demandes/routes';
import foyersRoutes from './modules/foyers/routes';
import facturationRoutes from './modules/facturation/routes';
import healthRoutes from './modules/health/routes';
import notificationProducers from './modules/notifications/producers';
import notificationsPlugin from './modules/notifications/notifications-plugin';
import notificationsRoutes from './modules/notifications/routes';
import referentielRoutes from './modules/referentiel/routes';
import { releaseRegistryPlugin } from './modules/releases';
import releasesRoutes from './modules/releases/routes';
import repasRoutes from './modules/repas/routes';
import reservationsRoutes from './modules/reservations/routes';
import roomingRoutes from './modules/rooming/routes';
import { relevesRoutes } from './modules/releves';
import { comptabiliteRoutes } from './modules/comptabilite';
import { statusTaskPlugin } from './modules/reservations/status-task/status-task';
import statsRoutes from './modules/stats/routes';
import { exportTaskPlugin } from './modules/reservations/exports/export-task';
import type { ExportPriorityMode, ExportRenderMode } from './config-constants';
import { syncTaskPlugin } from './modules/demandes/sync/sync-task';
import { digestPlugin } from './modules/reservations/prolongation/prolongation-digest';
import tasksRoutes from './modules/taches/routes';
import { taskEventsPlugin } from './modules/taches/task-events';
import { tasksPlugin, type TasksPluginOptions } from './modules/taches/tasks-plugin';
import usersRoutes from './modules/utilisateurs/routes';
import authPlugin from './plugins/auth';
import { registerCompression } from './plugins/compression';
import dbPlugin from './plugins/db';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import exportSlotsPlugin, { type ExportLimits } from './plugins/export-slots';
import httpErrorsPlugin, { clientErrorHandler } from './plugins/http-errors';
import inputGuards from './plugins/input-guards';
import { registerDayFormats } from './lib/input-guards';
import mailPlugin from './plugins/mail';
import openapiPlugin from './plugins/openapi';
import { markAccess } from './lib/route-access';
import rateLimitPlugin from './plugins/rate-limit';
import realtimePlugin, { type RealtimePluginOptions } from './plugins/realtime/realtime';
import securityHeaders, { runtimeRegistryOrigins } from './plugins/security-headers';
import { capConnections, serverLimitOptions } from './server-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Result of the demo seeding, or null when demo mode is off. */
    demoSeed: DemoSeedResult | null;
  }
}

export interface BuildAppOptions {
  database: DatabaseOptions;
  /** JWT_SECRET. When absent, a generated secret persisted in the data dir or in `app_settings`. */
  jwtSecret?: string | undefined;
  /** Token lifetime (JWT_EXPIRES_IN), default '12h'. */
  jwtExpiresIn?: string | undefined;
  /** Pino logger options; `false` (the default) for tests. */
  logger?: FastifyServerOptions['logger'];
  /** TRUST_PROXY: the X-Forwarded-For hops to believe (a count or the proxies' addresses), so rate limits key on the real client. */
  trustProxy?: TrustProxy | undefined;
  /** Timeouts and connection caps of the HTTP server; default DEFAULT_SERVER_LIMITS. */
  limits?: ServerLimits | undefined;
  /** CORS_ORIGINS: browser origins allowed to call the API. Default none. */
  corsOrigins?: readonly string[] | undefined;
  /** RUNTIME_CONFIG_FILE: the registry whose remote origins the Content-Security-Policy allows. */
  runtimeConfigFile?: string | undefined;
  /** Create the demo accounts when the database has no administrator. Default false (server.ts turns it on). */
  demoMode?: boolean | undefined;
  /**
   * TESTS ONLY: scrypt parameters for new hashes, so that a test file does not spend 0.3 s per hash.
   * Production never sets it: the default is OWASP_SCRYPT_PARAMS (N=2^17, r=8, p=1).
   */
  passwordHashing?: ScryptParams | undefined;
  /** Progressive delays on failed logins (per account, per address); DEFAULT_LOGIN_THROTTLE otherwise. */
  loginThrottle?: Partial<LoginThrottleOptions> | undefined;
  /** Password hashes at once and queued (503 beyond); defaultHashingLimits() from the cores otherwise. */
  hashingLimits?: HashingLimits | undefined;
  signupRateLimit?: RateLimitSetting | undefined;
  /** « Mot de passe oublié » per address and per client IP; DEFAULT_PASSWORD_RESET_RATE_LIMITS otherwise. */
  passwordResetRateLimits?: PasswordResetRateLimits | undefined;
  /**
   * PUBLIC_URL: where users open the product (`https://ebas3.example.fr`), the start of the links sent by e-mail.
   * Default DEFAULT_PUBLIC_URL.
   */
  publicUrl?: string | undefined;
  /** Exports running at once, per user and overall (429 beyond); DEFAULT_EXPORT_LIMITS otherwise. */
  exportLimits?: ExportLimits | undefined;
  /**
   * The task runner (modules/taches): `run` takes queued tasks in the background, `schedules` queues the scheduled
   * jobs (the hourly status update, the morning digest). Both off by default (tests drain by hand); server.ts turns
   * them on.
   */
  tasks?: TasksPluginOptions | undefined;
  /** Reservation exports of more rows than this become tasks (202); EXPORT_TASK_THRESHOLD (5,000) by default. */
  exportTaskThreshold?: number | undefined;
  /** Where export files are rendered (EXPORT_RENDER): child processes by default; `prewarm` starts one at once. */
  exportRender?:
    | {
        mode?: ExportRenderMode | undefined;
        prewarm?: boolean | undefined;
        /** EXPORT_PRIORITY: SCHED_IDLE besides nice 19 (`idle`, default) or nice 19 only (`nice`). */
        priority?: ExportPriorityMode | undefined;
        /** EXPORT_RENDER_CAP: batches rendered at once; max(1, cores − 1) when left out. */
        renderCap?: number | undefined;
        /**
         * EXPORT_INLINE_ROWS: streamed exports of at most this many rows are rendered on the main thread at normal
         * priority; 0 (every export through the render workers) when left out.
         */
        inlineRows?: number | undefined;
      }
    | undefined;
  /**
   * LIST_CACHE_MB in bytes: the reservation list's pages and counters kept between two writes (list-routes.ts
   * config.ts DEFAULT_LIST_CACHE_MB when left out; 0: none).
   */
  listCacheBytes?: number | undefined;
  /** Request syncs of more requests than this become tasks (202); SYNC_TASK_THRESHOLD (50) by default. */
  syncTaskThreshold?: number | undefined;
  /** Outgoing e-mail (SMTP_URL, MAIL_FROM); without smtpUrl, messages stay in the local outbox. */
  mail?: { smtpUrl?: string | undefined; from?: string | undefined } | undefined;
  /** The live feed (socket.io on the same server): re-check period of connected users. */
  realtime?: Pick<RealtimePluginOptions, 'recheckMs' | 'adapterUrl'> | undefined;
}

/** The links of the e-mails when PUBLIC_URL is not given (tests; server.ts always passes the configured one). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/**
 * Builds the API without listening: server.ts listens, tests use `app.inject`. Every route lives under
 * `/api`; inside it, everything but /health, /auth/login and /auth/signup requires a bearer token.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const limits = serverLimitOptions(options.limits);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    ...limits,
    // plugins/http-errors.ts answers in French what Node's Host check and Fastify's 503 while closing answered with
    // an empty body or in English.
    http: { ...limits.http, requireHostHeader: false },
    return503OnClosing: false,
    clientErrorHandler,
    // Starting the embedded PostgreSQL and migrating takes seconds on a loaded 2-core machine: Fastify's 10 s
    // default is too tight.
    pluginTimeout: 60_000,
    ajv: {
      customOptions: {
        // Fastify's default strips unknown fields silently; we reject them (mass-assignment guard).
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        // A JSON number Infinity (from 1e309) is not a number; coerced strings are guarded by plugins/input-guards.ts.
        strictNumbers: true,
        // Annotation for the OpenAPI document only (@fastify/swagger): a query parameter sent as JSON text.
        keywords: ['x-consume'],
      },
      // No `plugins`: @fastify/ajv-compiler adds ajv-formats itself (format: 'email' in the contract), then onCreate
      // replaces its 'date' with the contract's range of days.
      onCreate: registerDayFormats,
    },
    frameworkErrors,
  });
  capConnections(app.server, options.limits);

  try {
    await registerAll(app, options);
  } catch (error) {
    // Release what was opened (database, data-dir lock) before reporting the failure.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/**
 * A hop count becomes proxy-addr's "trust the N nearest hops" function: Fastify 5 reads a bare number as "trust
 * nothing". Never `true` (config.ts refuses it): that would take the left-most X-Forwarded-For, written by the client.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === undefined || trustProxy === false) return false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return [...trustProxy];
}

async function registerAll(app: FastifyInstance, options: BuildAppOptions): Promise<void> {
  // First: it records every route registered after it (the OpenAPI document, the security suite).
  await app.register(openapiPlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuards);
  await app.register(securityHeaders, {
    remoteOrigins: runtimeRegistryOrigins(options.runtimeConfigFile),
    corsOrigins: options.corsOrigins,
  });
  await app.register(httpErrorsPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(authPlugin, {
    jwtSecret: options.jwtSecret,
    jwtExpiresIn: options.jwtExpiresIn ?? '12h',
    passwordHashing: options.passwordHashing,
    hashingLimits: options.hashingLimits,
  });
  await app.register(rateLimitPlugin);
  await app.register(exportSlotsPlugin, { limits: options.exportLimits });
  await app.register(mailPlugin, options.mail ?? {});
  await app.register(passwordResetsPlugin, { publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL });
  await app.register(tasksPlugin, options.tasks ?? {});
  await app.register(demandeArrivals);
  await app.register(realtimePlugin, {
    corsOrigins: options.corsOrigins,
    adapterUrl: options.database.kind === 'postgres' ? options.database.url : undefined,
    ...options.realtime,
  });
  await app.register(notificationsPlugin);
  await app.register(notificationProducers);
  await app.register(statusTaskPlugin);
  await app.register(exportTaskPlugin, {
    threshold: options.exportTaskThreshold,
    render: options.exportRender?.mode,
    prewarm: options.exportRender?.prewarm,
    priority: options.exportRender?.priority,
    renderCap: options.exportRender?.renderCap,
    inlineRows: options.exportRender?.inlineRows,
  });
  await app.register(syncTaskPlugin, { threshold: options.syncTaskThreshold });
  await app.register(taskEventsPlugin);
  await app.register(digestPlugin);
  await app.register(releaseRegistryPlugin);

  // One set of counters: a wrong current password (PUT /auth/password) counts as a failed login on the account.
  const loginThrottle = createLoginThrottle(options.loginThrottle);
  const demoSeed = options.demoMode ? await seedDemoUsers(app.db, app.passwordHasher) : null;
  app.decorate('demoSeed', demoSeed);

  await app.register(
    async (api) => {
      // The JSON answers of every route below (plugins/compression.ts); the site and socket.io are not routes here.
      await registerCompression(api);
      await api.register(healthRoutes);
      await api.register(publicAuthRoutes, {
        loginThrottle,
        signupRateLimit: options.signupRateLimit,
        passwordResetRateLimits: options.passwordResetRateLimits,
      });
      // The client organisations' systems: their API key, no user token.
      await api.register(externeRoutes);
      await api.register(async (secured) => {
        secured.addHook('onRequest', secured.authenticate);
        secured.addHook('onRoute', markAccess('user'));
        await secured.register(protectedAuthRoutes, { loginThrottle });
        await secured.register(usersRoutes, { prefix: '/users' });
        await secured.register(referentielRoutes);
        await secured.register(contratsRoutes);
        await secured.register(repasRoutes);
        await secured.register(reservationsRoutes, { listCacheBytes: options.listCacheBytes });
        await secured.register(statsRoutes);
        await secured.register(demandesRoutes);
        await secured.register(communicationsRoutes);
        await secured.register(courrielsRoutes);
        await secured.register(roomingRoutes);
        await secured.register(relevesRoutes);
        await secured.register(tasksRoutes);
        await secured.register(notificationsRoutes);
        await secured.register(foyersRoutes);
        await secured.register(facturationRoutes);
        await secured.register(comptabiliteRoutes);
        await secured.register(releasesRoutes, { prefix: REGISTRY_PATH });
      });
    },
    { prefix: '/api' },
  );
}
