import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { ListenHandlers } from '../src/db/notification-connection';

/**
 * A stand-in of the process's listening connection (`app.dbListen`) for the bookkeeping tests of what listens on it
 * (db/answer-cache.ts, modules/auth/token-users.ts): `notify()` delivers a notification, `lose()` drops the
 * connection, `restore()` listens again (a new listener, whose round trips `sync` counts too), `sync` counts the
 * round trips. The real connection is tested in db/notification-connection.test.ts.
 */
export function listenerStandIn(channel: string) {
  let handlers: ListenHandlers | undefined;
  const sync = vi.fn(async () => undefined);
  const listener = () => ({ sync, stop: async () => undefined });
  const listen = vi.fn(async (listened: string, given: ListenHandlers) => {
    expect(listened).toBe(channel);
    handlers = given;
    return listener();
  });
  const warn = vi.fn();
  const info = vi.fn();
  const app = {
    dbListen: listen,
    log: { warn, info },
    addHook: () => undefined,
  } as unknown as FastifyInstance;
  return {
    app,
    listen,
    sync,
    warn,
    info,
    notify: () => handlers?.onNotify(''),
    lose: () => handlers?.onLost(),
    restore: () => handlers?.onRestored?.(listener()),
  };
}
