import type { ComponentType } from 'react';
import { AjoutReservationPage } from '../features/ajout-reservation';
import { FicheResaIntegralePage, FicheResaPage } from '../features/fiches-resa';
import { ReservationsIntegralesPage } from '../features/reservations-integrales';
import { ReservationsAProlongerPage } from './routes/reservations-a-prolonger-page';
import { ReservationsPage } from './routes/reservations-page';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  reservations: ReservationsPage,
  'reservation-integrale': ReservationsIntegralesPage,
  'fiche-resa': FicheResaPage,
  'fiche-resa-integrale': FicheResaIntegralePage,
  'reservations-a-prolonger': ReservationsAProlongerPage,
  reservation_integrale: AjoutReservationPage,
};

export default pages;
