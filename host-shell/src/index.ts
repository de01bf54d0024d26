import { preloadDashboardIfSessionStored } from './app/dashboard-chunks';

// Async boundary: the federation runtime negotiates the shared singletons before any of them is imported.
import('./bootstrap').catch((error: unknown) => console.error(error));
// With a stored session the dashboard's chunks load alongside the start-up's, not after it.
preloadDashboardIfSessionStored();
