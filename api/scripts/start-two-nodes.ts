// `pnpm --filter ./api two-nodes [-- --port-a 8081 --port-b 8082 --data-dir DIR --check-only]` (docs/deployment.md
// « Deux nœuds sur une machine »): two API nodes on one PostgreSQL (test/two-nodes.ts), their URLs printed, then
// checked without a proxy. Runs until Ctrl+C (`--check-only`: stops after the check, exit code 1 if it failed).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkTwoNodes, startTwoNodes } from '../test/two-nodes';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      'port-a': { type: 'string' },
      'port-b': { type: 'string' },
      'data-dir': { type: 'string' },
      'check-only': { type: 'boolean', default: false },
    },
  });
  const ports =
    values['port-a'] && values['port-b']
      ? ([Number(values['port-a']), Number(values['port-b'])] as [number, number])
      : undefined;
  const nodes = await startTwoNodes({ ports, dataDir: values['data-dir'] });
  let failed = false;
  console.info(
    `Nœud A : ${nodes.urls[0]}\nNœud B : ${nodes.urls[1]}\nBase commune : PostgreSQL (socket unix)`,
  );
  try {
    for (const line of await checkTwoNodes(nodes.urls)) console.info(`✔ ${line}`);
  } catch (error) {
    failed = true;
    console.error(`✘ Vérification en échec : ${error instanceof Error ? error.message : String(error)}`);
  }
  if (values['check-only']) {
    await nodes.stop();
    process.exit(failed ? 1 : 0);
  }
  console.info('Ctrl+C pour arrêter les deux nœuds et la base.');
  const shutdown = () => void nodes.stop().then(() => process.exit(failed ? 1 : 0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
