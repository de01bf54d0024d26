import { http, type RequestHandler } from 'msw';
import {
  COMMON_MESSAGES,
  PromoteBody,
  REGISTRY_PATH,
  RELEASES_MESSAGES as M,
  RollbackBody,
  rollbackTarget,
  type ReleaseEvent,
  type RemoteStatus,
} from '../../contract';
import { Value } from 'typebox/value';
import { api, claimsOf, fail, json, readJson, requireSession } from '../common/http';
import { mockPointers, mockReleaseEvents, mockReleases, type MockPointer } from './store';

const registry = (path = '') => api(`${REGISTRY_PATH}${path}`);

/** Administrators only, as the API's registry routes (403 to an agent). */
function denied(request: Request) {
  return (
    requireSession(request) ??
    (claimsOf(request)?.role === 'admin' ? undefined : fail(403, COMMON_MESSAGES.forbidden))
  );
}

function status(remote: string): RemoteStatus {
  const pointer = mockPointers.get(remote);
  const find = (id: string | null | undefined) =>
    mockReleases.find((release) => release.remote === remote && release.id === id) ?? null;
  const canary = find(pointer?.canaryId);
  return {
    remote,
    live: find(pointer?.liveId),
    canary: canary && pointer?.canaryPercent ? { release: canary, percent: pointer.canaryPercent } : null,
    version: pointer?.version ?? null,
    updatedAt: pointer?.updatedAt ?? null,
    registered: mockReleases.filter((release) => release.remote === remote).length,
  };
}

function record(event: Omit<ReleaseEvent, 'id' | 'at' | 'actorKind' | 'actor'>, request: Request) {
  mockReleaseEvents.push({
    ...event,
    id: Math.max(0, ...mockReleaseEvents.map((e) => e.id)) + 1,
    at: new Date().toISOString(),
    actorKind: 'user',
    actor: String(claimsOf(request)?.email ?? ''),
  });
}

function move(remote: string, values: Partial<Omit<MockPointer, 'version' | 'updatedAt'>>) {
  const pointer = mockPointers.get(remote);
  if (!pointer) return;
  Object.assign(pointer, values, { version: pointer.version + 1, updatedAt: new Date().toISOString() });
}

/**
 * The registry's admin routes in memory (api/src/modules/releases): status, a remote's releases and history, promote
 * (live or canary) and rollback (withdraws the canary first) with the pointer's compare-and-swap version and the
 * API's French messages.
 */
export const releasesHandlers: RequestHandler[] = [
  http.get(registry(), ({ request }) => {
    const refused = denied(request);
    if (refused) return refused;
    const remotes = [...new Set(mockReleases.map((release) => release.remote))].sort();
    return json(200, { data: remotes.map(status) });
  }),
  http.get(registry('/:remote/releases'), ({ request, params }) => {
    const refused = denied(request);
    if (refused) return refused;
    const data = mockReleases.filter((release) => release.remote === params.remote).reverse();
    return json(200, { data });
  }),
  http.get(registry('/:remote/history'), ({ request, params }) => {
    const refused = denied(request);
    if (refused) return refused;
    const data = mockReleaseEvents.filter((event) => event.remote === params.remote).reverse();
    return json(200, { data });
  }),
  http.post(registry('/:remote/promote'), async ({ request, params }) => {
    const refused = denied(request);
    if (refused) return refused;
    const remote = String(params.remote);
    const body = await readJson(request);
    if (!Value.Check(PromoteBody, body)) return fail(400, COMMON_MESSAGES.invalidBody);
    const owner = mockReleases.find((release) => release.id === body.id);
    if (!owner) return fail(404, M.unknownRelease(body.id));
    if (owner.remote !== remote) return fail(409, M.foreignRelease(body.id, owner.remote, remote));
    const pointer = mockPointers.get(remote);
    if (body.version !== undefined && body.version !== pointer?.version) return fail(409, M.stale);
    if (pointer?.liveId === body.id) return fail(409, M.alreadyLive(remote, body.id));
    if (body.canary !== undefined) {
      if (!pointer) return fail(409, M.canaryNeedsLive(remote));
      record(
        {
          remote,
          action: 'canary',
          fromId: pointer.canaryId,
          toId: body.id,
          canaryPercent: body.canary,
          reason: body.reason ?? null,
        },
        request,
      );
      move(remote, { canaryId: body.id, canaryPercent: body.canary });
      return json(200, { message: M.canaryStarted(remote, body.id, body.canary), data: status(remote) });
    }
    record(
      {
        remote,
        action: 'promote',
        fromId: pointer?.liveId ?? null,
        toId: body.id,
        canaryPercent: null,
        reason: body.reason ?? null,
      },
      request,
    );
    if (pointer) move(remote, { liveId: body.id, canaryId: null, canaryPercent: null });
    else
      mockPointers.set(remote, {
        liveId: body.id,
        canaryId: null,
        canaryPercent: null,
        version: 1,
        updatedAt: new Date().toISOString(),
      });
    return json(200, { message: M.promoted(remote, body.id), data: status(remote) });
  }),
  http.post(registry('/:remote/rollback'), async ({ request, params }) => {
    const refused = denied(request);
    if (refused) return refused;
    const remote = String(params.remote);
    const body = await readJson(request);
    if (!Value.Check(RollbackBody, body)) return fail(400, COMMON_MESSAGES.invalidBody);
    const pointer = mockPointers.get(remote);
    if (!pointer) return fail(409, M.noPrevious(remote));
    if (body.version !== undefined && body.version !== pointer.version) return fail(409, M.stale);
    if (pointer.canaryId !== null) {
      const withdrawn = pointer.canaryId;
      record(
        {
          remote,
          action: 'canary_rollback',
          fromId: withdrawn,
          toId: null,
          canaryPercent: null,
          reason: body.reason ?? null,
        },
        request,
      );
      move(remote, { canaryId: null, canaryPercent: null });
      return json(200, { message: M.canaryWithdrawn(remote, withdrawn), data: status(remote) });
    }
    const target = rollbackTarget(mockReleaseEvents.filter((event) => event.remote === remote));
    if (target === null) return fail(409, M.noPrevious(remote));
    const from = pointer.liveId;
    record(
      {
        remote,
        action: 'rollback',
        fromId: from,
        toId: target,
        canaryPercent: null,
        reason: body.reason ?? null,
      },
      request,
    );
    move(remote, { liveId: target });
    return json(200, { message: M.rolledBack(remote, from, target), data: status(remote) });
  }),
];
