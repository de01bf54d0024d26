import type { ReleaseEvent, ReleaseSummary } from '../../contract';

/** A remote's pointer as the registry keeps it (release_pointers): live, optional canary, the CAS version. */
export interface MockPointer {
  liveId: string;
  canaryId: string | null;
  canaryPercent: number | null;
  version: number;
  updatedAt: string;
}

const summary = (remote: string, id: string, day: number): ReleaseSummary => ({
  remote,
  id,
  commit: `c0ffee${day}`,
  builtAt: `2026-12-0${day}T09:00:00.000Z`,
  filesCount: 12,
  firstVisitBytes: 40_000 + day,
  registeredAt: `2026-12-0${day}T09:05:00.000Z`,
  registeredBy: 'ci@ebas3',
});

/** Registered releases, newest registered last (the handlers answer newest first). */
export const mockReleases: ReleaseSummary[] = [];
export const mockPointers = new Map<string, MockPointer>();
export const mockReleaseEvents: ReleaseEvent[] = [];

/** The seed: mf-stats with three releases, v2 live after v1, v3 registered; mf-demandes with one release live. */
export function resetReleaseMocks(): void {
  mockReleases.splice(
    0,
    mockReleases.length,
    summary('mf-demandes', '20261201-c0ffee1-d1', 1),
    summary('mf-stats', '20261202-c0ffee2-s1', 2),
    summary('mf-stats', '20261203-c0ffee3-s2', 3),
    summary('mf-stats', '20261204-c0ffee4-s3', 4),
  );
  mockPointers.clear();
  mockPointers.set('mf-demandes', {
    liveId: '20261201-c0ffee1-d1',
    canaryId: null,
    canaryPercent: null,
    version: 1,
    updatedAt: '2026-12-01T10:00:00.000Z',
  });
  mockPointers.set('mf-stats', {
    liveId: '20261203-c0ffee3-s2',
    canaryId: null,
    canaryPercent: null,
    version: 2,
    updatedAt: '2026-12-03T10:00:00.000Z',
  });
  const event = (
    id: number,
    remote: string,
    action: ReleaseEvent['action'],
    fromId: string | null,
    toId: string | null,
    at: string,
  ): ReleaseEvent => ({
    id,
    remote,
    action,
    fromId,
    toId,
    canaryPercent: null,
    reason: null,
    actorKind: 'cli',
    actor: 'ci@ebas3',
    at,
  });
  mockReleaseEvents.splice(
    0,
    mockReleaseEvents.length,
    event(1, 'mf-demandes', 'promote', null, '20261201-c0ffee1-d1', '2026-12-01T10:00:00.000Z'),
    event(2, 'mf-stats', 'promote', null, '20261202-c0ffee2-s1', '2026-12-02T10:00:00.000Z'),
    event(3, 'mf-stats', 'promote', '20261202-c0ffee2-s1', '20261203-c0ffee3-s2', '2026-12-03T10:00:00.000Z'),
  );
}

resetReleaseMocks();
