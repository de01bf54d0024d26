import { parisToday } from 'shared/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/raw';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { TODAY } from '../src/db/today';
import { createTestDatabase } from './helper';

// Set by scripts/test.sh's dated stage, which runs the date-sensitive suites under faketime (docs/testing.md):
// without this check a faketime that silently did nothing would let that stage pass on the real date.
const expected = process.env.EXPECTED_PARIS_TODAY;

describe.runIf(expected !== undefined)('the faked clock of the dated stage', () => {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('reaches the test workers and the database', async () => {
    expect(parisToday()).toBe(expected);
    const database = await createTestDatabase();
    drop = database.drop;
    handle = await openDatabase(database.options);
    const [row] = await rowsOf<{ today: string }>(handle.db, sql`select ${TODAY}::text as today`);
    expect(row?.today).toBe(expected);
  });
});
