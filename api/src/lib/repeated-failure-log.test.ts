import { describe, expect, it } from 'vitest';
import { RepeatedFailureLog } from './repeated-failure-log';

function recorder() {
  const lines: string[] = [];
  const log = {
    error: (_: object, message: string) => lines.push(`error ${message}`),
    warn: (_: object, message: string) => lines.push(`warn ${message}`),
    info: (_: object, message: string) => lines.push(`info ${message}`),
  };
  return { lines, log: log as unknown as ConstructorParameters<typeof RepeatedFailureLog>[0] };
}

describe('RepeatedFailureLog', () => {
  it('logs the first failure, counts the repeats, sums them up once a period, and logs the recovery once', () => {
    const { lines, log } = recorder();
    let now = 0;
    const failures = new RepeatedFailureLog(log, 'tâches : lecture de la file en échec', {
      everyMs: 60_000,
      now: () => now,
    });
    const outage = new Error('connect ECONNREFUSED');
    // Two minutes of a poll every 2 s: 60 failed turns.
    for (let turn = 0; turn < 60; turn += 1, now += 2_000) failures.failed(outage);
    failures.succeeded();
    failures.succeeded();
    expect(lines).toEqual([
      'error tâches : lecture de la file en échec',
      "warn tâches : lecture de la file en échec (31 fois d'affilée)",
      'info tâches : lecture de la file en échec : rétabli après 60 échec(s)',
    ]);

    // A later outage starts over with a full error.
    failures.failed(outage);
    expect(lines.at(-1)).toBe('error tâches : lecture de la file en échec');
  });
});
