export { ReservationsAProlongerPage } from './components/reservations-a-prolonger-page';
