import { stopMockPreparations } from './preparation-task';
import { resetFacturationMocks as resetStore } from './store';

export { facturationHandlers } from './handlers';
export { facturationHistoriqueHandlers, mockHistorique } from './historique';
export { MOCK_PREPARATION_STEP_MS } from './preparation-task';
export { freshFactures, mockFacturation } from './store';

/** The invoicing mocks back to their seed, the preparations still running stopped. */
export function resetFacturationMocks(): void {
  stopMockPreparations();
  resetStore();
}
