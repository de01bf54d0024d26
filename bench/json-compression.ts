// The compression of the API's JSON answers (api/src/plugins/compression.ts; docs/performance.md « JSON
// compression »), on the compiled API with the demo data (a fresh directory unless --reuse):
// 1. per candidate (gzip, deflate, brotli at a few levels), the size of real 50-row reservations pages (the list
//    benches' bodies) and the CPU a page costs to compress, candidates alternated round after round in this process;
// 2. the bytes a 50-row page takes on the wire, headers included, with and without Accept-Encoding;
// 3. the list's latency at 1 and 8 connections, with Accept-Encoding (what the API chose) and without, alternated
//    run after run (--rounds): on a shared machine the ratio within a round means more than either figure.
// Usage: pnpm build && pnpm --filter ./bench json-compression [--reuse DATA_DIR] [--rounds 3] [--requests 500]
//        (--rounds 0: parts 1 and 2 only)
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { agentToken, cliArgs, randomPort, startApi } from './lib/api-process';
import { parisToday } from 'shared/contract';
import { listBodies } from './lib/list-bodies';
import { loader, printTable, type Row } from './lib/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '500' },
  },
});
const ROUNDS = Number(values.rounds);
const REQUESTS = Number(values.requests);
/** What a browser sends (over HTTPS; over plain HTTP it leaves brotli out). */
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';

const CANDIDATES: [string, (data: Buffer) => Buffer][] = [
  ['gzip 1', (data) => gzipSync(data, { level: 1 })],
  ['gzip 4', (data) => gzipSync(data, { level: 4 })],
  ['gzip 6 (défaut zlib)', (data) => gzipSync(data, { level: 6 })],
  ['deflate 1', (data) => deflateSync(data, { level: 1 })],
  ['brotli 1', (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })],
  [
    'brotli 4 (défaut @fastify/compress)',
    (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  ],
  ['brotli 5', (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })],
];

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;

