// Generates demo data into a database: `pnpm --filter ./api demo:generate -- --preset large [--today YYYY-MM-DD]
// [--invoiced-months N]` (the preset's months invoiced otherwise; 0: no invoicing).
// Uses DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (as the server does). Prints counts and timings.
import { parisToday } from 'shared/contract';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_PRESETS, generateDemoData } from './generate-demo-data';

const { values } = parseArgs({
  // pnpm forwards the '--' separator itself.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    preset: { type: 'string', default: 'demo' },
    today: { type: 'string' },
    'invoiced-months': { type: 'string' },
  },
});
const preset = DEMO_PRESETS[values.preset as keyof typeof DEMO_PRESETS];
if (!preset) {
  console.error(`Préréglage inconnu : ${values.preset} (choix : ${Object.keys(DEMO_PRESETS).join(', ')})`);
  process.exit(2);
}
const config = loadConfig();
const started = performance.now();
const handle = await openDatabase(
  // Same choice as server.ts: the directory it fills is the one `npm start` opens.
  config.databaseUrl === undefined
    ? { kind: 'embedded', dataDir: config.dataDir }
    : { kind: 'postgres', url: config.databaseUrl },
);
const opened = performance.now();
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
try {
  const invoiced = values['invoiced-months'];
  const result = await generateDemoData(handle.db, {
    ...preset,
    today: values.today ?? parisToday(),
    ...(invoiced === undefined ? {} : { invoicedMonths: Number(invoiced) }),
  });
  // Autovacuum comes later: right after a bulk load the planner would have no statistics (it guesses, e.g. sorts
  // every stay for a page of 50) and no visibility map (no index-only counts). See docs/performance.md.
  if (!result.skipped) await handle.db.execute(sql`vacuum analyze`);
  const seconds = (performance.now() - opened) / 1000;
  if (result.skipped) console.info('La base contient déjà des établissements : rien n’a été généré.');
  console.info(
    JSON.stringify({
      preset: values.preset,
      database: handle.label,
      ...result,
      seconds: Number(seconds.toFixed(1)),
      openSeconds: Number(((opened - started) / 1000).toFixed(1)),
      peakRssMb: Math.round(peakRss / 1_048_576),
    }),
  );
} finally {
  clearInterval(sampler);
  await handle.close();
}
