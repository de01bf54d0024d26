/**
 * Promote's check of what a release declares (issue 38 §3): its routes and menu entries must be usable by the host
 * (known menu groups, permissions and guards: the names `shared` holds) and must not take a path or a route id
 * another live remote — or the host itself — already owns. Refused with the name of the problem, nothing changed.
 */
import { and, eq, ne, or } from 'drizzle-orm';
import {
  declarationProblems,
  HOST_DASHBOARD_PATHS,
  RELEASES_MESSAGES,
  type RouteDeclaration,
} from 'shared/contract';
import type { Executor } from '../../db/client';
import { releasePointers, releases } from '../../db/schema';
import { BadRequestError, ConflictError } from '../../errors';

/** A path as the router matches it: case-insensitive, any parameter name. */
const pathKey = (path: string) => path.replace(/:\w+/g, ':').toLowerCase();

const routesOf = (manifest: Record<string, unknown>): RouteDeclaration[] =>
  Array.isArray(manifest.routes) ? (manifest.routes as RouteDeclaration[]) : [];

export async function checkPromotedDeclarations(tx: Executor, remote: string, id: string): Promise<void> {
  const [candidate] = await tx
    .select({ manifest: releases.manifest })
    .from(releases)
    .where(and(eq(releases.remote, remote), eq(releases.id, id)));
  if (candidate === undefined) return;
  const { routes, menu } = candidate.manifest;
  // The host's release, and releases from before routes travelled with them, declare nothing.
  if (routesOf(candidate.manifest).length === 0 && (!Array.isArray(menu) || menu.length === 0)) return;
  const problems = declarationProblems({ routes, menu });
  if (problems.length) throw new BadRequestError(RELEASES_MESSAGES.invalidDeclarations(remote, id, problems));

  // Every release another remote serves: its live one and its canary.
  const others = await tx
    .select({ remote: releases.remote, id: releases.id, manifest: releases.manifest })
    .from(releasePointers)
    .innerJoin(
      releases,
      and(
        eq(releases.remote, releasePointers.remote),
        or(eq(releases.id, releasePointers.liveId), eq(releases.id, releasePointers.canaryId)),
      ),
    )
    .where(ne(releasePointers.remote, remote));
  const owners = new Map<string, string>(
    HOST_DASHBOARD_PATHS.map((path) => [pathKey(path), RELEASES_MESSAGES.hostOwner]),
  );
  const ids = new Map<string, string>();
  for (const other of others)
    for (const route of routesOf(other.manifest)) {
      owners.set(pathKey(route.path), RELEASES_MESSAGES.releaseOwner(other.remote, other.id));
      ids.set(route.id, RELEASES_MESSAGES.releaseOwner(other.remote, other.id));
    }
  for (const route of routesOf(candidate.manifest)) {
    const owner = owners.get(pathKey(route.path));
    if (owner) throw new ConflictError(RELEASES_MESSAGES.pathTaken(remote, id, route.path, owner));
    const idOwner = ids.get(route.id);
    if (idOwner) throw new ConflictError(RELEASES_MESSAGES.routeIdTaken(remote, id, route.id, idOwner));
  }
}