/** Bytes received for one request over a fresh connection (status line, headers and body). */
async function wireBytes(port: number, path: string, headers: Record<string, string>, body: string) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const head = Object.entries({
    host: `127.0.0.1:${port}`,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${body}`);
  let bytes = 0;
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (text.length < 2000) text += chunk.toString('latin1');
  });
  await once(socket, 'close');
  const encoding = /content-encoding: (\S+)/i.exec(text)?.[1] ?? 'aucun';
  return { bytes, encoding };
}

const workDir = values.reuse === undefined ? mkdtempSync(join(tmpdir(), 'ebas3-bench-compress-')) : undefined;
const dataDir = values.reuse ?? join(workDir as string, 'data');
const port = randomPort();
const loadAtStart = loadavg().map((value) => value.toFixed(2));
const api = await startApi(dataDir, port, {}, [], 'compiled');
try {
  const base = `http://127.0.0.1:${port}/api`;
  const auth = { authorization: `Bearer ${await agentToken(base, 'admin')}` };
  const page = async (body: object) => {
    const response = await fetch(`${base}/reservations`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ ...body, pageSize: 50 }),
    });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const first = JSON.parse((await page({})).toString()) as { reservations: { client_id: number }[] };
  const bodies = listBodies(first.reservations[0]?.client_id ?? 1, parisToday());
  const pages = (await Promise.all(bodies.map(([, body]) => page(body)))).filter(
    (data) => data.length > 1024,
  );

  // 1. Size and CPU per candidate.
  const cpu = new Map<string, number[]>(CANDIDATES.map(([label]) => [label, []]));
  for (let round = 0; round < 20; round++) {
    for (const [label, compress] of round % 2 === 0 ? CANDIDATES : [...CANDIDATES].reverse()) {
      const started = process.cpuUsage();
      for (let i = 0; i < 10; i++) for (const data of pages) compress(data);
      const used = process.cpuUsage(started);
      cpu.get(label)?.push((used.user + used.system) / (10 * pages.length));
    }
  }
  const rawMean = pages.reduce((sum, data) => sum + data.length, 0) / pages.length;
  console.info(
    `\n1. Pages de 50 réservations (${pages.length} corps des bancs de liste, JSON de ${(rawMean / 1024).toFixed(1)} kB en moyenne, ` +
      `${(Math.max(...pages.map((data) => data.length)) / 1024).toFixed(1)} kB au plus) : taille compressée et CPU ` +
      `d'une compression (µs, médiane de 20 tours alternés)\n`,
  );
  printTable(
    ['Algorithme', 'taille moyenne (kB)', 'taille max (kB)', 'rapport', 'CPU (µs / page)'],
    CANDIDATES.map(([label, compress]) => {
      const sizes = pages.map((data) => compress(data).length);
      const mean = sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
      return [
        label,
        (mean / 1024).toFixed(2),
        (Math.max(...sizes) / 1024).toFixed(2),
        `${((100 * mean) / rawMean).toFixed(1)} %`,
        median(cpu.get(label) ?? []).toFixed(0),
      ];
    }),
  );

  // 2. On the wire, headers included.
  const listBody = JSON.stringify({ pageSize: 50 });
  const wire = [
    ['sans Accept-Encoding', {}],
    ['Accept-Encoding: gzip, deflate (navigateur en HTTP)', { 'accept-encoding': 'gzip, deflate' }],
    [`Accept-Encoding: ${BROWSER_ACCEPT} (navigateur en HTTPS)`, { 'accept-encoding': BROWSER_ACCEPT }],
  ] as const;
  console.info('\n2. POST /api/reservations { pageSize: 50 } : octets reçus, en-têtes compris\n');
  printTable(
    ['Requête', 'encodage', 'octets reçus'],
    await Promise.all(
      wire.map(async ([label, headers]) => {
        const { bytes, encoding } = await wireBytes(
          port,
          '/api/reservations',
          { ...auth, ...headers },
          listBody,
        );
        return [label, encoding, bytes];
      }),
    ),
  );

  // 3. Latency, with and without Accept-Encoding, alternated (`--rounds 0`: sizes and CPU only).
  const rows: (string | number)[][] = [];
  for (const connections of ROUNDS > 0 ? [1, 8] : []) {
    const load = loader({ connections, requests: connections === 1 ? REQUESTS : REQUESTS * 2 });
    const warm = loader({ connections, requests: 200 });
    await warm('', `${base}/reservations`, auth, { pageSize: 50 });
    await warm('', `${base}/reservations`, { ...auth, 'accept-encoding': BROWSER_ACCEPT }, { pageSize: 50 });
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const measure = (accept: boolean): Promise<Row> =>
        load(
          accept ? 'avec' : 'sans',
          `${base}/reservations`,
          accept ? { ...auth, 'accept-encoding': BROWSER_ACCEPT } : auth,
          { pageSize: 50 },
        );
      let plain: Row;
      let compressed: Row;
      if (round % 2 === 1) {
        plain = await measure(false);
        compressed = await measure(true);
      } else {
        compressed = await measure(true);
        plain = await measure(false);
      }
      const ratio = compressed.exact.p99 / plain.exact.p99;
      ratios.push(ratio);
      rows.push([
        `${connections} connexion(s), tour ${round}`,
        plain.exact.p50,
        plain.exact.p99,
        compressed.exact.p50,
        compressed.exact.p99,
        ratio.toFixed(2),
        plain.errors + compressed.errors,
      ]);
    }
    rows.push([
      `**${connections} connexion(s) : rapport médian**`,
      '',
      '',
      '',
      '',
      median(ratios).toFixed(2),
      '',
    ]);
  }
  console.info(
    `\n3. POST /api/reservations { pageSize: 50 }, ${REQUESTS} requêtes à 1 connexion, ${REQUESTS * 2} à 8, ` +
      `sans puis avec Accept-Encoding (ordre alterné d'un tour à l'autre), ${availableParallelism()} cœurs ; charge ` +
      `moyenne au début ${loadAtStart.join(' ')}, à la fin ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
  );
  printTable(
    [
      'Mesure',
      'sans : p50 (ms)',
      'sans : p99 (ms)',
      'avec : p50 (ms)',
      'avec : p99 (ms)',
      'p99 avec / sans',
      'erreurs',
    ],
    rows,
  );
} finally {
  const exited = once(api, 'exit');
  api.kill('SIGTERM');
  await exited;
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
}
