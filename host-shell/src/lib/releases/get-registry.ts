import { parseRuntimeConfig, RUNTIME_CONFIG_PATH, type RuntimeConfig } from 'shared';

export type RegistryRead = { changed: false } | { changed: true; config: RuntimeConfig; etag: string | null };

/**
 * Reads the runtime registry again in an open tab, conditionally on the ETag of the last read (304: unchanged).
 * A static file beside index.html, not the API: no `apiClient` (no token, no error toast for a background read).
 */
export async function getRegistry(etag: string | null): Promise<RegistryRead> {
  const response = await fetch(RUNTIME_CONFIG_PATH, {
    cache: 'no-store',
    headers: etag === null ? {} : { 'if-none-match': etag },
  });
  if (response.status === 304) return { changed: false };
  if (!response.ok) throw new Error(`Registre des modules illisible (${response.status})`);
  return {
    changed: true,
    config: parseRuntimeConfig(await response.json()),
    etag: response.headers.get('etag'),
  };
}
