/**
 * Releases for the delivery browser test (issue 38 §6): the built apps packaged and published into the product's
 * release store with the release command's own functions (api/src/lib/release-store), registered and moved through
 * the administrators' registry API, as `npm start` and `pnpm release` + `pnpm registry` do.
 */
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { REGISTRY_PATH, type RegistryStatus } from 'shared/contract';
import { createFolderStore } from '../../api/src/lib/release-store/folder-store';
import { isHostReleaseFile } from '../../api/src/lib/release-store/release-files';
import { HOST_RELEASE, type ReleaseManifest } from '../../api/src/lib/release-store/release-manifest';
import { packageRelease, publishRelease } from '../../api/src/lib/release-store/release-package';
import { ROOT } from './product';
import type { ApiSession } from './world';

/** Every release of the test comes from one fixed commit: the ids differ by their files' bytes alone. */
const COMMIT = { hash: 'e2e0de1' + '0'.repeat(33), date: new Date('2026-12-01T08:00:00Z') };

/** Packages a built dist (already pre-compressed) and publishes it into the folder store; its release.json. */
export async function publishDist(
  storeDir: string,
  remote: string,
  distDir: string,
): Promise<ReleaseManifest> {
  const { manifest } = await packageRelease({
    remote,
    distDir,
    commit: COMMIT.hash,
    commitDate: COMMIT.date,
    builder: 'e2e@delivery',
    ...(remote === HOST_RELEASE && { include: isHostReleaseFile }),
  });
  await publishRelease(createFolderStore(storeDir), { manifest, distDir });
  return manifest;
}

/** An answer of the registry API, refusals included (ApiSession.call throws on those). */
export async function registryCall(
  api: ApiSession,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }> {
  const response = await fetch(`${api.baseUrl}/api${REGISTRY_PATH}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${api.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

async function expectOk(answer: Promise<Awaited<ReturnType<typeof registryCall>>>, what: string) {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what} → ${status} ${JSON.stringify(body)}`);
  return body;
}

export const registerRelease = (api: ApiSession, release: ReleaseManifest) =>
  expectOk(registryCall(api, 'POST', '/releases', { release }), `enregistrement de ${release.id}`);

export const promoteRelease = (api: ApiSession, remote: string, id: string, canary?: number) =>
  expectOk(
    registryCall(api, 'POST', `/${remote}/promote`, { id, ...(canary !== undefined && { canary }) }),
    `mise en ligne de ${id}`,
  );

export const rollbackRelease = (api: ApiSession, remote: string) =>
  expectOk(registryCall(api, 'POST', `/${remote}/rollback`, {}), `retour arrière de ${remote}`);

export async function liveRelease(api: ApiSession, remote: string): Promise<string | undefined> {
  const status = (await registryCall(api, 'GET', '')).body as unknown as RegistryStatus;
  return status.data.find((entry) => entry.remote === remote)?.live?.id;
}

/** What `npm start` does after `pnpm build`: the host and every remote released from its dist and put live. */
export async function releaseBuiltProduct(
  api: ApiSession,
  storeDir: string,
  apps: readonly string[],
): Promise<Record<string, ReleaseManifest>> {
  const released: Record<string, ReleaseManifest> = {};
  for (const app of apps) {
    const release = await publishDist(storeDir, app, join(ROOT, app, 'dist'));
    await registerRelease(api, release);
    await promoteRelease(api, app, release.id);
    released[app] = release;
  }
  return released;
}

/** SHA-256 of every file under a folder, by relative path. */
export function folderHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hashes[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return hashes;
}

/**
 * A copy of a built dist, `edits` applied to its text files (path → new content from old): another release of the
 * same remote without a build. An edited file's pre-compressed variants are written again from its new bytes, as
 * scripts/compress-dist.mjs writes them, so that each encoding serves the same page.
 */
export function editedDist(
  sourceDir: string,
  targetDir: string,
  edits: Record<string, (text: string) => string>,
): string {
  cpSync(sourceDir, targetDir, { recursive: true });
  for (const [path, edit] of Object.entries(edits)) {
    const file = join(targetDir, path);
    const before = readFileSync(file, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`${path} : la modification n'a rien changé`);
    writeFileSync(file, after);
    const bytes = Buffer.from(after);
    const variants = readdirSync(join(file, '..'));
    const name = path.split('/').at(-1) ?? path;
    if (variants.includes(`${name}.br`))
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    if (variants.includes(`${name}.gz`)) writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
  return targetDir;
}

/** The one file of a dist whose text contains `needle` (a chunk's name carries its build hash). */
export function fileContaining(distDir: string, under: string, needle: string): string {
  const found = readdirSync(join(distDir, under), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => relative(distDir, join(entry.parentPath, entry.name)))
    .filter((path) => readFileSync(join(distDir, path), 'utf8').includes(needle));
  if (found.length !== 1) throw new Error(`« ${needle} » dans ${found.length} fichier(s) de ${distDir}`);
  return found[0] as string;
}

/**
 * SQL on the product's embedded PostgreSQL through its socket, as an operator would type it in psql (root only,
 * like `pnpm registry` beside a running API): the `pg` client the API depends on, with the generated password.
 */
export async function runSql(dataDir: string, sql: string, values: unknown[] = []): Promise<void> {
  interface PgClient {
    connect(): Promise<void>;
    query(text: string, values: unknown[]): Promise<unknown>;
    end(): Promise<void>;
  }
  const pg = createRequire(join(ROOT, 'api', 'package.json'))('pg') as {
    Client: new (options: object) => PgClient;
  };
  const client = new pg.Client({
    host: join(dataDir, 'postgres'),
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    password: readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim(),
  });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}
