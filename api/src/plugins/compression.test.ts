import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { RESERVATION_EXPORTS } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../test/helper';
import { generateDemoData } from '../demo/generate-demo-data';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'admin')).token;
  // A small, seeded demo world: its stays look like the product's (names, hotels, clients, dates).
  await generateDemoData(app.db, {
    seed: 2023,
    hotels: 4,
    clients: 3,
    households: 40,
    monthsBefore: 2,
    monthsAfter: 1,
    today: '2026-06-15',
  });
}, 300_000);
afterAll(() => app.close());

const list = (body: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: { ...bearer(token), ...headers },
    payload: body,
  });

/** What the answer takes on the wire: status line, headers and body, as HTTP/1.1 sends them. */
function wireBytes(response: LightMyRequestResponse): number {
  const head = Object.entries(response.headers)
    .map(([name, value]) => `${name}: ${String(value)}\r\n`)
    .join('');
  return (
    Buffer.byteLength(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n${head}\r\n`) +
    response.rawPayload.length
  );
}

describe('JSON answers compressed (plugins/compression.ts)', () => {
  it('a 50-row reservations page: at most 6 kB on the wire with a browser Accept-Encoding, brotli or gzip', async () => {
    const plain = await list({ pageSize: 50 });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ reservations: unknown[] }>().reservations).toHaveLength(50);
    // Without Accept-Encoding: as before, the JSON itself (over 30 kB).
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(wireBytes(plain)).toBeGreaterThan(30_000);

    // Over HTTPS a browser offers brotli; over plain HTTP gzip and deflate only.
    const https = await list({ pageSize: 50 }, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(https.headers['content-encoding']).toBe('br');
    expect(https.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(https.rawPayload).toString()).toBe(plain.body);
    expect(wireBytes(https)).toBeLessThanOrEqual(6 * 1024);

    const http = await list({ pageSize: 50 }, { 'accept-encoding': 'gzip, deflate' });
    expect(http.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(http.rawPayload).toString()).toBe(plain.body);
    expect(wireBytes(http)).toBeLessThanOrEqual(6 * 1024);
  });

  it('below 1 kB, and without Accept-Encoding, the answer goes as it is', async () => {
    const small = await list({ pageSize: 1 }, { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json<{ reservations: unknown[] }>().reservations).toHaveLength(1);

    const identity = await list({ pageSize: 50 }, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json<{ reservations: unknown[] }>().reservations).toHaveLength(50);
  });

  it('the exports (PDF, Excel) are sent as they are, not compressed again', async () => {
    const period = { start_date: '2026-05-01', end_date: '2026-07-31' };
    for (const key of ['pdfResa', 'excelResaAll'] as const) {
      const response = await app.inject({
        method: 'POST',
        url: `/api${RESERVATION_EXPORTS[key].path}`,
        headers: { ...bearer(token), 'accept-encoding': 'gzip, deflate, br' },
        payload: period,
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.rawPayload.length).toBeGreaterThan(1024);
      expect(response.headers['content-encoding']).toBeUndefined();
      // The file itself: a PDF, or an .xlsx (a zip archive).
      expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe(
        key === 'pdfResa' ? '%PDF' : 'PK\u0003\u0004',
      );
    }
  });
});
