/**
 * What other modules may call of the reservations (docs/api.md « Modules et couches »): the write services a demande
 * runs in its own transaction, the spec's filters as SQL, the stay rows and counts, the history entries. Anything
 * else of this folder is its own.
 */
export {
  cancelReservation,
  confirmReservation,
  endReservationEarly,
  motifOf,
} from './actions/actions-service';
export { addResidentToReservation, bookReservation } from './booking/booking-service';
export { EXPORT_MESSAGES } from './exports/export-rows';
export { assertFilterPeriod, reservationConditions, whereClause } from './filters';
export { auditEntrySelect, historiqueEntryOf, type AuditRow } from './historiques/historiques-service';
export { countPointage, pointageConditions, pointageWindow } from './pointage/pointage-list-service';
export { prolongReservation } from './prolongation/prolongation-service';
export { countReservations, reservationItemJoins, reservationItemSelect } from './reservation-items';
