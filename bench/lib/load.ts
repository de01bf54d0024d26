// Counted autocannon runs reduced to one table row, and the markdown tables the benchmarks print.
import autocannon from 'autocannon';

export interface Row {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /**
   * p50 / p99 of the 2xx answers at 0.01 ms (autocannon's own percentiles above are whole milliseconds: a ratio of
   * two p99s of 2–7 ms turns on that rounding).
   */
  exact: { p50: number; p99: number };
}

/** The q-quantile of sorted values (nearest rank). */
const nearestRank = (sorted: number[], q: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/**
 * A loader sending `requests` requests over `connections` connections per call: a GET with `headers`, or a JSON
 * POST of `body` when one is given.
 */
export function loader({ connections, requests }: { connections: number; requests: number }) {
  return async (
    label: string,
    url: string,
    headers: Record<string, string> = {},
    body?: object,
  ): Promise<Row> => {
    const times: number[] = [];
    const options: autocannon.Options = {
      url,
      connections,
      amount: requests,
      ...(body === undefined
        ? { headers }
        : {
            method: 'POST',
            body: JSON.stringify(body),
            headers: { ...headers, 'content-type': 'application/json' },
          }),
    };
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      });
    });
    times.sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      label,
      p50: result.latency.p50,
      p99: result.latency.p99,
      // Completed requests over the run's duration (autocannon's per-second average saturates on short runs).
      rps: Math.round(result.requests.total / result.duration),
      errors: result.errors + result.non2xx,
      exact: { p50: round(nearestRank(times, 0.5)), p99: round(nearestRank(times, 0.99)) },
    };
  };
}

/** Prints a markdown table, its first column left-aligned and the others right-aligned. */
export function printTable(columns: string[], rows: (string | number)[][]): void {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  console.info(line(columns));
  console.info(`|---|${'---:|'.repeat(columns.length - 1)}`);
  for (const row of rows) console.info(line(row));
}
