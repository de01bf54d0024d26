import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The mocks answer the API's French messages by importing them from the contract (`shared/src/contract/messages.ts`,
 * which the API imports where it throws them), never by writing them again: a sentence typed in a mock drifts from
 * the API's without anyone noticing, and a remote's tests then pass on a message the product never shows.
 *
 * This reads every mock source (the seed data of stores and fixtures aside) and finds the messages written as a
 * string or template literal where a mock answers one: `fail(400, '…')` and `message: '…'`.
 */
const MOCKS = dirname(fileURLToPath(import.meta.resolve('./index.ts')));
const SEED_DATA = /(^|\/)(store|fixtures|[a-z-]+-fixtures|feed)\.ts$/;
const ANSWERED_LITERAL = /\bfail\(\s*\d{3},\s*(['"`][^\n]*)|\bmessage:\s*(['"`][^\n]*)/g;

function mockSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return mockSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The hand-written messages a mock source answers, as their source lines' starts. */
export function handWrittenMessages(source: string): string[] {
  return [...source.matchAll(ANSWERED_LITERAL)].map((match) => (match[1] ?? match[2] ?? '').slice(0, 80));
}

describe('the messages the mocks answer', () => {
  const files = mockSources(MOCKS)
    .map((path) => relative(MOCKS, path).split('\\').join('/'))
    .filter((path) => !SEED_DATA.test(path));

  it('finds a message written by hand in a mock (the check itself)', () => {
    expect(handWrittenMessages("return fail(404, 'Réservation introuvable.');")).toEqual([
      "'Réservation introuvable.');",
    ]);
    expect(handWrittenMessages('return fail(\n  409,\n  `Déjà ${x}.`,\n);')).toEqual(['`Déjà ${x}.`,']);
    expect(handWrittenMessages("json(200, { message: 'Fait.' })")).toEqual(["'Fait.' })"]);
    expect(handWrittenMessages('return fail(404, M.notFound);')).toEqual([]);
  });

  it.each(files)('%s takes its messages from the contract', (file) => {
    expect(handWrittenMessages(readFileSync(join(MOCKS, file), 'utf8'))).toEqual([]);
  });
});
