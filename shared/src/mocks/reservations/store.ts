import type { HistoriqueEntry, ReservationItem } from '../../contract';
import { freshReservations, integraleOf, resetAddedParents } from './list-fixtures';

/**
 * The stays every reservation mock reads and writes — lists, counters, details, extensions, bookings — so that a
 * list, a card and the dashboard counters agree after a write, as they do over the API's one database.
 */
export const mockReservations: ReservationItem[] = freshReservations();

/** The history entries the write mocks recorded (the seeds' own entries are derived, detail-fixtures.ts). */
export const recordedHistory: HistoriqueEntry[] = [];

/** Puts the seeds back in place (the handlers keep these arrays): stays, booked parents and recorded history. */
export function resetReservationMocks(): void {
  mockReservations.splice(0, mockReservations.length, ...freshReservations());
  resetAddedParents();
  recordedHistory.splice(0, recordedHistory.length);
}

/** The mocks' summary of one full reservation, from the current stays. */
export const mockIntegrale = (id: number) => integraleOf(id, mockReservations);
