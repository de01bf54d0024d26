export { ReservationsList, type ReservationsListProps } from './components/reservations-list';
