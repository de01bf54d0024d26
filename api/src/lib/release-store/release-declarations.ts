import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { declarationProblems, DECLARATIONS_FILE, type RemoteDeclarations } from 'shared/contract';
import { AppError } from '../../errors';

export class ReleaseDeclarationsError extends AppError {
  override name = 'ReleaseDeclarationsError';
  constructor(message: string) {
    super(422, message);
  }
}

/**
 * The routes and menu entries a release carries in its release.json (issue 38 §3): those the remote's build wrote
 * beside mf-manifest.json. A build without the file (the host) declares none; a file that would be refused at
 * promote stops the release here, naming the problem.
 */
export async function readReleaseDeclarations(remote: string, distDir: string): Promise<RemoteDeclarations> {
  let text: string;
  try {
    text = await readFile(join(distDir, DECLARATIONS_FILE), 'utf8');
  } catch {
    return { routes: [], menu: [] };
  }
  const declared: unknown = JSON.parse(text);
  const problems = declarationProblems(declared);
  if (problems.length)
    throw new ReleaseDeclarationsError(
      `Déclarations de routes de ${remote} invalides (${DECLARATIONS_FILE}) : ${problems.join(' ; ')}`,
    );
  const { routes, menu } = declared as RemoteDeclarations;
  return { routes, menu };
}
