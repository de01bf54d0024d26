import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from 'shared/contract';

/** Listens on a free local port and returns the product's URL (HTTP and socket.io share it). */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('listenLocal: no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A socket.io client with the browser's options (websocket only); not connected until `connect()`. */
export function socketFor(
  url: string,
  token: string | undefined,
  options: { reconnection?: boolean } = {},
): Socket {
  return io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    autoConnect: false,
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    timeout: 5_000,
  });
}

/** Connects; resolves once connected, rejects with the server's connect_error. */
export function connect(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
    socket.connect();
  });
}

/** The connect_error of a refused handshake: its French message and status. */
export async function refusal(socket: Socket): Promise<{ message: string; status: number | undefined }> {
  try {
    await connect(socket);
  } catch (error) {
    const { message, data } = error as Error & { data?: { status?: number } };
    return { message, status: data?.status };
  } finally {
    socket.disconnect();
  }
  throw new Error('the handshake was accepted');
}

/** How long to wait for an event that follows a drained task's whole work (within the tests' 60 s limit). */
export const TASK_WORK_WAIT_MS = 45_000;

/** Resolves with the next `event` on the socket, or rejects after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves once the socket is disconnected, with socket.io's reason. */
export function disconnection(socket: Socket, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
