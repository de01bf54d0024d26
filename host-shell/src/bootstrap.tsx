import { createRoot } from 'react-dom/client';
import { checkStoredSession, fetchRuntimeConfig, holdToasts, installDeclarations } from 'shared/sign-in';
import { App } from './app/app';
import { PROVIDED_MODULES } from './app/provided-modules';
import { preloadDashboard } from './app/dashboard-chunks';
import { loadSignedIn, setStartupConfig } from './app/signed-in-loader';

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');
const root = createRoot(container, {
  // An error a boundary logs itself (a remote page's, with the module named) is not logged a second time by React.
  onCaughtError: (error, { errorBoundary }) => {
    if ((errorBoundary as { logsCaughtErrors?: boolean } | undefined)?.logsCaughtErrors !== true)
      console.error(error);
  },
});

async function start() {
  // Everything the first screen needs starts at once: the registry (already requested by index.html's preload)
  // and, for a stored session, the dashboard's layout and home chunks (already asked for by the entry script),
  // then the session check as soon as the registry names the API — none of them waits for another.
  const sessionStored = checkStoredSession().status === 'valid';
  const dashboardPages = sessionStored ? preloadDashboard() : undefined;
  // The login page renders outside the providers that show toasts: its toasts wait for them (app/signed-in.tsx).
  holdToasts();
  try {
    const { config, etag } = await fetchRuntimeConfig();
    // The routes and menu entries the remotes declare, before the router renders: a deep link works on a first load.
    installDeclarations(config.declarations ?? {});
    setStartupConfig(config, etag);
    // Any page but the login page is the signed-in part's (app/app.tsx): with a session, the dashboard itself is
    // the first render, not a spinner followed by it (see router.tsx).
    if (sessionStored || window.location.pathname !== '/')
      await Promise.all([loadSignedIn(), dashboardPages]);
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
