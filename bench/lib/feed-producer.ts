// The live feed's producer for the realtime benchmarks (docs/performance.md « Live feed »): POST /api/notifications
// to one user at a steady rate, alternately on each node, at most `inFlight` calls open (a server slower than the
// rate shows as a lower achieved rate, not as refused sockets). It shares the machine's cores with the API it
// measures, so it is kept lean: node:http on keep-alive connections, not fetch — whose web streams, Headers, abort
// signals and response objects cost this process about as much CPU per notification as the API spent on it.
import { Agent, request } from 'node:http';

export interface FeedOptions {
  /** The nodes' base URLs (`http://host:port`); notification n goes to urls[n % urls.length]. */
  urls: readonly string[];
  /** An administrator's bearer token. */
  token: string;
  /** The recipient's user id. */
  userId: number;
  /** Notifications a second. */
  rate: number;
  /** Calls open at once at most. */
  inFlight: number;
  /** The message of notification n (unique: the receiving sockets match on it). */
  message: (n: number) => string;
  /** Stops after this many; otherwise runs until `stop()`. */
  count?: number | undefined;
  /** Called as notification n leaves (the delivery delay's start). */
  onSent?: ((message: string, n: number) => void) | undefined;
}

export interface FeedRun {
  produced: number;
  /** From the first call's departure to the last one's (the achieved rate is produced / sendingSeconds). */
  sendingSeconds: number;
  /** From the first call's departure to the last answer. */
  seconds: number;
  failed: number;
  firstFailure: string;
}

export interface Feed {
  /** No call leaves after this; `done` still waits for those open. */
  stop(): void;
  done: Promise<FeedRun>;
}

const sleep = (delay: number) => new Promise((r) => setTimeout(r, delay));

/** Starts producing at once; notification n leaves at start + n / rate s (whatever the former ones' latency). */
export function startFeed(options: FeedOptions): Feed {
  const agent = new Agent({ keepAlive: true, maxSockets: options.inFlight });
  const targets = options.urls.map((url) => {
    const { hostname, port } = new URL(url);
    return { hostname, port: Number(port), path: '/api/notifications' };
  });
  const authorization = `Bearer ${options.token}`;
  let producing = true;
  let open = 0;
  let failed = 0;
  let firstFailure = '';
  let slotFreed: (() => void) | undefined;
  const pending: Promise<void>[] = [];

  const post = (n: number, body: string) =>
    new Promise<void>((done) => {
      const fail = (reason: string) => {
        failed += 1;
        firstFailure ||= reason;
        done();
      };
      const call = request(
        {
          ...targets[n % targets.length]!,
          method: 'POST',
          agent,
          headers: {
            authorization,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            response.statusCode === 201 ? done() : fail(`${response.statusCode} ${text}`),
          );
          response.on('error', (error) => fail(String(error)));
        },
      );
      call.on('error', (error) => fail(String(error)));
      call.end(body);
    });

  const started = performance.now();
  const done = (async (): Promise<FeedRun> => {
    let produced = 0;
    while (producing && (options.count === undefined || produced < options.count)) {
      // Always yields: a late producer must not starve the sockets (and the list's loader) of the event loop.
      await sleep(Math.max(0, started + (produced * 1_000) / options.rate - performance.now()));
      while (open >= options.inFlight) await new Promise<void>((r) => (slotFreed = r));
      if (!producing) break;
      const n = produced;
      produced += 1;
      const message = options.message(n);
      const body = JSON.stringify({ userIds: [options.userId], title: 'Flux', message });
      options.onSent?.(message, n);
      open += 1;
      pending.push(
        post(n, body).finally(() => {
          open -= 1;
          const freed = slotFreed;
          slotFreed = undefined;
          freed?.();
        }),
      );
    }
    const sendingSeconds = (performance.now() - started) / 1_000;
    await Promise.all(pending);
    agent.destroy();
    return { produced, sendingSeconds, seconds: (performance.now() - started) / 1_000, failed, firstFailure };
  })();

  return { stop: () => void (producing = false), done };
}
