import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backoff, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { CONSOLE_LOG, type DatabaseLog } from './database-log';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-dir';
import { isRoot, serverBinaries } from './server-binaries';

/** A real PostgreSQL 17 server started by this process, reachable through a unix socket in its data directory. */
export interface EmbeddedServer {
  url: string;
  /** The cluster's directory (`<DATA_DIR>/postgres`). */
  pgDir: string;
  /** The running postmaster's process id; undefined while it is down (a restart pending). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** Where the unexpected stops and each restart attempt are told (app.log in the API); stderr by default. */
  log?: DatabaseLog | undefined;
  /** Delays between the restart attempts after the server died; DEFAULT_BACKOFF by default. */
  restart?: BackoffPolicy | undefined;
}

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

interface ServerUser {
  uid: number;
  gid: number;
}

/** The `postgres` user's ids, created when missing (postgres refuses to run as root). */
function postgresUser(): ServerUser {
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
 * How initdb and postgres are given their cluster. As root they run as `postgres`, which may have no right to walk
 * DATA_DIR's parents (a clone in /root, `mktemp -d`: 0700): node enters the cluster's folder as root before it
 * switches to that user (spawn applies `cwd` before `uid`, libuv), and the programs are given `/proc/self/cwd`,
 * which the kernel resolves from their working folder without walking the parents (and `..` from there, the folder
 * above, which is the cluster's own). So no permission changes outside the cluster, which stays in DATA_DIR. The
 * cluster must be the working folder itself: initdb enters its data folder, and a path below `/proc/self/cwd` would
 * then point one level too deep for the programs it starts. Not root, plain paths.
 */
const clusterPath = (cluster: string, user: ServerUser | undefined): string =>
  user === undefined ? cluster : '/proc/self/cwd';

/**
 * The server's environment beyond ours. glibc's malloc gives memory above the heap's top back to the kernel after
 * each statement; a backend that holds a named statement (every pooled connection: the token check's) then faults
 * the planner's few MB in again on every big statement — 3× the backend CPU of the reservation list's statement
 * (docs/performance.md « Service time per request », perf record: page faults under palloc0/brk). Keeping 16 MB of
 * top pad per backend removes it (1 or 4 MB did not). An operator's own GLIBC_TUNABLES is kept as it is. Messages in
 * English (C): readiness is read from them.
 */
const serverEnvironment = (): NodeJS.ProcessEnv => ({
  GLIBC_TUNABLES: 'glibc.malloc.top_pad=16777216',
  ...process.env,
  LC_MESSAGES: 'C',
});

const READY = 'database system is ready to accept connections';
/** The last lines of a program's output kept for the error that reports its failure. */
const KEPT_LINES = 20;

/**
 * Runs one of the server's programs in `cwd` (as `user` when given) and resolves with the running process once a
 * line of its output contains `ready`, or once it exits 0 when `ready` is undefined. Its output is read to the end
 * (a full pipe would block the server); its last lines go into the error when it fails.
 */
function run(
  program: string,
  args: string[],
  cwd: string,
  user: ServerUser | undefined,
  ready?: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd,
      env: serverEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user === undefined ? {} : { uid: user.uid, gid: user.gid }),
    });
    const lines: string[] = [];
    let partial = '';
    let started = false;
    const read = (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (started) continue;
        lines.push(line);
        if (lines.length > KEPT_LINES) lines.shift();
        if (ready !== undefined && line.includes(ready)) {
          started = true;
          resolve(child);
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('error', reject);
    child.once('exit', (code, signal) => {
      if (started) return;
      if (ready === undefined && code === 0) return resolve(child);
      const name = program.split('/').pop();
      reject(
        new Error(`${name} a échoué (code ${code ?? '–'}, signal ${signal ?? '–'}) :\n${lines.join('\n')}`),
      );
    });
  });
}

const INITDB_FLAGS = [
  '--encoding=UTF8',
  '--locale=C',
  // PostgreSQL 17's builtin C.UTF-8: code-point order like C, but lower()/upper() know every letter, so the
  // case-insensitive unique names (lower(nom)) see « HÔTEL » and « Hôtel » as one. Plain C lower-cases ASCII only.
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
  '--lc-messages=C',
];

/**
 * Creates the cluster: initdb writes it into `<DATA_DIR>/postgres-init/cluster` with the password file beside it (a
 * folder of the server's user only), then it is renamed `<DATA_DIR>/postgres` — so a cluster is there whole or not at
 * all, even if the first start is interrupted.
 */
