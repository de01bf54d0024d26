import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from './config';

/**
 * How often Node looks for requests past their headers/request timeout. Node's default (30 s) would let a slow
 * client keep its socket up to 30 s beyond REQUEST_TIMEOUT_MS; a tenth of the timeout bounds that overshoot.
 */
function checkingInterval(limits: ServerLimits): number {
  return Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 10)));
}

/** The Fastify options that carry the limits to the underlying `http.Server`. */
export function serverLimitOptions(
  limits: ServerLimits = DEFAULT_SERVER_LIMITS,
): Pick<
  FastifyHttpOptions<Server>,
  'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'http' | 'forceCloseConnections'
> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: checkingInterval(limits) },
    // close() must not wait for idle keep-alive sockets (Fastify's default already; stated because we rely on it).
    forceCloseConnections: 'idle',
  };
}

/**
 * Caps open connections over the server (`maxConnections`: Node closes the extra ones on accept) and per peer
 * address, so that one client holding slow sockets cannot take every file descriptor while the others — the
 * health check included — still connect. Behind a reverse proxy every connection comes from the proxy: raise
 * MAX_CONNECTIONS_PER_ADDRESS above its pool or set it to 0.
 */
export function capConnections(server: Server, limits: ServerLimits = DEFAULT_SERVER_LIMITS): void {
  server.maxConnections = limits.maxConnections;
  const perAddress = limits.maxConnectionsPerAddress;
  if (perAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
