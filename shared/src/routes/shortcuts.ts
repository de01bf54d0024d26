import { DEMANDE_ACTION_FILTERS, type DemandeActionFilter } from '../contract/demande-values';

/** Request-action filters the Demande-Hebergement shortcut can be preset with (spec §2), in the shortcut's order. */
export const DEMANDE_ACTIONS = (['traitement', 'annulation', 'prolongation'] as const).map((key) => ({
  key,
  label: DEMANDE_ACTION_FILTERS[key].label,
}));

export type DemandeAction = DemandeActionFilter;

/** Query parameter of the add mode (top bar's add buttons) and of the action filter. */
export const ADD_MODE_PARAM = 'mode';
export const ADD_MODE_VALUE = 'ajout';
export const ACTION_PARAM = 'action';

/** The six top-bar shortcuts of spec §2, in order; `counter` names the dashboard counter behind each. */
export const TOP_BAR_SHORTCUTS = [
  { routeId: 'reservation-integrale', label: 'Résa. intégrale' },
  { routeId: 'reservations-a-prolonger', label: 'À prolonger' },
  { routeId: 'pointage-presence', label: 'Présence' },
  { routeId: 'pointage-paf', label: 'PAF' },
  { routeId: 'pointage-caf', label: 'CAF' },
  { routeId: 'demandes-hebergement', label: 'Demandes' },
] as const;

/** The dashboard counters (spec §3) and the shortcut badges of spec §1 they feed. */
export const DASHBOARD_BADGES = [
  {
    counter: 'totalProlonger',
    label: 'Réservations à prolonger aujourd’hui',
    routeId: 'reservations-a-prolonger',
  },
  {
    counter: 'totalPresence',
    label: 'Pointage des réservations commencées hier',
    routeId: 'pointage-presence',
  },
  { counter: 'totalPaf', label: 'PAF à vérifier', routeId: 'pointage-paf' },
  { counter: 'totalCaf', label: 'CAF à vérifier', routeId: 'pointage-caf' },
  {
    counter: 'total_demande_a_traiter',
    label: 'Demandes à traiter',
    routeId: 'demandes-hebergement',
    action: 'traitement',
  },
  {
    counter: 'total_demande_a_annuler',
    label: 'Demandes à annuler',
    routeId: 'demandes-hebergement',
    action: 'annulation',
  },
  {
    counter: 'total_demande_a_prolonger',
    label: 'Demandes à prolonger',
    routeId: 'demandes-hebergement',
    action: 'prolongation',
  },
] as const;
