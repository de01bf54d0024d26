import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import type { ServerLimits } from '../config';

// Issue 36: what the HTTP layer answers before any route (Node's parser, Node's checks, Fastify while it closes) came
// in Fastify's English JSON or with an empty body, and without `Connection: close` although the socket was closed.
// Over a real socket: app.inject never goes through Node's parser.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The answers in what a connection read, one after the other (each with its Content-Length). */
function parseAnswers(read: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = read;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`not an HTTP answer: ${rest.toString()}`);
    const [statusLine = '', ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.subarray(end + 4, end + 4 + length).toString('utf8');
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: body === '' ? '' : JSON.parse(body),
    });
    rest = rest.subarray(end + 4 + length);
  }
  return answers;
}

/** A connection to the app: `answers` resolves with what was read once the server closed it (fails after 5 s). */
function open(port: number): { socket: Socket; answers: Promise<RawAnswer[]> } {
  const socket = connect({ host: '127.0.0.1', port });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answers = new Promise<RawAnswer[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server left the connection open: ${Buffer.concat(chunks).toString()}`));
    }, 5_000);
    // A reset after the answer is the server closing a socket it has not read to the end: the answer still counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswers(Buffer.concat(chunks)));
    });
  });
  return { socket, answers };
}

/** Sends `request` on a new connection; resolves with the one answer read before the server closed it. */
async function exchange(port: number, request: string): Promise<RawAnswer> {
  const { socket, answers } = open(port);
  socket.write(request);
  const read = await answers;
  expect(read).toHaveLength(1);
  return read[0] as RawAnswer;
}

const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

/** The French error answer of an API that closes the connection after it. */
function expectClosingError(answer: RawAnswer, status: number, message: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ message });
  expect(answer.headers.connection?.toLowerCase()).toBe('close');
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
}

describe('errors of the HTTP layer, over a real socket', () => {
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(app);
  });
  afterAll(() => app.close());

  it('431: headers over 16 KiB', async () => {
    const answer = await exchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Grand: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectClosingError(answer, 431, 'Les en-têtes de la requête sont trop volumineux.');
  });

  it('400: a request line that is not HTTP, a bad Content-Length, an unknown method', async () => {
    for (const request of [
      'BONJOUR\r\n\r\n',
      'GET /api/health HTTP/9.9\r\nHost: localhost\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: douze\r\n\r\n',
      'FAIS /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    ]) {
      expectClosingError(await exchange(port, request), 400, 'La requête est invalide.');
    }
  });

  it('400: an HTTP/1.1 request without Host (Node answered a bodiless 400)', async () => {
    const answer = await exchange(port, 'GET /api/health HTTP/1.1\r\n\r\n');
    expectClosingError(answer, 400, 'La requête est invalide.');
    const http10 = await exchange(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(http10.status).toBe(200);
  });

  it('413: a body over the 1 MiB limit, announced or chunked, and chunk extensions over 16 KiB', async () => {
    const tooLarge = 'Le corps de la requête est trop volumineux.';
    const announced = await exchange(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2000000\r\n\r\n{"email":',
    );
    expectClosingError(announced, 413, tooLarge);
    const chunk = `${(0x100000).toString(16)}\r\n${'a'.repeat(0x100000)}\r\n`;
    const chunked = await exchange(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\n\r\n${chunk}${chunk}0\r\n\r\n`,
    );
    expectClosingError(chunked, 413, tooLarge);
    const extensions = await exchange(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\n\r\n2;${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    );
    expectClosingError(extensions, 413, tooLarge);
  });

  it('417: an Expect header other than 100-continue (Node answered a bodiless 417)', async () => {
    const answer = await exchange(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nExpect: bientôt\r\n\r\n',
    );
    expectClosingError(answer, 417, "L'en-tête Expect de la requête n'est pas pris en charge.");
  });

  it('a keep-alive connection answered normally stays open; the malformed request after it closes it, saying so', async () => {
    const { socket, answers } = open(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Grand: ${'a'.repeat(20_000)}\r\n\r\n`);
    const [first, second] = await answers;
    expect(first?.status).toBe(200);
    expect(first?.headers.connection).toBe('keep-alive');
    expectClosingError(second as RawAnswer, 431, 'Les en-têtes de la requête sont trop volumineux.');
  });
});

describe('408: a request whose headers do not arrive in time', () => {
  const LIMITS: ServerLimits = {
    requestTimeoutMs: 1_000,
    headersTimeoutMs: 500,
    keepAliveTimeoutMs: 1_000,
    connectionTimeoutMs: 10_000,
    maxConnections: 100,
    maxConnectionsPerAddress: 10,
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ limits: LIMITS });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('answers in French and closes', async () => {
    const answer = await exchange(portOf(app), 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    expectClosingError(answer, 408, "La requête n'est pas arrivée à temps.");
  });
});

describe('503 while the server closes', () => {
  it('answers a request still arriving on an open connection in French, and closes it', async () => {
    const app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { socket, answers } = open(portOf(app));
    // A request under way (its headers not finished) keeps its connection through close(), unlike an idle one.
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write('\r\n');
    const [answer] = await answers;
    expectClosingError(
      answer as RawAnswer,
      503,
      'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    );
    await closed;
  });
});
