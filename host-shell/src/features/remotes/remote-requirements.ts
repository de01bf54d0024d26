import type { Provides } from 'shared/contract/compatibility';

/** A remote whose release requires what this host does not provide: refused before it loads (issue 38 §4). */
export class RemoteIncompatibleError extends Error {
  override name = 'RemoteIncompatibleError';
  constructor(
    readonly remote: string,
    readonly reasons: readonly string[],
  ) {
    super(`Le module ${remote} est incompatible avec l'hôte : ${reasons.join(' ; ')}`);
  }
}

/**
 * Refuses a remote whose release's requirements this host does not meet, with the unmet ones named in French: the
 * requirements of the release this user gets (the live one, or the canary on the canary's side). A remote without
 * requirements (the build's own entry) is not checked, and costs nothing: the check and the host's « provides » are
 * a chunk of their own, downloaded only when a remote with requirements is about to load.
 */
export async function checkRemoteRequirements(
  remote: string,
  requirements: unknown,
  provided?: Provides,
): Promise<void> {
  if (requirements === undefined) return;
  const [{ unmetRequirements }, { HOST_PROVIDES }] = await Promise.all([
    import('shared/contract/compatibility'),
    import('./host-provides'),
  ]);
  const provides = provided ?? HOST_PROVIDES;
  if (provides === null) return;
  const unmet = unmetRequirements(requirements, provides);
  if (unmet.length > 0) throw new RemoteIncompatibleError(remote, unmet);
}
