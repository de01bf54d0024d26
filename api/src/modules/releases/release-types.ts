/** Who changes the registry: an administrator through the API, or an operator through `pnpm registry`. */
export type RegistryActor = { kind: 'user'; userId: number; name: string } | { kind: 'cli'; name: string };

/** A remote's live release as the served registry needs it (service.ts `liveReleases`). */
export interface LiveRelease {
  remote: string;
  id: string;
  /** The candidate a share of users gets, with its own requirements (the host checks them for those users). */
  canary?: { id: string; percent: number; requirements?: unknown } | undefined;
  routes?: unknown;
  menu?: unknown;
  requirements?: unknown;
}
