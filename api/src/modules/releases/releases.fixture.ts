import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/helper';
import { releaseEvents, releasePointers } from '../../db/schema';

/** A release.json as the release package writes it (issue 38 §1, api/src/lib/release-store's `ReleaseManifest`). */
export const releaseJson = (remote: string, id: string, extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  remote,
  id,
  commit: 'abc1234',
  commitDate: '2026-12-07T09:00:00Z',
  builtAt: '2026-12-07T10:00:00.000Z',
  builder: 'test@machine',
  federationPluginVersion: '2.9.1',
  files: [
    { path: 'mf-manifest.json', size: 812, sha256: 'a'.repeat(64) },
    { path: 'remoteEntry.js', size: 4096, sha256: 'b'.repeat(64) },
  ],
  firstVisit: { brotliBytes: 12_345, files: ['mf-manifest.json', 'remoteEntry.js'] },
  routes: [],
  menu: [],
  requirements: {},
  ...extra,
});

/**
 * The registry's admin routes as the tests drive them (the app and token as the suite's `beforeAll` set them): register a release.json, promote a
 * release, and read back the remote's live release and the number of trail rows.
 */
export function registryDriver(app: () => FastifyInstance, token: () => string) {
  const post = (url: string, payload: object) =>
    app().inject({ method: 'POST', url: `/api/registry${url}`, headers: bearer(token()), payload });
  return {
    register: (remote: string, id: string, extra?: Record<string, unknown>) =>
      post('/releases', { release: releaseJson(remote, id, extra) }),
    promote: (remote: string, id: string) => post(`/${remote}/promote`, { id }),
    liveId: async (remote: string) =>
      (
        await app()
          .db.select()
          .from(releasePointers)
          .where(sql`${releasePointers.remote} = ${remote}`)
      )[0]?.liveId ?? null,
    eventCount: async () => (await app().db.select().from(releaseEvents)).length,
  };
}
