import { REMOTE_NAME_PATTERN } from 'shared/contract';

/**
 * `release.json`: what a release is, written last into its folder of the store (its presence means the release is
 * complete). Issue 38 §1; the fields marked §3 and §4 are placeholders that those parts fill.
 */

export const RELEASE_MANIFEST = 'release.json';
export const RELEASE_SCHEMA_VERSION = 1;

/** Folder names of the apps (`mf-stats`, `host-shell`, a future `mf-foyers`): the registry's pattern. */
export const RELEASE_REMOTE = new RegExp(REMOTE_NAME_PATTERN);
/** The host's folder: released like a remote, served at `/` from its live release (plugins/host-release.ts). */
export const HOST_RELEASE = 'host-shell';
/** `<commit date YYYYMMDD-HHMMSS UTC>-<short commit>-<content hash>` (releaseId in release-package.ts). */
export const RELEASE_ID = /^\d{8}-\d{6}-[0-9a-f]{7,12}-[0-9a-f]{12}$/;

export interface ReleaseFile {
  /** Path inside the release, `/`-separated (`static/js/async/12.630f8355a5.js.br`). */
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

export interface ReleaseManifest {
  schemaVersion: typeof RELEASE_SCHEMA_VERSION;
  /** The app's folder name: `mf-stats`. */
  remote: string;
  id: string;
  /** The full commit the release was built from, and its committer date (ISO 8601, UTC). */
  commit: string;
  commitDate: string;
  /** When and by whom (`user@host`) it was packaged; not part of the id. */
  builtAt: string;
  builder: string;
  /** @module-federation's plugin version, from the build's mf-manifest.json (`metaData.pluginVersion`). */
  federationPluginVersion: string;
  /** Every file of the release but release.json, pre-compressed variants included, sorted by path. */
  files: ReleaseFile[];
  /**
   * What a first visit of the remote downloads from this release, brotli-compressed where a `.br` variant exists:
   * mf-manifest.json, remoteEntry.js and the synchronous JS/CSS of its exposes, as the manifest lists them. The shared
   * modules come from the host and are not counted. The byte budget check of `pnpm release` compares it (to come).
   */
  firstVisit: { brotliBytes: number; files: string[] };
  /** Issue 38 §3: the routes the remote declares (id, path, title, guards). Empty until §3 fills it. */
  routes: readonly unknown[];
  /** Issue 38 §3: the menu entries the remote declares (group, label, order, permission). Empty until §3 fills it. */
  menu: readonly unknown[];
  /**
   * Issue 38 §4: what the release requires from the host (singleton versions, antd components, `shared` exports,
   * permissions, federation runtime, API operations), its build's requirements.json (shared/compatibility).
   */
  requirements: Record<string, unknown>;
  /** Issue 38 §4, the host's release only: what it provides to the remotes, its build's provides.json. */
  provides?: Record<string, unknown>;
}
