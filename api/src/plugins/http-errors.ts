import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { statusMessage } from '../lib/error-responses';
import { API_CACHE_CONTROL } from './security-headers';

// The answers given before any route runs — by Node's HTTP parser, by Node's checks of a parsed request, by Fastify
// while it closes — in the API's shape (`{ message }` in French, plugins/errors.ts's status mapping) instead of
// Fastify's English JSON or Node's empty body. Each closes its connection and says so (`Connection: close`): a
// keep-alive client that was not told would send its next request into a reset socket.

/** Node's parser errors that are not a plain 400, with the status Node itself gives them (lib/_http_server.js). */
const PARSER_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const errorBody = (status: number): string => JSON.stringify({ message: statusMessage(status) });

/** The headers of an answer that closes its connection. */
function closingHeaders(body: string): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    // Bytes, not characters: the French messages hold accents.
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': API_CACHE_CONTROL,
    connection: 'close',
  };
}

/** A whole HTTP/1.1 error answer as written on a socket that no ServerResponse owns any more. */
function rawErrorAnswer(status: number): string {
  const body = errorBody(status);
  const headers = Object.entries(closingHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${headers.join('')}\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler` option (Node's `clientError`): a request line that is not HTTP, headers over
 * Node's 16 KiB, a bad Content-Length, a request past REQUEST_TIMEOUT_MS… The socket is destroyed after the answer,
 * as Node and Fastify do: the parser cannot read anything more from it.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Never write into an answer that has begun on this socket (Node's own rule): the client would read it corrupted.
  const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && current?.headersSent !== true) {
    socket.write(rawErrorAnswer(PARSER_ERROR_STATUS[error.code] ?? 400));
  }
  // Debug level (Fastify's own handler used trace): a client sending garbage is no incident of the server.
  this.log.debug({ code: error.code }, 'malformed HTTP request answered');
  socket.destroy(error);
}

/**
 * Registered after security-headers (its answers carry the same headers). buildApp turns off Node's Host check
 * (`requireHostHeader`) and Fastify's English 503 while closing (`return503OnClosing`): the hook below gives both.
 */
export default fp(
  async (app) => {
    // An `Expect` other than 100-continue: Node answers a bodiless 417 unless someone listens.
    app.server.on('checkExpectation', (_request, response: ServerResponse) => {
      const body = errorBody(417);
      response.writeHead(417, closingHeaders(body)).end(body);
    });

    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.addHook('onRequest', async (request, reply) => {
      // While the server closes, requests still arriving on open connections are turned away at once (a load
      // balancer sends them elsewhere) rather than run against a database about to close.
      const status = closing
        ? 503
        : request.raw.httpVersion === '1.1' && request.headers.host === undefined
          ? // HTTP/1.1 requires Host (RFC 9112 §3.2), as Node's own check (turned off) did.
            400
          : undefined;
      if (status === undefined) return undefined;
      return reply
        .status(status)
        .header('connection', 'close')
        .header('cache-control', API_CACHE_CONTROL)
        .send({ message: statusMessage(status) });
    });
  },
  { name: 'http-errors', dependencies: ['errors'] },
);
