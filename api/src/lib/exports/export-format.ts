/**
 * Texts of the reservation exports: file names (dated in Europe/Paris), the French summary of the filters printed
 * at the top of a PDF, and the timestamp "Généré le …". Dates are shown DD/MM/YYYY.
 */
import { parisToday } from 'shared/contract';
import type { ReservationExportBody } from 'shared/contract';
import {
  ETAT_PAIEMENT_LABELS,
  JOURS_FILTRE_LABELS,
  RESERVATION_EXPORTS,
  RESERVATION_STATUT_LABELS,
  TYPE_RESA_LABELS,
  type ReservationExportKey,
} from 'shared/contract/reservation-values';
import { frenchDate } from '../days';

const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const PARIS_DAYS_BY_UTC_HOUR = new Map<string, string>();

/**
 * parisToday of an ISO 8601 UTC timestamp ('2026-11-21T18:05:00.123456Z', as the lists send created_at), memoised
 * per UTC hour: Paris is a whole number of hours ahead of UTC and changes its offset on a UTC hour (01:00), so every
 * instant of one UTC hour falls on the same Paris day. Exports call it for every row (Intl formatting is slow).
 */
export function parisDayOfIso(iso: string): string {
  if (iso.length < 14 || iso.charAt(10) !== 'T' || !iso.endsWith('Z')) return parisToday(new Date(iso));
  const hour = iso.slice(0, 13);
  let day = PARIS_DAYS_BY_UTC_HOUR.get(hour);
  if (day === undefined) {
    if (PARIS_DAYS_BY_UTC_HOUR.size >= 10_000) PARIS_DAYS_BY_UTC_HOUR.clear();
    day = parisToday(new Date(iso));
    PARIS_DAYS_BY_UTC_HOUR.set(hour, day);
  }
  return day;
}

/** « 21/11/2026 à 18:05 » in Europe/Paris. */
export function parisDateTime(at: Date = new Date()): string {
  return PARIS_TIME.format(at).replace(' ', ' à ');
}

/** reservations-2026-11-21.pdf, reservations-a-prolonger-2026-11-21.xlsx (Paris date). */
export function exportFileName(key: ReservationExportKey, at: Date = new Date()): string {
  const prefix = key === 'excelProlonger' ? 'reservations-a-prolonger' : 'reservations';
  return `${prefix}-${parisToday(at)}.${RESERVATION_EXPORTS[key].extension}`;
}

const yesNo = (value: boolean) => (value ? 'oui' : 'non');

const SORT_LABELS: Record<NonNullable<ReservationExportBody['sort']>, string> = {
  id: 'N°',
  date_debut: 'arrivée',
  date_fin: 'départ',
  pensionnaire: 'pensionnaire',
  client: 'client',
  etablissement: 'établissement',
  statut: 'statut',
  created_at: 'date de création',
};

const SEARCH_LABELS = {
  pensionnaire: 'Pensionnaire',
  numero_dossier: 'Dossier',
  client: 'Client',
  etablissement: 'Établissement',
  chambre: 'Chambre',
} as const;

/** The names of the filters' ids (export-filter-names.ts); a name missing leaves the number. */
export interface FilterNames {
  client?: string;
  etablissement?: string;
  pensionnaire?: string;
  type_chambre?: string;
}

const named = (label: string, id: number, name: string | undefined) =>
  name === undefined ? `${label} n° ${id}` : `${label} : ${name}`;

/**
 * The filters of the body in French, one short phrase each (« Aucun filtre » when there is none); an id filter is
 * shown by its name when `names` has it.
 */
export function filtersSummary(body: ReservationExportBody, names: FilterNames = {}): string {
  const parts: string[] = [];
  if (body.etat === 'prolongable') parts.push('État : prolongeable');
  if (body.jours !== undefined) parts.push(`Jours : ${JOURS_FILTRE_LABELS[body.jours]}`);
  if (body.statut !== undefined) {
    const list = Array.isArray(body.statut) ? body.statut : [body.statut];
    parts.push(`Statut : ${list.map((statut) => RESERVATION_STATUT_LABELS[statut]).join(', ')}`);
  }
  if (body.type_resa !== undefined) parts.push(`Type : ${TYPE_RESA_LABELS[body.type_resa]}`);
  if (body.start_date !== undefined && body.end_date !== undefined)
    parts.push(`Période : du ${frenchDate(body.start_date)} au ${frenchDate(body.end_date)} exclu`);
  else if (body.start_date !== undefined) parts.push(`Nuits à partir du ${frenchDate(body.start_date)}`);
  else if (body.end_date !== undefined) parts.push(`Nuits avant le ${frenchDate(body.end_date)}`);
  if (body.status_paf !== undefined) parts.push(`PAF : ${yesNo(body.status_paf)}`);
  if (body.etat_payment_paf !== undefined)
    parts.push(`État PAF : ${ETAT_PAIEMENT_LABELS[body.etat_payment_paf]}`);
  if (body.status_caf !== undefined) parts.push(`CAF : ${yesNo(body.status_caf)}`);
  if (body.etat_payment_caf !== undefined)
    parts.push(`État CAF : ${ETAT_PAIEMENT_LABELS[body.etat_payment_caf]}`);
  if (body.apec !== undefined) parts.push(`APEC : ${yesNo(body.apec)}`);
  if (body.client_id !== undefined) parts.push(named('Client', body.client_id, names.client));
  if (body.etablissement_id !== undefined)
    parts.push(named('Établissement', body.etablissement_id, names.etablissement));
  if (body.pensionnaire_id !== undefined)
    parts.push(named('Pensionnaire', body.pensionnaire_id, names.pensionnaire));
  if (body.type_chambre_id !== undefined)
    parts.push(named('Type de chambre', body.type_chambre_id, names.type_chambre));
  if (body.id_reservation_mere !== undefined)
    parts.push(`Réservation intégrale n° ${body.id_reservation_mere}`);
  for (const [key, label] of Object.entries(SEARCH_LABELS)) {
    const text = body[key as keyof typeof SEARCH_LABELS]?.trim();
    if (text) parts.push(`${label} contient « ${text} »`);
  }
  const filters = parts.length === 0 ? 'Aucun filtre' : parts.join(' ; ');
  if (body.sort === undefined) return filters;
  const order = (body.order ?? 'asc') === 'desc' ? 'décroissant' : 'croissant';
  return `${filters} — tri : ${SORT_LABELS[body.sort]} (${order})`;
}
