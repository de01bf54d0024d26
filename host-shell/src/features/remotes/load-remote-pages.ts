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
    /** The release that failed (null: the build's entry, outside the registry of releases). */
    readonly releaseId: string | null = null,
  ) {
    super(`Le module ${remote} est indisponible`, { cause });
  }

  /** What happened, in one line for the fallback: the cause's message, else this error's. */
  get reason(): string {
    return oneLine(this.cause instanceof Error ? this.cause.message : this.message);
  }
}

/** Longer messages (the federation runtime's carry URLs and JSON) are cut: the console has the whole error. */
const REASON_MAX_LENGTH = 300;

/** An error message on one line, whitespace collapsed, cut at REASON_MAX_LENGTH characters. */
export function oneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > REASON_MAX_LENGTH ? `${line.slice(0, REASON_MAX_LENGTH - 1)}…` : line;
}

const cache = new Map<string, Promise<PageMap>>();

/**
 * The last failure with a cause, per remote and release. The federation runtime keeps a module whose evaluation
 * threw: loaded again in the same page (the route remounted), it answers no module at all instead of the error. The
 * fallback then says what happened the first time, not « indisponible » without a reason.
 */
const failures = new Map<string, RemoteUnavailableError>();
const failureKey = (remote: string, releaseId: string | null) => `${remote}@${releaseId ?? ''}`;

/**
 * Loads a remote's page map once and shares the promise between its routes. A failed load is forgotten, so
 * "Réessayer" starts a fresh request instead of replaying the cached failure (ARCHITECTURE pitfall 6).
 */
export function loadRemotePages(remote: string, load = loadRemote): Promise<PageMap> {
  const cached = cache.get(remote);
  if (cached) return cached;
  const chosen = prepareRemoteLoad(remote);
  const releaseId = chosen?.releaseId ?? null;
  const pending = checkRemoteRequirements(remote, chosen?.requirements)
    .then(() => load<{ default: PageMap }>(`${remote}/${PAGES_EXPOSE.slice(2)}`))
    .then((module) => {
      if (!module?.default)
        throw (
          failures.get(failureKey(remote, releaseId)) ??
          new RemoteUnavailableError(remote, undefined, releaseId)
        );
      failures.delete(failureKey(remote, releaseId));
      return module.default;
    })
    .catch((error: unknown) => {
      cache.delete(remote);
      forgetRemoteLoad(remote);
      if (error instanceof RemoteUnavailableError || error instanceof RemoteIncompatibleError) throw error;
      const failure = new RemoteUnavailableError(remote, error, releaseId);
      failures.set(failureKey(remote, releaseId), failure);
      throw failure;
    });
  cache.set(remote, pending);
  return pending;
}

export function forgetRemotePages(remote: string): void {
  cache.delete(remote);
}
