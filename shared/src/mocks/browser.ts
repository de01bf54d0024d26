import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** Starts the service-worker mocks of a standalone remote (its public/ holds mockServiceWorker.js). */
export async function startBrowserMocks(): Promise<void> {
  const worker = setupWorker(...handlers);
  await worker.start({ onUnhandledRequest: 'warn', quiet: true });
}
