import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';

/**
 * A stand-in of the process's listening connection (`app.dbListen`) for the bookkeeping tests of what listens on it
 * (db/answer-cache.ts, modules/auth/token-users.ts): `notify()` delivers a notification, `lose()` drops the
 * connection, `sync` counts the round trips. The real connection is tested in db/notification-connection.test.ts.
 */
export function listenerStandIn(channel: string) {
  let notify: (() => void) | undefined;
  let lose: (() => void) | undefined;
  const sync = vi.fn(async () => undefined);
  const listen = vi.fn(async (listened: string, onNotify: () => void, onLost: () => void) => {
    expect(listened).toBe(channel);
    notify = onNotify;
    lose = onLost;
    return { sync, stop: async () => undefined };
  });
  const warn = vi.fn();
  const app = { dbListen: listen, log: { warn }, addHook: () => undefined } as unknown as FastifyInstance;
  return { app, listen, sync, warn, notify: () => notify?.(), lose: () => lose?.() };
}
