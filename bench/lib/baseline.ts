// A bare node:http server answering a small JSON body: the reference row measured beside the API.
import { createServer } from 'node:http';

export interface Baseline {
  url: string;
  close: () => void;
}

/** Listens on a free port of 127.0.0.1 and answers every request with `body` as JSON (serialised per request). */
export async function startBaseline(body: unknown): Promise<Baseline> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
