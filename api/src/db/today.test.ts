import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * « Today » and « the Paris day of a timestamp » are written once, in db/today.ts (TODAY, parisDayOf): a query that
 * writes `(now() at time zone 'Europe/Paris')::date` again computes it per row (TODAY is an InitPlan) and is one
 * more place to change if the business day ever moves.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const INLINE_PARIS_DAY = /at time zone 'Europe\/Paris'\)::date/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the Paris day in SQL', () => {
  it('finds an inline Paris day (the check itself)', () => {
    expect(INLINE_PARIS_DAY.test("and r.date_fin >= (now() at time zone 'Europe/Paris')::date")).toBe(true);
    expect(INLINE_PARIS_DAY.test("(d.created_at at time zone 'Europe/Paris')::date::text")).toBe(true);
    expect(INLINE_PARIS_DAY.test('and r.date_fin >= ${TODAY}')).toBe(false);
  });

  it('is written only in db/today.ts', () => {
    const inline = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((path) => path !== 'db/today.ts')
      .filter((path) => INLINE_PARIS_DAY.test(readFileSync(join(SRC, path), 'utf8')));
    expect(inline).toEqual([]);
  });
});
