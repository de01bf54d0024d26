import dayjs from 'dayjs';
import { MAX_PENSIONNAIRES_PAR_RESERVATION } from 'shared/contract/values';
import type {
  ContratClientResume,
  DisponibiliteEtablissement,
  PensionnaireTrouve,
  ReservationAddBody,
  TypeChambreData,
} from 'shared/contract';
import { chambresLibres, chambresNecessaires } from 'shared/ui';

/** Everything chosen so far in the booking wizard. Dates are `YYYY-MM-DD`; `end_date` is the departure day. */
export interface BookingDraft {
  client: { id: number; nom: string } | null;
  startDate: string | null;
  endDate: string | null;
  contratClient: ContratClientResume | null;
  pensionnaires: PensionnaireTrouve[];
  disponibilite: DisponibiliteEtablissement | null;
  typeChambre: TypeChambreData | null;
  chambre: string;
  petitDejeuner: boolean;
  dejeuner: boolean;
  diner: boolean;
  statusPaf: boolean;
  statusCaf: boolean;
  confirmer: boolean;
}

export const EMPTY_DRAFT: BookingDraft = {
  client: null,
  startDate: null,
  endDate: null,
  contratClient: null,
  pensionnaires: [],
  disponibilite: null,
  typeChambre: null,
  chambre: '',
  petitDejeuner: false,
  dejeuner: false,
  diner: false,
  statusPaf: false,
  statusCaf: false,
  confirmer: false,
};

export type DraftOptions = Pick<
  BookingDraft,
  'chambre' | 'petitDejeuner' | 'dejeuner' | 'diner' | 'statusPaf' | 'statusCaf' | 'confirmer'
>;

export type DraftAction =
  | { type: 'client'; client: BookingDraft['client'] }
  | { type: 'dates'; startDate: string | null; endDate: string | null }
  | { type: 'contratClient'; contrat: ContratClientResume }
  | { type: 'pensionnaires'; pensionnaires: PensionnaireTrouve[] }
  | { type: 'disponibilite'; disponibilite: DisponibiliteEtablissement }
  | { type: 'typeChambre'; typeChambre: TypeChambreData }
  | { type: 'options'; options: Partial<DraftOptions> };

/** What depends on the client or the dates: contracts, residents (lodged or not until then), hotel, room type. */
const DEPENDENTS: Pick<
  BookingDraft,
  'contratClient' | 'pensionnaires' | 'disponibilite' | 'typeChambre' | 'chambre'
> = { contratClient: null, pensionnaires: [], disponibilite: null, typeChambre: null, chambre: '' };

/** Going back keeps earlier choices; changing the client or the dates resets the steps that depend on them. */
export function draftReducer(draft: BookingDraft, action: DraftAction): BookingDraft {
  switch (action.type) {
    case 'client':
      if (draft.client?.id === action.client?.id) return { ...draft, client: action.client };
      return { ...draft, client: action.client, ...DEPENDENTS };
    case 'dates':
      if (draft.startDate === action.startDate && draft.endDate === action.endDate) return draft;
      return { ...draft, startDate: action.startDate, endDate: action.endDate, ...DEPENDENTS };
    case 'contratClient':
      return { ...draft, contratClient: action.contrat };
    case 'pensionnaires':
      return { ...draft, pensionnaires: action.pensionnaires };
    case 'disponibilite': {
      const same =
        draft.disponibilite?.contrat.id === action.disponibilite.contrat.id &&
        draft.disponibilite.etablissement.id === action.disponibilite.etablissement.id;
      return same
        ? { ...draft, disponibilite: action.disponibilite }
        : { ...draft, disponibilite: action.disponibilite, typeChambre: null, chambre: '' };
    }
    case 'typeChambre':
      return { ...draft, typeChambre: action.typeChambre };
    case 'options':
      return { ...draft, ...action.options };
  }
}

