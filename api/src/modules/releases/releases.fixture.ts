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
