import type { RemoteDeclarations } from 'shared/contract';

/**
 * The screens this remote owns (issue 38 §3): its routes under /dashboard and its side-menu entries, as plain data.
 * The build writes them beside mf-manifest.json (declarations.json), the release carries them, the registry serves
 * them and the host builds its router and menu from them. Only type imports here: the build config reads this file.
 */
export const declarations = {
  routes: [
    { id: 'reservations', path: 'reservations', title: 'Réservations' },
    { id: 'reservation-integrale', path: 'reservation-integrale', title: 'Réservations intégrales' },
    { id: 'fiche-resa', path: 'fiche-resa/:id', title: 'Fiche réservation' },
    { id: 'fiche-resa-integrale', path: 'fiche-resa-integrale/:id', title: 'Fiche réservation intégrale' },
    { id: 'reservations-a-prolonger', path: 'reservations-a-prolonger', title: 'Réservations à prolonger' },
    {
      id: 'reservation_integrale',
      path: 'reservation_integrale',
      title: 'Nouvelle réservation intégrale',
      guards: ['subject'],
    },
  ],
  menu: [
    { group: 'reservation', routeId: 'reservations', label: 'Réservations', order: 10 },
    { group: 'reservation', routeId: 'reservation-integrale', label: 'Réservation intégrale', order: 20 },
    { group: 'reservation', routeId: 'reservations-a-prolonger', label: 'Résa. à prolonger', order: 30 },
  ],
} as const satisfies RemoteDeclarations;