/** Nights of [start, end), or null while a date is missing or the departure is not after the arrival. */
export function nombreNuits(startDate: string | null, endDate: string | null): number | null {
  if (!startDate || !endDate) return null;
  const nights = dayjs(endDate).diff(dayjs(startDate), 'day');
  return nights > 0 ? nights : null;
}

/** Why a room type cannot take the residents (null when it can). */
export function typeChambreRefus(type: TypeChambreData, residents: number): string | null {
  if (!type.couvre_periode)
    return 'Le contrat ne tarife pas ce type de chambre sur toutes les nuits du séjour.';
  const needed = chambresNecessaires(residents, type.capacite);
  const free = chambresLibres(type);
  if (free !== null && needed > free)
    return `Pas assez de chambres libres : ${needed} nécessaire${needed > 1 ? 's' : ''}, ${free} libre${free > 1 ? 's' : ''}.`;
  return null;
}

export const STEP_TITLES = [
  'Client et dates',
  'Contrat client',
  'Pensionnaires',
  'Établissement',
  'Type de chambre',
  'Options',
  'Récapitulatif',
] as const;
export const STEP = {
  clientDates: 0,
  contratClient: 1,
  pensionnaires: 2,
  etablissement: 3,
  typeChambre: 4,
  options: 5,
  recapitulatif: 6,
} as const;

/** What is missing for a step to be left forward (null: complete). */
export function stepProblem(step: number, draft: BookingDraft): string | null {
  switch (step) {
    case STEP.clientDates:
      if (!draft.client) return 'Choisissez un client.';
      if (!draft.startDate || !draft.endDate) return 'Indiquez les dates d’arrivée et de départ.';
      return nombreNuits(draft.startDate, draft.endDate) === null
        ? 'La date de départ doit être postérieure à la date d’arrivée.'
        : null;
    case STEP.contratClient:
      return draft.contratClient ? null : 'Choisissez un contrat client.';
    case STEP.pensionnaires:
      if (draft.pensionnaires.length === 0) return 'Sélectionnez au moins un pensionnaire.';
      return draft.pensionnaires.length > MAX_PENSIONNAIRES_PAR_RESERVATION
        ? `Au plus ${MAX_PENSIONNAIRES_PAR_RESERVATION} pensionnaires par réservation.`
        : null;
    case STEP.etablissement:
      return draft.disponibilite ? null : 'Choisissez un établissement et son contrat.';
    case STEP.typeChambre:
      if (!draft.typeChambre) return 'Choisissez un type de chambre.';
      return typeChambreRefus(draft.typeChambre, draft.pensionnaires.length);
    case STEP.options:
      return draft.chambre.trim().length > 20 ? 'Le numéro de chambre compte au plus 20 caractères.' : null;
    default:
      return null;
  }
}

/** The first step before `target` that is not complete, or `target` when all are. */
export function reachableStep(target: number, draft: BookingDraft): number {
  for (let step = 0; step < target; step += 1) if (stepProblem(step, draft)) return step;
  return target;
}

/** The POST /reservations/add body of a complete draft. */
export function addBodyOf(draft: BookingDraft): ReservationAddBody {
  const { client, contratClient, disponibilite, typeChambre, startDate, endDate } = draft;
  if (!client || !contratClient || !disponibilite || !typeChambre || !startDate || !endDate)
    throw new Error('Réservation incomplète');
  const chambre = draft.chambre.trim();
  return {
    client_id: client.id,
    contrat_client_id: contratClient.id,
    etablissement_id: disponibilite.etablissement.id,
    contrat_etablissement_id: disponibilite.contrat.id,
    type_chambre_id: typeChambre.id,
    pensionnaire_ids: draft.pensionnaires.map((pensionnaire) => pensionnaire.id),
    start_date: startDate,
    end_date: endDate,
    chambre: chambre || null,
    petit_dejeuner: draft.petitDejeuner,
    dejeuner: draft.dejeuner,
    diner: draft.diner,
    status_paf: draft.statusPaf,
    status_caf: draft.statusCaf,
    confirmer: draft.confirmer,
  };
}
