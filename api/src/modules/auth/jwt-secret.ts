import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema';

export const JWT_SECRET_FILE_NAME = 'jwt-secret';
export const JWT_SECRET_SETTING = 'jwt_secret';
const MIN_LENGTH = 32;

const generate = () => randomBytes(48).toString('base64url');

function readSecretFile(path: string): string | undefined {
  try {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length < MIN_LENGTH) {
      throw new Error(
        `Le fichier ${path} ne contient pas de secret JWT valide : supprimez-le pour en générer un nouveau.`,
      );
    }
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function secretFromDataDir(dataDir: string): string {
  const path = join(dataDir, JWT_SECRET_FILE_NAME);
  const existing = readSecretFile(path);
  if (existing !== undefined) return existing;
  const secret = generate();
  try {
    writeFileSync(path, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecretFile(path) ?? secret;
  }
}

async function secretFromDatabase(db: Database): Promise<string> {
  // Several API nodes may start at once: the first insert wins, everyone reads the winner.
  await db.insert(appSettings).values({ key: JWT_SECRET_SETTING, value: generate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, JWT_SECRET_SETTING));
  if (row === undefined) throw new Error('Le secret JWT est introuvable dans app_settings.');
  return row.value;
}

/**
 * The HS256 signing secret: JWT_SECRET when set; otherwise generated once and kept in `<DATA_DIR>/jwt-secret`
 * (the embedded PostgreSQL of `npm start`) or in the `app_settings` table (DATABASE_URL: shared by every API node).
 */
export function resolveJwtSecret(options: {
  configured: string | undefined;
  dataDir: string | undefined;
  db: Database;
}): Promise<string> {
  if (options.configured !== undefined) return Promise.resolve(options.configured);
  if (options.dataDir !== undefined) return Promise.resolve(secretFromDataDir(options.dataDir));
  return secretFromDatabase(options.db);
}
