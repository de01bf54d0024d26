import pg from 'pg';

/**
 * The same server URL with another database: the path of a `postgres://` URL. The embedded server's URL has no
 * host (`postgresql://user:password@/postgres?host=<socket dir>`), which WHATWG URL refuses, hence a plain rewrite.
 */
export function databaseUrl(serverUrl: string, database: string): string {
  const match = /^(postgres(?:ql)?:\/\/[^/?#]*)(\/[^?#]*)?(.*)$/.exec(serverUrl);
  if (match === null) throw new Error('TEST_DATABASE_URL doit commencer par postgres:// ou postgresql://.');
  return `${match[1]}/${database}${match[3]}`;
}

/** Runs one statement (create or drop a database) on the server's maintenance database, on its own connection. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
