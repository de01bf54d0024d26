export * from './fixtures';
export * from './handlers';
export * from './list-handlers';
export * from './referentiel-handlers';
export * from './reservations-fixtures';
export * from './reservation-detail-handlers';
export * from './reservations-handlers';

import { resetReferentielMocks } from './referentiel-handlers';
import { resetReservationDetailMocks } from './reservation-detail-handlers';
import { resetReservationMocks } from './reservations-handlers';

/** Every mock store back to its seed data: each page test starts from the same world. */
export function resetMocks(): void {
  resetReferentielMocks();
  resetReservationMocks();
  resetReservationDetailMocks();
}
