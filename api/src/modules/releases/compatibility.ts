/**
 * Issue 38 §4 on the registry's side: a release is promoted only when the host meets its requirements
 * (shared/src/contract/compatibility.ts). What the host provides comes from the live host release's release.json
 * (`provides`, when the host is released like a remote), else from the host build this API serves
 * (`host-shell/dist/provides.json`); the API operations from the running API's own routes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import {
  apiOperation,
  HOST_APP,
  PROVIDES_FILE,
  unmetRequirements,
  type Provides,
} from 'shared/contract/compatibility';
import type { Executor } from '../../db/client';
import { releasePointers, releases } from '../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The host build the static site serves (`<WEB_ROOT>/host-shell/dist`); absent when the API serves no site. */
    hostBuildDir?: string;
  }
}

/** Where promote finds what it checks a release against, beside the registry's own tables. */
export interface CompatibilitySources {
  /** The host build on disk (`host-shell/dist`), read when no host release is live; none: not read. */
  hostBuildDir?: () => string | undefined;
  /** The running API's operations (apiOperation); undefined: API operations are not checked. */
  apiOperations?: () => Promise<readonly string[] | undefined> | readonly string[] | undefined;
}

/** What a host provides and where it was read, for the messages. */
export interface HostProvides {
  provides: Provides;
  from: string;
}

/** The API operations of a route table (`app.routeTable`): the `/api/…` routes, as requirements write them. */
export function routeTableOperations(table: readonly { method: string; url: string }[]): string[] {
  return table
    .filter((route) => route.url.startsWith('/api/'))
    .map((route) => apiOperation(route.method, route.url));
}

/** The operations of an OpenAPI document (`GET /api/openapi.json`), as requirements write them. */
export function openApiOperations(document: { paths?: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => apiOperation(method, path)),
  );
}

/** The host build's `provides.json` in `dir`, null when it has none (not built, or built before §4). */
export function readHostBuildProvides(dir: string): HostProvides | null {
  const file = join(dir, PROVIDES_FILE);
  if (!existsSync(file)) return null;
  return { provides: JSON.parse(readFileSync(file, 'utf8')) as Provides, from: `la construction ${file}` };
}

/** What the host provides: its live release's `provides`, else its build on disk; null when neither is known. */
export async function hostProvides(
  executor: Executor,
  sources: CompatibilitySources,
): Promise<HostProvides | null> {
  const [live] = await executor
    .select({ id: releases.id, provides: sql<Provides | null>`${releases.manifest} -> 'provides'` })
    .from(releasePointers)
    .innerJoin(
      releases,
      and(eq(releases.remote, releasePointers.remote), eq(releases.id, releasePointers.liveId)),
    )
    .where(eq(releasePointers.remote, HOST_APP));
  if (live?.provides) return { provides: live.provides, from: `la version ${live.id} de l'hôte` };
  const dir = sources.hostBuildDir?.();
  return dir === undefined ? null : readHostBuildProvides(dir);
}

/** What `provides` stands for when the host is unknown: nothing is checked but the API operations. */
const UNCHECKED: Provides = { singletons: {}, antd: [], exports: {}, permissions: [], federation: '0.0.0' };

/**
 * The requirements of a release the host and the API do not meet (French, each naming what is missing). Without a
 * known host only the API operations are checked, and without known operations only the host's side.
 */
export async function unmetByHost(
  executor: Executor,
  requirements: unknown,
  sources: CompatibilitySources,
): Promise<{ unmet: string[]; from: string | null }> {
  const host = await hostProvides(executor, sources);
  const api = await sources.apiOperations?.();
  const operations = api === undefined ? {} : { api: [...api] };
  if (host === null) {
    const apiOnly = { api: (requirements as { api?: unknown } | null)?.api };
    return {
      unmet: api === undefined ? [] : unmetRequirements(apiOnly, { ...UNCHECKED, ...operations }),
      from: null,
    };
  }
  return { unmet: unmetRequirements(requirements, { ...host.provides, ...operations }), from: host.from };
}

/** The release's release.json `requirements`, as registered. */
export async function releaseRequirements(executor: Executor, remote: string, id: string): Promise<unknown> {
  const [row] = await executor
    .select({ requirements: sql<unknown>`${releases.manifest} -> 'requirements'` })
    .from(releases)
    .where(and(eq(releases.remote, remote), eq(releases.id, id)));
  return row?.requirements ?? null;
}

/** Builds promote's refusal: null when the release is compatible (or is the host itself). */
export async function incompatibility(
  executor: Executor,
  remote: string,
  id: string,
  sources: CompatibilitySources,
): Promise<string | null> {
  if (remote === HOST_APP) return null;
  const { unmet, from } = await unmetByHost(
    executor,
    await releaseRequirements(executor, remote, id),
    sources,
  );
  if (unmet.length === 0) return null;
  return `La version ${id} de ${remote} est incompatible${from ? ` avec ${from}` : ''} : ${unmet.join(' ; ')}. Rien n'a changé.`;
}
