import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from 'shared';

/** The entry each remote is registered with in this tab (absolute URL). */
const registered = new Map<string, string>();
let startup: { config: RuntimeConfig; readAt: number; etag: string | null } | undefined;

const absolute = (entry: string) => new URL(entry, window.location.href).href;

/** Registers each remote's entry as the registry read at start-up gives it, and keeps that registry (and ETag). */
export function registerStartupRemotes(config: RuntimeConfig, etag: string | null = null): void {
  startup = { config, readAt: Date.now(), etag };
  registerRemotes(
    Object.entries(config.remotes).map(([name, entry]) => {
      registered.set(name, absolute(entry));
      return { name, entry: absolute(entry) };
    }),
  );
}

/** The registry read at start-up, when, and its ETag. */
export const startupRegistry = () => startup;

export const registeredEntry = (name: string): string | undefined => registered.get(name);

/**
 * Points a remote not loaded yet in this tab at another entry. `force` is what makes the runtime take it: without
 * it a second registration of a name is ignored; with it the runtime first removes the remote (its manifest cache,
 * snapshot and loading state, and its module cache and share registrations if it had loaded), so the next
 * loadRemote fetches the new manifest. Never used on a loaded remote: removing it would drop shared modules it may
 * provide to the page on screen (remote-releases.ts shows the reload banner instead).
 */
export function reRegisterRemote(name: string, entry: string): void {
  const href = absolute(entry);
  if (registered.get(name) === href) return;
  registerRemotes([{ name, entry: href }], { force: true });
  registered.set(name, href);
}
