import type { Provides } from 'shared/contract/compatibility';

declare const __EBAS3_HOST_PROVIDES__: Provides | undefined;

/**
 * What this host's build provides (defined by defineHostConfig from requirements-plugin.ts `hostProvides`); null
 * outside a build (unit tests pass theirs).
 */
export const HOST_PROVIDES: Provides | null =
  typeof __EBAS3_HOST_PROVIDES__ === 'undefined' ? null : __EBAS3_HOST_PROVIDES__;
