import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROVIDES_FILE, REQUIREMENTS_FILE } from 'shared/contract/compatibility';

const readJson = async (file: string): Promise<Record<string, unknown> | undefined> => {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
};

/**
 * What a build states for issue 38 §4, as release.json carries it: a remote's `requirements.json` (empty when its
 * build wrote none), and the host's `provides.json`.
 */
export async function buildCompatibility(
  distDir: string,
): Promise<{ requirements: Record<string, unknown>; provides?: Record<string, unknown> }> {
  const [requirements, provides] = await Promise.all([
    readJson(join(distDir, REQUIREMENTS_FILE)),
    readJson(join(distDir, PROVIDES_FILE)),
  ]);
  return { requirements: requirements ?? {}, ...(provides !== undefined && { provides }) };
}
