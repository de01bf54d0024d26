/**
 * The values config.ts accepts for its modes, and the defaults that code below it reads: a leaf, so that the export
 * engine and the modules read them without importing config.ts (and config.ts imports no module).
 */

/**
 * `idle`: SCHED_IDLE besides nice 19 (default); `nice`: nice 19 only (before issue 9 §5's last step, to compare);
 * `normal`: not lowered — the API test suite's own exports, which at idle priority waited behind the suites running
 * beside them on CI's two cores and timed out (test/helper.ts; the priority tests ask for `idle` themselves).
 */
export type ExportPriorityMode = 'idle' | 'nice' | 'normal';

/** The modes EXPORT_PRIORITY accepts (config.ts). */
export const EXPORT_PRIORITY_MODES: readonly ExportPriorityMode[] = ['idle', 'nice', 'normal'];

/** Where exports are rendered: `process` (default: a child process of its own session, lowered whole), `worker` (a
 * lowered thread of the API) or `inline` (the main thread, as at first; kept for comparison in
 * bench/reservation-exports.ts and for systems without threads). */
export type ExportRenderMode = 'process' | 'worker' | 'inline';

export const EXPORT_RENDER_MODES: readonly ExportRenderMode[] = ['process', 'worker', 'inline'];

/**
 * LIST_CACHE_MB by default: about 800 pages of 50 stays (≈ 40 kB of UTF-8 each) kept between two writes
 * (list-routes.ts).
 */
export const DEFAULT_LIST_CACHE_MB = 32;

/**
 * Where releases are kept (RELEASE_STORE, lib/release-store): a folder (default `<DATA_DIR>/releases`) or an
 * S3-compatible bucket, `s3://bucket/prefix`.
 */
export type ReleaseStoreLocation =
  { kind: 'folder'; root: string } | { kind: 's3'; bucket: string; prefix: string };

/** S3's bucket naming rules (3–63 lower-case letters, digits, dots, hyphens), enough to catch a typo. */
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads `s3://bucket[/prefix]`: the bucket and the prefix without its slashes (`''` for the bucket's root), or a
 * French message saying what is wrong. Not an `s3://` value: undefined (config.ts takes it as a folder).
 */
export function parseS3Location(
  raw: string,
): { bucket: string; prefix: string } | { problem: string } | undefined {
  if (!raw.startsWith('s3://')) return undefined;
  const [bucket = '', ...rest] = raw.slice('s3://'.length).split('/');
  const prefix = rest.filter((segment) => segment !== '').join('/');
  if (!S3_BUCKET.test(bucket)) {
    return {
      problem: `RELEASE_STORE doit nommer un bucket valide, comme s3://ebas3-releases/prod (reçu « ${raw} »).`,
    };
  }
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..')) {
    return { problem: `RELEASE_STORE : le préfixe ne peut pas contenir « . » ni « .. » (reçu « ${raw} »).` };
  }
  return { bucket, prefix };
}
