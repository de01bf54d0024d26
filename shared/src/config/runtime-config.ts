import { Type, type Static } from 'typebox';
import { Locale } from 'typebox/system';
import Value from 'typebox/value';
import { REMOTES } from '../federation';

/**
 * The runtime registry served beside index.html (`/runtime-config.json`). Moving or upgrading a remote is an
 * edit of this file, never a rebuild of the host.
 */
export const RuntimeConfigSchema = Type.Object(
  {
    apiBaseUrl: Type.String({ minLength: 1 }),
    remotes: Type.Object(
      Object.fromEntries(REMOTES.map((remote) => [remote.name, Type.String({ minLength: 1 })])) as Record<
        (typeof REMOTES)[number]['name'],
        ReturnType<typeof Type.String>
      >,
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Validates the registry once at start-up; a broken registry is named precisely rather than half-used. */
export function parseRuntimeConfig(data: unknown): RuntimeConfig {
  if (Value.Check(RuntimeConfigSchema, data)) return data;
  const details = Value.Errors(RuntimeConfigSchema, data)
    .map((error) => `${error.instancePath || '/'} ${Locale.fr_FR(error)}`)
    .join(' ; ');
  throw new RuntimeConfigError(`Configuration d'exécution invalide : ${details}`);
}

export async function fetchRuntimeConfig(url = RUNTIME_CONFIG_PATH): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok)
    throw new RuntimeConfigError(`Configuration d'exécution introuvable (${response.status})`);
  return parseRuntimeConfig(await response.json());
}
