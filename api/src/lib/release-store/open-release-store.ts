import type { ReleaseStoreLocation } from '../../config-constants';
import { createFolderStore } from './folder-store';
import type { ReleaseStore } from './release-store';
import { createS3Store, s3ClientFromEnvironment } from './s3-store';

/** The store RELEASE_STORE names (config.ts `releaseStore`). */
export function openReleaseStore(
  location: ReleaseStoreLocation,
  env: NodeJS.ProcessEnv = process.env,
): ReleaseStore {
  if (location.kind === 'folder') return createFolderStore(location.root);
  return createS3Store({
    bucket: location.bucket,
    prefix: location.prefix,
    client: s3ClientFromEnvironment(env),
  });
}
