import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from 'shared';

/** Registers each remote's manifest URL from the runtime registry; nothing about remotes is built into the host. */
export function registerRuntimeRemotes(remotes: RuntimeConfig['remotes']): void {
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({
      name,
      entry: new URL(entry, window.location.href).href,
    })),
  );
}
