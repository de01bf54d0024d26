// What one page of POST /reservations costs, read from the database: the list service called directly (no HTTP,
// no cache), one request at a time by default (--concurrency N: N in flight, each on its own pooled connection), so
// the figures are CPU rather than queueing — robust on shared cores, where the eight-connection latencies of
// reservations-list.ts move by 10–20 ms between runs. With --against, the same for another checkout of the project
// (a `git worktree` of the code before a change), the two interleaved round by round on one PostgreSQL server, so
// that both see the same machine. Per body: wall, this process's CPU (the statements built, the driver) and the CPU
// of the PostgreSQL server it starts, in ms a request.
// Usage: pnpm --filter bench exec tsx list-cost.ts --reuse DATA_DIR [--against OTHER_CHECKOUT]
//        [--rounds 8] [--requests 250] [--concurrency 1] [--bodies liste|recherches]   (--bodies recherches:
//        resident searches from none to one letter instead of the list's bodies; the database is opened with this
//        checkout's migrations first, then with the other's: --against must be this code's past, not its future)
import { parisToday } from 'shared/contract';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cliArgs } from './lib/api-process';
import { cpuTree } from './lib/cpu';
import { listBodies, searchBodies } from './lib/list-bodies';
import { printTable } from './lib/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string' },
    against: { type: 'string' },
    rounds: { type: 'string', default: '8' },
    requests: { type: 'string', default: '250' },
    concurrency: { type: 'string', default: '1' },
    bodies: { type: 'string', default: 'liste' },
  },
});
if (values.reuse === undefined)
  throw new Error('--reuse <DATA_DIR> : un jeu de données (« large ») est requis');
const ROUNDS = Number(values.rounds);
const REQUESTS = Number(values.requests);
/** Requests in flight at once (each on its own pooled connection); 1: one at a time. */
const CONCURRENCY = Number(values.concurrency);
const THIS = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A checkout's database client, list service and SQL tag (each checkout with its own drizzle). */
async function checkout(root: string) {
  const api = (path: string) => import(join(root, 'api', path));
  return {
    client: await api('src/db/client.ts'),
    list: await api('src/modules/reservations/list/list-service.ts'),
    raw: await api('src/db/raw.ts'),
    sql: (await api('node_modules/drizzle-orm/index.js')).sql,
  };
}

/** CPU milliseconds of the PostgreSQL server this process started (its descendants, exited backends included). */
const postgresCpu = () => cpuTree(process.pid).descendants;

const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const { startEmbeddedPostgres } = await import(join(THIS, 'api/src/db/embedded-postgres.ts'));
const server = await startEmbeddedPostgres(values.reuse);
const roots = [['ce code', THIS], ...(values.against ? [['--against', resolve(values.against)]] : [])];
interface Variant {
  label: string;
  code: Awaited<ReturnType<typeof checkout>>;
  handle: { db: unknown; close(): Promise<void> };
}
const variants: Variant[] = [];
try {
  for (const [label, root] of roots) {
    const code = await checkout(root!);
    // One connection more than the requests in flight: the migration holds one for its lock while it runs on the pool.
    const handle = await code.client.openDatabase({
      kind: 'postgres',
      url: server.url,
      maxConnections: CONCURRENCY + 1,
    });
    variants.push({ label: label!, code, handle });
  }
  const [first] = variants;
  const [row] = await first!.code.raw.rowsOf(
    first!.handle.db,
    first!.code.sql`select client_id from reservations order by date_debut desc, id desc limit 1`,
  );
  const bodies =
    values.bodies === 'recherches' ? searchBodies() : listBodies(Number(row.client_id), parisToday());
  const loadAtStart = loadavg()[0]!.toFixed(2);
  const table: (string | number)[][] = [];
  for (const [label, body] of bodies) {
    const request = { page: 1, pageSize: 50, ...body };
    const read = (variant: Variant): Promise<{ items: string; total: number }> =>
      variant.code.list.listReservationsPage(variant.handle.db, request);
    // Warm-up, and the same answer from every checkout.
    const answers: { items: string; total: number }[] = [];
    for (const variant of variants) {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = 0; i < 30; i++) await read(variant);
        }),
      );
      answers.push(await read(variant));
    }
    if (answers.some(({ items, total }) => items !== answers[0]!.items || total !== answers[0]!.total))
      throw new Error(`${label} : réponses différentes d'un code à l'autre`);
    const spent = variants.map(() => ({ wall: 0, node: 0, postgres: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in the other order, so neither code always runs right after the other.
      const order = round % 2 === 0 ? [...variants.keys()] : [...variants.keys()].reverse();
      for (const index of order) {
        const [wall, node, postgres] = [performance.now(), ownCpu(), postgresCpu()];
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async (_, loop) => {
            for (let i = loop; i < REQUESTS; i += CONCURRENCY) await read(variants[index]!);
          }),
        );
        spent[index]!.wall += performance.now() - wall;
        spent[index]!.node += ownCpu() - node;
        spent[index]!.postgres += postgresCpu() - postgres;
      }
    }
    const per = (ms: number) => (ms / (ROUNDS * REQUESTS)).toFixed(2);
    table.push([
      label,
      ...spent.flatMap(({ wall, node, postgres }) => [per(wall), per(node), per(postgres)]),
    ]);
  }
  console.info(
    `\nUne page de POST /reservations lue dans la base (service appelé directement, ${CONCURRENCY === 1 ? 'une requête à la fois' : `${CONCURRENCY} requêtes à la fois`}), ` +
      `${ROUNDS} × ${REQUESTS} requêtes par corps et par code, en ms par requête ; charge moyenne 1 min ` +
      `${loadAtStart} → ${loadavg()[0]!.toFixed(2)}\n`,
  );
  printTable(
    [
      'Corps',
      ...variants.flatMap(({ label }) => [
        `${label} : durée`,
        `${label} : CPU node`,
        `${label} : CPU PostgreSQL`,
      ]),
    ],
    table,
  );
} finally {
  for (const { handle } of variants) await handle.close();
  await server.stop();
}
