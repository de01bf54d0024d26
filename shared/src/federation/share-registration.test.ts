import { createInstance } from '@module-federation/enhanced/runtime';
import { describe, expect, it } from 'vitest';
import { sharedDependencies } from '.';

/**
 * The federation runtime's `loadShare` used to re-register the instance's whole share table on every call: each
 * shared module a start-up consumes cost a pass over all 55 declarations (1,705 registrations for 30 modules,
 * ~120 ms of main thread before the dashboard's first paint under the bench's throttle). pnpm's patch of
 * @module-federation/runtime-core (patches/, upstream module-federation/core#5062) keeps one init scope per
 * instance; this test fails if an upgrade or a lost patch brings the quadratic pass back.
 */
describe('share registration', () => {
  it('registers the share table once, however many shared modules are loaded', async () => {
    const names = Object.keys(sharedDependencies());
    const instance = createInstance({
      name: 'host_registration_probe',
      remotes: [],
      shareStrategy: 'loaded-first',
      shared: Object.fromEntries(
        names.map((name) => [
          name,
          {
            version: '1.0.0',
            scope: 'default',
            shareConfig: { singleton: true, requiredVersion: '^1.0.0' },
            get: () => Promise.resolve(() => ({ name })),
          },
        ]),
      ),
    });
    let registrations = 0;
    instance.sharedHandler.hooks.lifecycle.afterRegisterShare.on(() => {
      registrations += 1;
    });

    const loaded = [];
    for (const name of names.slice(0, 30)) loaded.push(await instance.loadShare(name));

    expect(names.length).toBeGreaterThan(40);
    expect(loaded.every((factory) => typeof factory === 'function')).toBe(true);
    // The first loadShare registers the table; the 29 others find it registered.
    expect(registrations).toBe(names.length);
  });
});
