/** What plugins may use of the registry of releases (docs/api.md « Modules et couches »). */
export { default as releaseRegistryPlugin } from './releases-plugin';
export type { ServedRegistry } from './served-registry';
export type { LiveRelease } from './release-types';
/** The command line tools (api/src/cli) drive the registry through its service. */
export { createReleasesService } from './service';
export type { RegistryActor } from './release-types';
