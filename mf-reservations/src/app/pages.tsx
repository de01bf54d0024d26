import type { ComponentType } from 'react';
import { AjoutReservationPage } from '../features/ajout-reservation';
import { FicheResaPage } from '../features/fiche-resa';
import { FicheResaIntegralePage } from '../features/fiche-resa-integrale';
import { ReservationsAProlongerPage } from '../features/prolongation';
import { ReservationsIntegralesPage } from '../features/reservations-integrales';
import { ReservationsPage } from '../features/reservations-list';

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
