import { http, type RequestHandler } from 'msw';
import {
  POINTAGE_MESSAGES as P,
  RESERVATIONS_MESSAGES as M,
  addDays,
  parisToday,
  AUDIT_ACTION_LABELS,
  type AuditAction,
  ETAT_PAIEMENT_LABELS,
  ETATS_PAIEMENT,
  type EtatPaiement,
  type FluxPaiement,
  type Nuitee,
  type NuitsDues,
  FLUX_PAIEMENT_LABELS,
  PointageListBody,
  PointagePafCafBody,
  PRESENCE_LABELS,
  RESERVATIONS_PATHS,
  ROOMING_PATHS,
  UpdatePointageBody,
  type NuitsParEtat,
  type PointageAnswer,
  type PointageReservation,
  type ReservationItem,
} from '../../contract';
import { formatDate } from '../../format/dates';
import { api, claimsOf, fail, json, requireSession, validBody } from '../common/http';
import { fromCents, toCents } from '../../format/money';
import { extrasOf, syncRow } from '../reservations/detail-fixtures';
import { matchesFilters } from '../reservations/list-handlers';
import { mockReservations, recordedHistory } from '../reservations/store';

/**
 * The pointage calls in memory, over the reservation mocks' stays and nights (so the stay card agrees): the list
 * with nights (POST /reservations/pointage_nuitees), attendance with the no-show (update_pointage) and the PAF/CAF
 * check (pointage_paf_caf), both under the stay's `version` (409 when it changed), as docs/api.md describes them.
 */

const stayOf = (id: string | readonly string[] | undefined) =>
  mockReservations.find((row) => row.id === Number(id));

/**
 * A stream's nights due over the whole stay (non-cancelled, dated before today, in or out of the window), by state:
 * what the API's list gives, so what a whole-stay check writes.
 */
function duesOf(nights: readonly Nuitee[], flux: FluxPaiement, from: string, to: string): NuitsDues {
  const dues = Object.fromEntries(
    ETATS_PAIEMENT.map((etat) => [etat, { nuits: 0, cents: 0, hors_fenetre: 0 }]),
  ) as Record<EtatPaiement, { nuits: number; cents: number; hors_fenetre: number }>;
  for (const night of nights) {
    if (night.annulee || night.date_nuit >= parisToday()) continue;
    const due = dues[flux === 'paf' ? night.etat_paf : night.etat_caf];
    due.nuits += 1;
    due.cents += toCents(flux === 'paf' ? night.montant_paf : night.montant_caf);
    if (night.date_nuit < from || night.date_nuit >= to) due.hors_fenetre += 1;
  }
  return Object.fromEntries(
    ETATS_PAIEMENT.map((etat) => {
      const { nuits, cents, hors_fenetre } = dues[etat];
      return [etat, { nuits, montant: fromCents(cents), hors_fenetre }];
    }),
  ) as NuitsDues;
}

function withNights(row: ReservationItem, from: string, to: string): PointageReservation {
  const all = extrasOf(row).nuitees;
  const nuitees = all
    .filter((night) => !night.annulee && night.date_nuit >= from && night.date_nuit < to)
    .map((night) => ({
      id: night.id,
      date_nuit: night.date_nuit,
      presence: night.presence,
      etat_paf: night.etat_paf,
      etat_caf: night.etat_caf,
      montant_paf: night.montant_paf,
      montant_caf: night.montant_caf,
      pointable: night.date_nuit <= parisToday(),
    }));
  return {
    ...row,
    nuitees,
    nuits_dues_paf: row.status_paf ? duesOf(all, 'paf', from, to) : null,
    nuits_dues_caf: row.status_caf ? duesOf(all, 'caf', from, to) : null,
  };
}

/** A write on the stay: its version moves on, its summary follows its nights, its history says who did what. */
function audit(
  row: ReservationItem,
  request: Request,
  action: AuditAction,
  changements: { champ: string; avant: unknown; apres: unknown }[],
) {
  const claims = claimsOf(request);
  const now = new Date().toISOString();
  row.version += 1;
  extrasOf(row).updated_at = now;
  syncRow(row);
  recordedHistory.push({
    id: 1_000_000 + recordedHistory.length + 1,
    date: now,
    entite: 'reservation',
    entite_id: String(row.id),
    action,
    libelle: AUDIT_ACTION_LABELS[action],
    acteur: {
      type: 'user',
      id: Number(claims?.sub) || null,
      nom: String(claims?.name ?? claims?.email ?? ''),
    },
    changements,
  });
}

const answer = (
  row: ReservationItem,
  message: string,
  nuitees: number,
  extra: Partial<PointageAnswer> = {},
) =>
  json(200, { message, reservation_id: row.id, version: row.version, nuitees, ...extra } as PointageAnswer);

