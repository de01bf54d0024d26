import type { RequestHandler } from 'msw';
import { bookingHandlers } from './booking-handlers';
import { reservationDetailHandlers } from './detail-handlers';
import { reservationListHandlers } from './list-handlers';

export { BOOKING_STAY, PERIODE_HEBERGES } from './booking-fixtures';
/** A stay's nights and card fields as the mocks keep them (tests compare what a write left). */
export { extrasOf } from './detail-fixtures';
export { matchesFilters } from './list-handlers';
export {
  freshReservations,
  freshReservationsIntegrales,
  integraleOf,
  MOCK_PROLONGATION_ALERT_DAYS,
  MOCK_RESERVATION_MERE_IDS,
  mockDay,
  mockParent,
  type MockParent,
} from './list-fixtures';
export { mockIntegrale, mockReservations, resetReservationMocks } from './store';

/** The reservations remote's API: lists and counters, stay and full-reservation cards, booking. */
export const reservationsHandlers: RequestHandler[] = [
  ...reservationListHandlers,
  ...reservationDetailHandlers,
  ...bookingHandlers,
];
