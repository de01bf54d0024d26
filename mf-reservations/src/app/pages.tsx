import type { ComponentType } from 'react';
import { lazyPage } from 'shared/ui';

// Each page loaded when it is first shown (lazyPage): the first visit of one page downloads only its code.
/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  reservations: lazyPage(
    () => import('./routes/reservations-page'),
    (module) => module.ReservationsPage,
  ),
  'reservation-integrale': lazyPage(
    () => import('../features/reservations-integrales'),
    (module) => module.ReservationsIntegralesPage,
  ),
  'fiche-resa': lazyPage(
    () => import('../features/fiches-resa'),
    (module) => module.FicheResaPage,
  ),
  'fiche-resa-integrale': lazyPage(
    () => import('../features/fiches-resa'),
    (module) => module.FicheResaIntegralePage,
  ),
  'reservations-a-prolonger': lazyPage(
    () => import('./routes/reservations-a-prolonger-page'),
    (module) => module.ReservationsAProlongerPage,
  ),
  reservation_integrale: lazyPage(
    () => import('../features/ajout-reservation'),
    (module) => module.AjoutReservationPage,
  ),
};

export default pages;
