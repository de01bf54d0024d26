import { createRoot } from 'react-dom/client';
import { checkStoredSession, configureApiClient, fetchRuntimeConfig, installDeclarations } from 'shared';
import { App } from './app/app';
import { PROVIDED_MODULES } from './app/provided-modules';
import { queryClient } from './app/query-client';
import { preloadDashboard } from './app/dashboard-chunks';
import { registerRuntimeRemotes } from './features/remotes/register-remotes';
import { currentUserQueryOptions } from './features/shell/api/get-current-user';

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');
const root = createRoot(container);

async function start() {
  // Everything the first screen needs starts at once: the registry (already requested by index.html's preload)
  // and, for a stored session, the dashboard's layout and home chunks (already asked for by the entry script),
  // then the session check as soon as the registry names the API — none of them waits for another.
  const sessionStored = checkStoredSession().status === 'valid';
  const dashboardPages = sessionStored ? preloadDashboard() : undefined;
  try {
    const { config, etag } = await fetchRuntimeConfig();
    configureApiClient({ baseURL: config.apiBaseUrl });
    // The routes and menu entries the remotes declare, before the router renders: a deep link works on a first load.
    installDeclarations(config.declarations ?? {});
    if (sessionStored) void queryClient.prefetchQuery(currentUserQueryOptions());
    registerRuntimeRemotes(config, etag);
    // The first render then shows the dashboard itself, not a spinner followed by it (see router.tsx).
    await dashboardPages;
    root.render(<App />);
  } catch (error) {
    console.error(error);
    const { StartupError } = await import('./app/startup-error');
    root.render(<StartupError error={error} />);
  }
}

void start();
// Kept in the build so that the host provides them (see provided-modules.ts).
export { PROVIDED_MODULES };
