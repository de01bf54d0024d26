import { createRoot } from 'react-dom/client';
import { configureApiClient, fetchRuntimeConfig } from 'shared';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { registerRuntimeRemotes } from './features/remotes/register-remotes';

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');
const root = createRoot(container);

async function start() {
  try {
    const config = await fetchRuntimeConfig();
    configureApiClient({ baseURL: config.apiBaseUrl });
    registerRuntimeRemotes(config.remotes);
    root.render(<App />);
  } catch (error) {
    console.error(error);
    root.render(<StartupError error={error} />);
  }
}

void start();
