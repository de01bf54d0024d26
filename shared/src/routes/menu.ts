import type { Permission } from '../auth/permissions';
import { ROUTES } from './route-registry';

/** A menu group. `permission` names the check that must pass for the group to show (`hasPermission`). */
export interface MenuGroup {
  key: string;
  label: string;
  permission?: Permission;
  entries: { routeId: string; label: string }[];
}

/** Side menu of spec §2, in its order, with its French labels. */
export const MENU: readonly MenuGroup[] = [
  {
    key: 'reservation',
    label: 'Reservation',
    entries: [
      { routeId: 'reservations', label: 'Réservations' },
      { routeId: 'reservation-integrale', label: 'Réservation intégrale' },
      { routeId: 'reservations-a-prolonger', label: 'Résa. à prolonger' },
    ],
  },
  {
    key: 'demande-hebergement',
    label: 'Demande hébergement',
    entries: [{ routeId: 'demandes-hebergement', label: "Demandes d'hébergement" }],
  },
  {
    key: 'pointage',
    label: 'Pointage',
    entries: [
      { routeId: 'pointage-presence', label: 'Pointage présence' },
      { routeId: 'pointage-paf', label: 'Pointage PAF' },
      { routeId: 'pointage-caf', label: 'Pointage CAF' },
    ],
  },
  {
    key: 'rooming',
    label: 'Rooming',
    entries: [
      { routeId: 'rooming-etab', label: 'Rooming Etab.' },
      { routeId: 'rooming-client', label: 'Rooming client' },
      { routeId: 'rooming-pensionnaires', label: 'Rooming pensionnaires' },
    ],
  },
  {
    key: 'etablissement',
    label: 'Etablissement',
    permission: 'manageReferenceData',
    entries: [
      { routeId: 'group-etablissement', label: "Groupes d'établissements" },
      { routeId: 'etablissement', label: 'Établissements' },
      { routeId: 'type-chambre', label: 'Types de chambre' },
      { routeId: 'contract-etablissement', label: 'Contrats établissement' },
    ],
  },
  {
    key: 'client',
    label: 'Client',
    entries: [
      { routeId: 'groupe-client', label: 'Groupes clients' },
      { routeId: 'client', label: 'Clients' },
      { routeId: 'contrat-client', label: 'Contrats clients' },
      { routeId: 'pensionnaires', label: 'Pensionnaires' },
      { routeId: 'foyers', label: 'Foyers' },
      { routeId: 'repas', label: 'Repas' },
    ],
  },
  {
    key: 'statistiques',
    label: 'Statistiques',
    entries: [
      { routeId: 'stats-per-pax', label: 'Par nombre de pax' },
      { routeId: 'stats-per-month', label: 'Par mois' },
      { routeId: 'stats-per-ca', label: "Par chiffre d'affaires" },
    ],
  },
  {
    key: 'utilisateurs',
    label: 'Utilisateurs',
    permission: 'manageUsers',
    entries: [{ routeId: 'utilisateurs', label: 'Utilisateurs' }],
  },
];

/** Every menu entry must point at a registered route (checked by a unit test). */
export function menuRouteIds(): string[] {
  return MENU.flatMap((group) => group.entries.map((entry) => entry.routeId)).filter((id) =>
    ROUTES.some((r) => r.id === id),
  );
}
