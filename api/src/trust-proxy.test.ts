import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../test/helper';
import { fastifyTrustProxy } from './app';
import { loadConfig } from './config';

/** inject() connects from 127.0.0.1: here, the reverse proxy. It appends the client's real address last. */
const CLIENT = '203.0.113.7';
const forwardedBy = (forged: string) => ({ 'x-forwarded-for': `${forged}, ${CLIENT}` });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const trustProxyOf = (env: string | undefined) =>
  loadConfig(env === undefined ? {} : { TRUST_PROXY: env }).trustProxy;

/** A bare server with buildApp's trustProxy translation, answering the address it sees. */
function appBehind(env: string | undefined) {
  app = Fastify({ trustProxy: fastifyTrustProxy(trustProxyOf(env)) });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  return app;
}

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, '127.0.0.1'],
    ['1', CLIENT],
    ['127.0.0.1', CLIENT],
    ['127.0.0.0/8', CLIENT],
    // Two proxies declared: the entry the nearer one received is believed.
    ['2', '10.9.9.9'],
  ])('TRUST_PROXY=%s: the client address is %s, whatever the client wrote first', async (env, expected) => {
    const server = appBehind(env);
    const response = await server.inject({ url: '/ip', headers: forwardedBy('10.9.9.9') });
    expect(response.json()).toEqual({ ip: expected });
  });

  it('does not believe X-Forwarded-For from a peer that is not a declared proxy', async () => {
    const server = appBehind('10.0.0.1');
    const response = await server.inject({ url: '/ip', headers: forwardedBy('10.9.9.9') });
    expect(response.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('behind one proxy, rotating the left-most X-Forwarded-For does not escape the login rate limit', async () => {
    const server = await buildTestApp({
      trustProxy: trustProxyOf('1'),
      loginThrottle: { addressFreeFailures: 3 },
    });
    app = server;
    const user = await createUser(server);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await server.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: forwardedBy(`198.51.100.${attempt}`),
        payload: { email: user.email, password: 'mauvais-mot-de-passe' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
