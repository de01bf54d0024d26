export {
  ReservationExportButtons,
  type ReservationExportButtonsProps,
} from './components/reservation-export-buttons';