async function initialise(
  bin: string,
  dataDir: string,
  pgDir: string,
  password: string,
  user: ServerUser | undefined,
): Promise<void> {
  const initDir = join(dataDir, 'postgres-init');
  const cluster = join(initDir, 'cluster');
  const passwordFile = join(initDir, 'password');
  rmSync(initDir, { recursive: true, force: true });
  mkdirSync(cluster, { recursive: true, mode: PRIVATE_DIR_MODE });
  writeFileSync(passwordFile, `${password}\n`, { mode: PRIVATE_FILE_MODE });
  if (user !== undefined) {
    for (const path of [initDir, cluster, passwordFile]) chownSync(path, user.uid, user.gid);
  }
  try {
    await run(
      join(bin, 'initdb'),
      [
        `--pgdata=${clusterPath(cluster, user)}`,
        `--pwfile=${user === undefined ? passwordFile : '/proc/self/cwd/../password'}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        ...INITDB_FLAGS,
      ],
      cluster,
      user,
    );
    renameSync(cluster, pgDir);
  } finally {
    rmSync(initDir, { recursive: true, force: true });
  }
}

const SOCKET_PORT = 5432;

const socketUrl = (password: string, pgDir: string, port: number) =>
  `postgresql://postgres:${encodeURIComponent(password)}@/postgres?host=${encodeURIComponent(pgDir)}&port=${port}`;

/**
 * The URL of the embedded server another process started in `dataDir` (the running API holds the directory's lock):
 * a command line reaches it through its socket with the generated password, root only (the socket's folder is the
 * server user's). Undefined when the directory has no cluster.
 */
export function runningServerUrl(dataDir: string): string | undefined {
  const passwordFile = join(dataDir, 'postgres-password');
  if (!existsSync(passwordFile)) return undefined;
  return socketUrl(readFileSync(passwordFile, 'utf8').trim(), join(dataDir, 'postgres'), SOCKET_PORT);
}

/**
 * Starts (initialising on first use) the cluster in `<dataDir>/postgres`, and keeps it running: when its postmaster
 * dies (a kill, a crash), it is started again after a delay that doubles at each failed attempt (`options.restart`),
 * each attempt logged, until `stop()`. No TCP port: postgres listens only on a unix socket inside its own 0700
 * directory, and a generated password (0600 file) still guards it. `settings` are extra server settings
 * (`-c name=value`): the tests' throwaway cluster turns fsync off (test/global-setup.ts).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  settings: Record<string, string> = {},
  options: EmbeddedServerOptions = {},
): Promise<EmbeddedServer> {
  const log = options.log ?? CONSOLE_LOG;
  const pgDir = join(dataDir, 'postgres');
  const passwordFile = join(dataDir, 'postgres-password');
  let password: string;
  if (existsSync(passwordFile)) {
    password = readFileSync(passwordFile, 'utf8').trim();
  } else {
    password = randomBytes(24).toString('base64url');
    writeFileSync(passwordFile, `${password}\n`, { mode: PRIVATE_FILE_MODE });
  }
  const bin = join(serverBinaries(), 'bin');
  const user = isRoot() ? postgresUser() : undefined;
  const port = SOCKET_PORT; // only names the socket file (.s.PGSQL.5432): nothing listens on TCP
  await stopOrphan(pgDir);
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await initialise(bin, dataDir, pgDir, password, user);
  const serverArgs = [
    '-D',
    clusterPath(pgDir, user),
    '-p',
    String(port),
    '-c',
    'listen_addresses=',
    '-k',
    clusterPath(pgDir, user),
    // The socket is the server's only door: its own user only (root, the API's user when root, passes anyway).
    '-c',
    'unix_socket_permissions=0700',
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];

  let server: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let steadyTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  const delays = backoff(options.restart ?? DEFAULT_BACKOFF);
  const steadyMs = (options.restart ?? DEFAULT_BACKOFF).maxMs;

  const launch = async () => {
    const started = await run(join(bin, 'postgres'), serverArgs, pgDir, user, READY);
    server = started;
    started.once('exit', (code, signal) => {
      if (server === started) server = undefined;
      clearTimeout(steadyTimer);
      if (stopping) return;
      log.error(
        { postmaster: started.pid, code, signal },
        'PostgreSQL intégré arrêté de façon inattendue : redémarrage automatique',
      );
      scheduleRestart();
    });
    if (stopping) await halt(started);
  };

  // A server that dies again soon after a restart is not « back »: the delays keep growing until it stays up.
  const scheduleRestart = () => {
    const { delayMs, attempt } = delays.next();
    log.warn(
      { attempt, delayMs },
      `PostgreSQL intégré : tentative de redémarrage n° ${attempt} dans ${delayMs} ms`,
    );
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      restarting = launch().then(
        () => {
          if (stopping) return;
          log.info(
            { attempt, postmaster: server?.pid },
            `PostgreSQL intégré redémarré (tentative n° ${attempt})`,
          );
          steadyTimer = setTimeout(() => delays.reset(), steadyMs);
          steadyTimer.unref();
        },
        (error: unknown) => {
          if (stopping) return;
          log.warn(
            { err: error, attempt },
            `PostgreSQL intégré : la tentative de redémarrage n° ${attempt} a échoué`,
          );
          scheduleRestart();
        },
      );
      void restarting.finally(() => (restarting = undefined));
    }, delayMs);
    // A restart to come does not keep a process alive that has nothing else to do.
    restartTimer.unref();
  };

  /** Fast shutdown (SIGINT), resolved once the postmaster has exited. */
  const halt = async (running: ChildProcess) => {
    if (running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT');
    await exited;
  };

  await launch();
  const url = socketUrl(password, pgDir, port);
  return {
    url,
    pgDir,
    pid: () => server?.pid,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      clearTimeout(steadyTimer);
      await restarting?.catch(() => undefined);
      if (server !== undefined) await halt(server);
    },
  };
}
