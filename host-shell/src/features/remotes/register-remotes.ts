import type { RuntimeConfig } from 'shared';
import { registerStartupRemotes } from '../../lib/releases/registered-remotes';

/**
 * Registers each remote's live entry from the runtime registry at start-up (before login: the registry request is
 * anonymous, so no canary yet); nothing about remotes is built into the host. The release each user gets is chosen
 * after login, before the remote's first load (lib/releases/remote-releases.ts).
 */
export function registerRuntimeRemotes(config: RuntimeConfig, etag: string | null = null): void {
  registerStartupRemotes(config, etag);
}
