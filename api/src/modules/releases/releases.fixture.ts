/** A release.json as the release package writes it (issue 38 §1). */
export const releaseJson = (remote: string, id: string, extra: Record<string, unknown> = {}) => ({
  remote,
  id,
  commit: 'abc1234',
  builtAt: '2026-12-07T10:00:00.000Z',
  builder: 'test',
  files: [
    { path: 'mf-manifest.json', size: 812, sha256: 'a'.repeat(64) },
    { path: 'remoteEntry.js', size: 4096, sha256: 'b'.repeat(64) },
  ],
  firstVisitBytes: 12_345,
  routes: [],
  menu: [],
  requires: {},
  ...extra,
});
