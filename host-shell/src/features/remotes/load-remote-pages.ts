import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { PAGES_EXPOSE } from 'shared';
import { checkRemoteRequirements, RemoteIncompatibleError } from './remote-requirements';
import { forgetRemoteLoad, prepareRemoteLoad } from '../../lib/releases/remote-releases';

export type PageMap = Record<string, ComponentType>;

export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`Le module ${remote} est indisponible`, { cause });
  }
}

const cache = new Map<string, Promise<PageMap>>();

/**
 * Loads a remote's page map once and shares the promise between its routes. A failed load is forgotten, so
 * "Réessayer" starts a fresh request instead of replaying the cached failure (ARCHITECTURE pitfall 6).
 */
export function loadRemotePages(remote: string, load = loadRemote): Promise<PageMap> {
  const cached = cache.get(remote);
  if (cached) return cached;
  const chosen = prepareRemoteLoad(remote);
  const pending = checkRemoteRequirements(remote, chosen?.requirements)
    .then(() => load<{ default: PageMap }>(`${remote}/${PAGES_EXPOSE.slice(2)}`))
    .then((module) => {
      if (!module?.default) throw new RemoteUnavailableError(remote);
      return module.default;
    })
    .catch((error: unknown) => {
      cache.delete(remote);
      forgetRemoteLoad(remote);
      throw error instanceof RemoteUnavailableError || error instanceof RemoteIncompatibleError
        ? error
        : new RemoteUnavailableError(remote, error);
    });
  cache.set(remote, pending);
  return pending;
}

export function forgetRemotePages(remote: string): void {
  cache.delete(remote);
}
