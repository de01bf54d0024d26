/**
 * One round trip at a time on a connection, shared by every caller that arrives while one is in flight.
 *
 * node-postgres queues a query sent on a busy client, but warns (« Calling client.query() when the client is already
 * executing a query ») and pg@9 will refuse it. The listening connection's `sync()` is called by every cached
 * statistics read, so the dashboard's four counters asked at once used to send four `select 1` on it together.
 *
 * A caller must wait for a round trip that *started after* its call (a round trip already on the wire may have been
 * answered before a notification the caller depends on was committed), so callers arriving during one round trip
 * share the next one: at most one in flight and one waiting, however many callers.
 */
export function coalescedRoundTrips(roundTrip: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let waiting: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const current = roundTrip().finally(() => {
      if (inFlight === current) inFlight = undefined;
    });
    inFlight = current;
    return current;
  };
  return () => {
    if (waiting !== undefined) return waiting;
    if (inFlight === undefined) return start();
    const next = inFlight
      .catch(() => undefined)
      .then(() => {
        waiting = undefined;
        return start();
      });
    waiting = next;
    return next;
  };
}
