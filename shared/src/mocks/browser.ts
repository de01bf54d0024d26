import { setupWorker } from 'msw/browser';
import { handlers, MOCK_API } from './handlers';

/** Starts the service-worker mocks of a standalone remote (its public/ holds mockServiceWorker.js). */
export async function startBrowserMocks(): Promise<void> {
  const worker = setupWorker(...handlers);
  await worker.start({
    quiet: true,
    // Only an unmocked API call deserves a warning; assets, HMR and the federation manifests pass through.
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith(`${MOCK_API}/`)) print.warning();
    },
  });
}
