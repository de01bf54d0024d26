// The signed-in part of the shell (signed-in.tsx: antd's provider, the query cache, the API client, the dashboard's
// routes) is loaded when a page needs it, not with the login page (issue 37 §5): at start-up for any other page or
// a stored session, on the login form's first keystroke otherwise. It starts once, with the registry read at
// start-up.
import type { RuntimeConfig } from 'shared/sign-in';
import type * as SignedIn from './signed-in';

type SignedInPart = typeof SignedIn;

let config: RuntimeConfig | undefined;
let configEtag: string | null = null;
let loading: Promise<SignedInPart> | undefined;

/** Once loaded: the router renders its app directly rather than suspending on it again. */
export let loadedSignedIn: SignedInPart | undefined;

/** The registry as bootstrap.tsx read it (and its ETag: the tab's first revalidation), before anything is loaded. */
export function setStartupConfig(startup: RuntimeConfig, etag: string | null = null): void {
  config = startup;
  configEtag = etag;
}

/** Loads and starts the signed-in part; the same promise to every caller. */
export function loadSignedIn(): Promise<SignedInPart> {
  loading ??= import('./signed-in').then((part) => {
    if (!config) throw new Error('Registre non lu avant le chargement de la partie connectée');
    part.start(config, configEtag);
    loadedSignedIn = part;
    return part;
  });
  return loading;
}
