export {
  AjoutReservationDrawer,
  type AjoutReservationDrawerProps,
} from './components/ajout-reservation-drawer';
export { AjoutReservationPage } from './components/ajout-reservation-page';
