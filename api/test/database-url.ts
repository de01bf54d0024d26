/**
 * The same server URL with another database: the path of a `postgres://` URL. The embedded server's URL has no
 * host (`postgresql://user:password@/postgres?host=<socket dir>`), which WHATWG URL refuses, hence a plain rewrite.
 */
export function databaseUrl(serverUrl: string, database: string): string {
  const match = /^(postgres(?:ql)?:\/\/[^/?#]*)(\/[^?#]*)?(.*)$/.exec(serverUrl);
  if (match === null) throw new Error('TEST_DATABASE_URL doit commencer par postgres:// ou postgresql://.');
  return `${match[1]}/${database}${match[3]}`;
}
