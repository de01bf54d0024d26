// `shared/mocks`: the session helpers, the list contract's mock and each remote's mock API, for tests and tools.
export { authHandlers } from './common/auth-handlers';
export { listHandler, listPage, parseListQuery, type ListHandlerOptions } from './common/list-handlers';
export { MOCK_RESET_TOKEN, mockToken, mockUsers } from './common/users';
export { handlers, MOCK_API } from './handlers';
export { referentielHandlers, resetReferentielMocks } from './referentiel';
export * from './reservations';
export * from './stats';
export * from './comptabilite';
export * from './demandes';
export * from './notifications';
export * from './tasks';
export * from './releases';
export * from './facturation';
export { mockReleve, relevesStore, resetRelevesMocks } from './releves';
export { facturationCompteursHandlers, mockFacturationCompteurs } from './facturation/compteurs';

import { resetReferentielMocks } from './referentiel';
import { resetDemandeMocks } from './demandes';
import { resetNotificationMocks } from './notifications';
import { resetReservationMocks } from './reservations';
import { resetTaskMocks } from './tasks';
import { resetReleaseMocks } from './releases';
import { resetFacturationMocks } from './facturation';
import { resetRelevesMocks } from './releves';

/** Every mock store back to its seed data: each page test starts from the same world. */
export function resetMocks(): void {
  resetReferentielMocks();
  resetReservationMocks();
  resetDemandeMocks();
  resetNotificationMocks();
  resetTaskMocks();
  resetReleaseMocks();
  resetFacturationMocks();
  resetRelevesMocks();
}
