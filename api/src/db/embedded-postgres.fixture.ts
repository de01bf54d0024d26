// Child process of embedded-postgres.test.ts: opens the embedded database in argv[2], acknowledges one write on
// stdout, then waits to be killed (kill -9: neither the pool nor postgres is stopped).
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';

async function main(): Promise<void> {
  const handle = await openDatabase({ kind: 'embedded', dataDir: process.argv[2]! });
  await handle.db.execute(sql`create table if not exists probe (v text)`);
  await handle.db.execute(sql`insert into probe values ('avant kill -9')`);
  process.stdout.write('written\n');
  setInterval(() => undefined, 60_000);
}

void main();
