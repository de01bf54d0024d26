// Counted autocannon runs reduced to one table row, and the markdown tables the benchmarks print.
import autocannon from 'autocannon';

export interface Row {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

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
    const result = await autocannon({
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
    });
    return {
      label,
      p50: result.latency.p50,
      p99: result.latency.p99,
      // Completed requests over the run's duration (autocannon's per-second average saturates on short runs).
      rps: Math.round(result.requests.total / result.duration),
      errors: result.errors + result.non2xx,
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
