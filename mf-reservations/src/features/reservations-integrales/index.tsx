export { ReservationsIntegralesPage } from './components/reservations-integrales-page';
