import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A typed error carries a message of the contract (shared/contract/messages.ts), never a French sentence written
 * where it is thrown: the MSW mocks answer the contract's sentences (shared/src/mocks/mock-messages.test.ts), so a
 * sentence typed in a service drifts from what the remotes' tests read without anyone noticing.
 *
 * This reads every API source and finds a typed error built from a string or template literal:
 * `new ConflictError('…')`, `new NotFoundError(\`… ${id} …\`)`. A message built from the contract's functions
 * (`new NotFoundError(DEMANDES_MESSAGES.notFound(id))`) is what it expects. It cannot see a sentence first put in a
 * variable; it keeps the common case from coming back.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const TYPED_ERROR_WITH_LITERAL =
  /new (?:AppError|BadRequestError|UnauthorizedError|ForbiddenError|NotFoundError|ConflictError|TooManyRequestsError|DeliveryFailedError)\(\s*(['"`][^\n]*)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The literal messages a source throws in a typed error, as their source lines' starts. */
function thrownLiterals(source: string): string[] {
  return [...source.matchAll(TYPED_ERROR_WITH_LITERAL)].map((match) => (match[1] ?? '').slice(0, 80));
}

describe('the messages the API throws', () => {
  const files = sources(SRC).map((path) => relative(SRC, path).split('\\').join('/'));

  it('finds a sentence written in a typed error (the check itself)', () => {
    expect(thrownLiterals("throw new NotFoundError('Pièce jointe introuvable.');")).toEqual([
      "'Pièce jointe introuvable.');",
    ]);
    expect(thrownLiterals('throw new ConflictError(\n  `Déjà ${x}.`,\n);')).toEqual(['`Déjà ${x}.`,']);
    expect(thrownLiterals('throw new BadRequestError(DEMANDES_MESSAGES.noRoom);')).toEqual([]);
    expect(thrownLiterals("throw new Error('not a typed error')")).toEqual([]);
  });

  it.each(files)('%s throws the contract’s messages', (file) => {
    expect(thrownLiterals(readFileSync(join(SRC, file), 'utf8'))).toEqual([]);
  });
});
