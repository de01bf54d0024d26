import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** A port just released can stay busy a moment (sockets closing); retry for a few seconds. */
async function listenWithRetry(server: Server, port: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => {
          server.off('listening', onListening);
          reject(error);
        };
        const onListening = () => {
          server.off('error', onError);
          resolve();
        };
        server.once('error', onError).once('listening', onListening);
        server.listen(port, '127.0.0.1');
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 40) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The variants scripts/compress-dist.mjs writes beside a build's files, in order of preference. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** The pre-compressed variant of `file` the client accepts, as the API serves the host's files; null for none. */
async function preCompressed(
  file: string,
  acceptEncoding: string | undefined,
): Promise<(typeof ENCODINGS)[number] | null> {
  const accepted = (acceptEncoding ?? '').split(',').map((value) => value.trim().split(';')[0]);
  for (const encoding of ENCODINGS) {
    if (!accepted.includes(encoding.name)) continue;
    const exists = await stat(file + encoding.extension).then(
      (info) => info.isFile(),
      () => false,
    );
    if (exists) return encoding;
  }
  return null;
}

/**
 * A remote's own static server, as a feature team would deploy it on another origin: CORS open, manifest
 * no-cache, its pre-compressed files sent to a browser that accepts them. Tests stop it to prove the shell
 * survives a remote going down.
 */
export async function startStaticServer(
  root: string,
  options: { port?: number; spa?: boolean } = {},
): Promise<{ url: string; close: () => Promise<void>; server: Server }> {
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const route = pathname === '/' || (options.spa && !extname(pathname)) ? '/index.html' : pathname;
    const file = normalize(join(root, route));
    if (!file.startsWith(normalize(root) + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const encoding = await preCompressed(file, req.headers['accept-encoding']);
      res.writeHead(200, {
        // No idle keep-alive sockets: a stopped server must be able to take its port back at once.
        Connection: 'close',
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': /\.(html|json)$/.test(file) ? 'no-cache' : 'public, max-age=31536000, immutable',
        Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding.name } : {}),
      });
      createReadStream(encoding ? file + encoding.extension : file).pipe(res);
    } catch {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('Not found');
    }
  };
  const server = createServer((req, res) => {
    // A malformed path (decodeURIComponent) is the only way out of serve() without an answer.
    serve(req, res).catch(() => res.writeHead(400).end());
  });
  await listenWithRetry(server, options.port ?? 0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('adresse inconnue');
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