export const pointageHandlers: RequestHandler[] = [
  http.post(api(ROOMING_PATHS.pointageNuitees), async ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const body = await validBody<PointageListBody>(request, PointageListBody);
    if (body instanceof Response) return body;
    const { page, pageSize, date_arrivee, ...filters } = body;
    const from = body.start_date && body.end_date ? body.start_date : addDays(parisToday(), -30);
    const to = body.start_date && body.end_date ? body.end_date : addDays(parisToday(), 1);
    const rows = mockReservations
      .filter((row) => matchesFilters(row, filters))
      .filter((row) => !date_arrivee || (row.date_debut === date_arrivee && row.statut !== 'annulee'))
      .sort(
        (a, b) =>
          a.pensionnaire_nom.localeCompare(b.pensionnaire_nom, 'fr') ||
          a.pensionnaire_prenom.localeCompare(b.pensionnaire_prenom, 'fr') ||
          a.id - b.id,
      );
    return json(200, {
      reservations: rows
        .slice((page - 1) * pageSize, page * pageSize)
        .map((row) => withNights(row, from, to)),
      total: rows.length,
      start_date: from,
      end_date: to,
    });
  }),

  http.put(api(`${RESERVATIONS_PATHS.updatePointage}/:id`), async ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const body = await validBody<UpdatePointageBody>(request, UpdatePointageBody);
    if (body instanceof Response) return body;
    const row = stayOf(params.id);
    if (!row) return fail(404, M.notFound);
    if (row.version !== body.version) return fail(409, M.stale);
    const dates = [...(body.dates ?? [addDays(parisToday(), -1)])].sort();
    const future = dates.find((date) => date > parisToday());
    if (future) return fail(400, P.notYetPassed(future));
    const nights = extrasOf(row).nuitees.filter((night) => !night.annulee && dates.includes(night.date_nuit));
    const missing = dates.find((date) => !nights.some((night) => night.date_nuit === date));
    if (missing) return fail(400, P.notANight(missing, row.id));
    if (body.annuler_suite && (body.presence !== 'absent' || !dates.includes(row.date_debut)))
      return fail(400, P.noShowNeedsFirstNight(row.date_debut));
    for (const night of nights) night.presence = body.presence;
    let annulees = 0;
    if (body.annuler_suite) {
      for (const night of extrasOf(row).nuitees)
        if (!night.annulee && night.date_nuit >= parisToday() && night.date_nuit > row.date_debut) {
          night.annulee = true;
          annulees += 1;
        }
      if (annulees > 0) row.date_fin = [parisToday(), addDays(row.date_debut, 1)].sort().at(-1)!;
    }
    audit(row, request, 'pointage', [
      { champ: 'presence', avant: null, apres: body.presence },
      ...(annulees > 0 ? [{ champ: 'date_fin', avant: null, apres: row.date_fin }] : []),
    ]);
    const label = PRESENCE_LABELS[body.presence].toLowerCase();
    const message =
      (dates.length === 1
        ? `Nuit du ${formatDate(dates[0])} pointée : ${label}.`
        : `${dates.length} nuits pointées : ${label}.`) +
      (annulees > 0
        ? ` ${annulees} nuit${annulees > 1 ? 's' : ''} suivante${annulees > 1 ? 's' : ''} annulée${annulees > 1 ? 's' : ''}.`
        : '');
    return answer(row, message, nights.length, body.annuler_suite ? { nuitees_annulees: annulees } : {});
  }),

  http.put(api(`${RESERVATIONS_PATHS.pointagePafCaf}/:id`), async ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const body = await validBody<PointagePafCafBody>(request, PointagePafCafBody);
    if (body instanceof Response) return body;
    const row = stayOf(params.id);
    if (!row) return fail(404, M.notFound);
    if (row.version !== body.version) return fail(409, M.stale);
    const label = FLUX_PAIEMENT_LABELS[body.type];
    if (!(body.type === 'paf' ? row.status_paf : row.status_caf)) return fail(409, M.streamNotApplied(label));
    if ((body.etat === undefined) === (body.nuits === undefined)) return fail(400, P.etatOrNuits);
    const restored = new Map(body.nuits?.map((night) => [night.date_nuit, night.etat]));
    const inRange = (date: string) =>
      body.nuits
        ? restored.has(date)
        : body.dates
          ? body.dates.includes(date)
          : body.start_date && body.end_date
            ? date >= body.start_date && date < body.end_date
            : date < parisToday();
    const nights = extrasOf(row)
      .nuitees.filter((night) => !night.annulee && inRange(night.date_nuit))
      .sort((a, b) => a.date_nuit.localeCompare(b.date_nuit));
    if (nights.length === 0) return fail(400, P.nothingInPeriod);
    const asked = body.nuits?.map((night) => night.date_nuit) ?? body.dates;
    const missing = asked?.find((date) => !nights.some((night) => night.date_nuit === date));
    if (missing) return fail(400, P.notANight(missing, row.id));
    const key = body.type === 'paf' ? 'etat_paf' : 'etat_caf';
    const precedents = nights.map((night) => ({ date_nuit: night.date_nuit, etat: night[key] }));
    const ecrites: NuitsParEtat = { a_verifier: 0, paye: 0, non_paye: 0 };
    for (const night of nights) {
      night[key] = restored.get(night.date_nuit) ?? body.etat ?? night[key];
      ecrites[night[key]] += 1;
    }
    audit(row, request, `pointage_${body.type}`, [
      { champ: `etat_${body.type}`, avant: precedents, apres: body.etat ?? body.nuits },
    ]);
    const states = (['paye', 'non_paye', 'a_verifier'] as const).filter((etat) => ecrites[etat] > 0);
    const detail =
      states.length === 1
        ? ETAT_PAIEMENT_LABELS[states[0]!].toLowerCase()
        : states.map((etat) => `${ecrites[etat]} ${ETAT_PAIEMENT_LABELS[etat].toLowerCase()}`).join(', ');
    const nightsLabel = `${nights.length} nuit${nights.length > 1 ? 's' : ''}`;
    return answer(
      row,
      `${label} ${body.nuits ? 'rétablie' : 'pointée'} sur ${nightsLabel} : ${detail}.`,
      nights.length,
      {
        etat_payment: body.type === 'paf' ? row.etat_payment_paf : row.etat_payment_caf,
        ecrites,
        precedents,
      },
    );
  }),
];
