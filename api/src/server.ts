import { parisToday } from 'shared/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DEMO_PRESETS, generateDemoData, type DemoDataResult } from './demo/generate-demo-data';
import { openReleaseStore } from './lib/release-store/open-release-store';
import type { ReleaseStore } from './lib/release-store/release-store';
import releaseFiles from './plugins/release-files';
import staticSite from './plugins/static-site';

function displayUrl(config: AppConfig): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

function printBanner(
  app: FastifyInstance,
  config: AppConfig,
  demoMode: boolean,
  demoData: DemoDataResult | null,
  releaseStore: ReleaseStore,
): void {
  const lines = [`EBAS3 est démarré : ${displayUrl(config)}`, `Base de données : ${app.dbInfo.label}`];
  const demoAccounts = app.demoSeed?.available ?? [];
  if (demoMode && demoAccounts.length > 0) {
    const accounts = demoAccounts
      .map(
        (account) =>
          `${account.email} / ${account.password} (${account.role === 'admin' ? 'administrateur' : 'agent'})`,
      )
      .join(' — ');
    lines.push(`Comptes de démonstration : ${accounts}`);
  } else if (demoMode) {
    lines.push('Mode démonstration : un administrateur existait déjà, aucun compte de démonstration créé.');
  }
  if (demoData && !demoData.skipped) {
    lines.push(
      `Données de démonstration : ${demoData.hotels} établissements, ${demoData.clients} clients, ` +
        `${demoData.residents} pensionnaires, ${demoData.reservations} réservations, ${demoData.nights} nuitées.`,
    );
  }
  if (config.webRoot === undefined) lines.push('Site : non servi (WEB_ROOT absent), API seule sous /api.');
  lines.push(`Versions des modules : ${releaseStore.description}, servies sous /releases/`);
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  // Everything this process writes (database files, JWT secret, lock) is readable by its user only.
  process.umask(0o077);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The start command is the demo: accounts are seeded unless DEMO_MODE=0.
  const demoMode = config.demoMode ?? true;

  // Ctrl+C or SIGTERM stops EBAS3 in order from the first instant (docs/database.md « Lifecycle »). While it starts,
  // the step under way ends (the database started, the migrations applied) or is rolled back (the demo data, one
  // transaction), then what was opened is closed; a second signal stops at once (an embedded PostgreSQL left
  // running is stopped by the next start).
  const startup = new AbortController();
  let running: FastifyInstance | undefined;
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    if (running === undefined) {
      console.log(
        `Arrêt demandé (${signal}) pendant le démarrage : EBAS3 s'arrête à la fin de l'étape en cours. ` +
          'Ctrl+C de nouveau pour arrêter tout de suite.',
      );
      startup.abort(signal);
      return;
    }
    running.log.info({ signal }, 'arrêt en cours');
    closeAndExit(running);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const app = await buildApp({
    database:
      config.databaseUrl === undefined
        ? { kind: 'embedded', dataDir: config.dataDir }
        : { kind: 'postgres', url: config.databaseUrl },
    jwtSecret: config.jwtSecret,
    jwtExpiresIn: config.jwtExpiresIn,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    limits: config.limits,
    corsOrigins: config.corsOrigins,
    runtimeConfigFile: config.runtimeConfigFile,
    demoMode,
    tasks: { run: true, schedules: true },
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    publicUrl: config.publicUrl,
    exportRender: {
      mode: config.exportRender,
      prewarm: true,
      priority: config.exportPriority,
      renderCap: config.exportRenderCap,
      inlineRows: config.exportInlineRows,
    },
    listCacheBytes: config.listCacheMb * 1024 * 1024,
  });
  try {
    startup.signal.throwIfAborted();
    // A new database in demo mode gets the demo dataset (hotels, clients, residents, stays around today): all of it
    // or, stopped half-way, none — the next start generates it again.
    const demoData = demoMode
      ? await generateDemoData(
          app.db,
          { ...DEMO_PRESETS.demo, today: parisToday() },
          {
            atomic: true,
            signal: startup.signal,
            onBegin: () =>
              console.log('Base neuve : génération des données de démonstration (quelques secondes)…'),
          },
        )
      : null;
    const releaseStore = openReleaseStore(config.releaseStore);
    await app.register(releaseFiles, { store: releaseStore });
    if (config.webRoot !== undefined) {
      await app.register(staticSite, {
        webRoot: config.webRoot,
        runtimeConfigFile: config.runtimeConfigFile,
        releaseStore,
      });
    }
    startup.signal.throwIfAborted();
    await app.listen({ port: config.port, host: config.host });
    startup.signal.throwIfAborted();
    running = app;
    printBanner(app, config, demoMode, demoData, releaseStore);
  } catch (error) {
    if (startup.signal.aborted) return closeAndExit(app);
    await app.close().catch(() => undefined);
    throw error;
  }
}

/** Closes the API (the embedded PostgreSQL last) and exits: 0, or 1 if closing failed. */
function closeAndExit(app: FastifyInstance): void {
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, "erreur pendant l'arrêt");
      process.exit(1);
    },
  );
}

main().catch((error: unknown) => {
  console.error(`EBAS3 n'a pas pu démarrer : ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof Error && error.name === 'DataDirLockedError')) console.error(error);
  process.exit(1);
});
