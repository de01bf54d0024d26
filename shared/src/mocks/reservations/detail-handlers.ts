import dayjs from 'dayjs';
import { http, type RequestHandler } from 'msw';
import {
  POINTAGE_MESSAGES,
  COMMON_MESSAGES,
  RESERVATIONS_MESSAGES as M,
  parisToday,
  AUDIT_ACTION_LABELS,
  type AuditAction,
  ApecBody,
  FLUX_PAIEMENT_LABELS,
  MOTIF_ANNULATION_REQUIS,
  MOTIF_RETABLISSEMENT_REQUIS,
  type HistoriqueEntry,
  type ReservationItem,
  PointagePafCafBody,
  RESERVATION_STATUT_LABELS,
  RESERVATIONS_PATHS,
  ReservationActionBody,
  ReservationAnnulationBody,
  ReservationEditBody,
  ReservationRetablissementBody,
  ReservationUpdateBody,
} from '../../contract';
import { API_DATE_FORMAT, isApiDate } from '../../format/dates';
import { api, claimsOf, fail, json, readJson, validBody, validationMessage } from '../common/http';
import { seedPensionnaires, seedTypesChambre } from '../referentiel/fixtures';
import {
  type MockParent,
  extrasOf,
  historyOf,
  nightsOf,
  parentById,
  recapOf,
  retablissementOf,
  syncRow,
  toDetail,
  toIntegrale,
} from './detail-fixtures';
import { mockReservations, recordedHistory } from './store';

/**
 * The reservation detail calls in memory (fiche-resa, fiche-resa-integrale): detail, full reservation, recap,
 * history, and the writes confirmation, annulation, « Rétablir », update, early departure, PAF/CAF state, APEC and
 * adding a resident, with the state changes and the 409 answers of the API (docs/domain.md "State machines"). Bodies are
 * checked against the contract's schemas (400 in French). PUT /reservations/prolongation/:id is the list mocks'
 * (list-handlers.ts): the detail shows the stays it creates.
 */

/**
 * The stays are the store's (`mockReservations`), so that lists and details agree; their nights live beside them
 * (detail-fixtures.ts). Extensions are written by the list mocks' prolongation handler.
 */
const stays: ReservationItem[] = mockReservations;
const historiques: HistoriqueEntry[] = recordedHistory;

const notFound = () => fail(404, M.notFound);

function actorOf(request: Request) {
  const claims = claimsOf(request);
  return claims
    ? { type: 'user' as const, id: Number(claims.sub) || null, nom: String(claims.name ?? claims.email) }
    : null;
}

type Actor = NonNullable<ReturnType<typeof actorOf>>;

/** Runs `handle` for a signed-in caller with a numeric `:id`; other ids fall through to later handlers. */
function guarded(
  handle: (context: {
    id: number;
    request: Request;
    actor: Actor;
    params: Record<string, string>;
  }) => Response | Promise<Response>,
) {
  return ({
    request,
    params,
  }: {
    request: Request;
    params: Record<string, string | readonly string[] | undefined>;
  }) => {
    const raw = String(params.id ?? params.id_reservation_mere ?? '');
    if (!/^\d{1,9}$/.test(raw)) return undefined;
    const actor = actorOf(request);
    if (!actor) return fail(401, COMMON_MESSAGES.unauthorized);
    return handle({ id: Number(raw), request, actor, params: params as Record<string, string> });
  };
}

const stayOf = (id: number) => stays.find((row) => row.id === id);
const siblings = (row: ReservationItem) =>
  stays.filter((other) => other.id_reservation_mere === row.id_reservation_mere);
const label = (row: ReservationItem) => RESERVATION_STATUT_LABELS[row.statut].toLowerCase();

function audit(
  row: ReservationItem,
  actor: Actor,
  action: AuditAction,
  changements: HistoriqueEntry['changements'],
) {
  const now = new Date().toISOString();
  row.version += 1;
  extrasOf(row).updated_at = now;
  syncRow(row);
  historiques.push({
    // Apart from the ids historyOf() gives the synthesised entries (reservation id × 1000).
    id: 1_000_000 + historiques.length + 1,
    date: now,
    entite: 'reservation',
    entite_id: String(row.id),
    action,
    libelle: AUDIT_ACTION_LABELS[action],
    acteur: actor,
    changements,
  });
}

const CANCELLABLE = ['en_attente', 'confirmee', 'en_cours'];
const OPEN = ['confirmee', 'en_cours'];

/** Marks the nights from `from` on cancelled and keeps what was done for « Rétablir ». */
function release(row: ReservationItem, type: 'annulation' | 'depart_anticipe', from: string) {
  const details = extrasOf(row);
  const nuits: string[] = [];
  for (const night of details.nuitees)
    if (night.date_nuit >= from && !night.annulee) {
      night.annulee = true;
      nuits.push(night.date_nuit);
    }
  details.liberations.push({
    type,
    le: new Date().toISOString(),
    jour: parisToday(),
    statut_avant: row.statut,
    date_fin_avant: row.date_fin,
    nuits,
  });
}

function cancel(row: ReservationItem, actor: Actor, motif: string) {
  const before = row.statut;
  const details = extrasOf(row);
  release(row, 'annulation', parisToday());
  row.statut = 'annulee';
  details.annulee_at = new Date().toISOString();
  // The extended stay may be extended again once its extension is cancelled.
  const extended = stays.find((other) => other.prolongee_par_id === row.id);
  if (extended) {
    extended.prolongee_par_id = null;
    syncRow(extended);
  }
  audit(row, actor, 'annulation', [
    { champ: 'statut', avant: before, apres: 'annulee' },
    { champ: 'motif', avant: null, apres: motif },
  ]);
}

const one = RESERVATIONS_PATHS.one;

const readHandlers: RequestHandler[] = [
  http.get(
    api(`${RESERVATIONS_PATHS.historiques}/:id`),
    guarded(({ id }) => {
      const row = stayOf(id);
      return row ? json(200, { historiques: historyOf(row, historiques) }) : notFound();
    }),
  ),
  http.get(
    api(`${RESERVATIONS_PATHS.integraleRecap}/:id`),
    guarded(({ id }) => {
      const parent = parentById(id);
      if (!parent) return fail(404, M.integraleNotFound);
      return json(200, { reservations: recapOf(parent.id, stays) });
    }),
  ),
  http.get(
    api(`${RESERVATIONS_PATHS.integrales}/:id`),
    guarded(({ id }) => {
      const parent = parentById(id);
      if (!parent) return fail(404, M.integraleNotFound);
      return json(200, { data: toIntegrale(parent, stays) });
    }),
  ),
  http.get(
    api(`${one}/:id`),
    guarded(({ id }) => {
      const row = stayOf(id);
      return row ? json(200, { data: toDetail(row, stays) }) : notFound();
    }),
  ),
];

const writeHandlers: RequestHandler[] = [
  http.put(
    api(`${RESERVATIONS_PATHS.confirmation}/:id`),
    guarded(async ({ id, request, actor }) => {
      const body = await validBody<ReservationActionBody>(request, ReservationActionBody);
      if (body instanceof Response) return body;
      const row = stayOf(id);
      if (!row) return notFound();
      const targets = (body.applyToAllPr ? siblings(row) : [row]).filter((r) => r.statut === 'en_attente');
      if (!body.applyToAllPr && row.statut !== 'en_attente')
        return fail(409, M.onlyPendingConfirmed(label(row)));
      if (targets.length === 0) return fail(409, M.nothingToConfirm);
      for (const target of targets) {
        target.statut = 'confirmee';
        audit(target, actor, 'confirmation', [{ champ: 'statut', avant: 'en_attente', apres: 'confirmee' }]);
      }
      return json(200, { message: M.confirmed(targets.length) });
    }),
  ),
  http.put(
    api(`${RESERVATIONS_PATHS.annulation}/:id`),
    guarded(async ({ id, request, actor }) => {
      // No body is a missing reason, as the API says it (« Le champ motif est obligatoire. »).
      const raw = (await readJson(request)) ?? {};
      const invalid = validationMessage(ReservationAnnulationBody, raw);
      if (invalid) return fail(400, invalid);
      const body = raw as ReservationAnnulationBody;
      const motif = body.motif.trim();
      if (!motif) return fail(400, MOTIF_ANNULATION_REQUIS);
      const row = stayOf(id);
      if (!row) return notFound();
      if (!body.applyToAllPr && !CANCELLABLE.includes(row.statut))
        return fail(409, M.notCancellable(label(row)));
      const targets = (body.applyToAllPr ? siblings(row) : [row]).filter((r) =>
        CANCELLABLE.includes(r.statut),
      );
      if (targets.length === 0) return fail(409, M.nothingToCancel);
      for (const target of targets) cancel(target, actor, motif);
      return json(200, { message: M.cancelled(targets.length) });
    }),
  ),
  http.put(
    api(`${RESERVATIONS_PATHS.retablissement}/:id`),
    guarded(async ({ id, request, actor }) => {
      const raw = (await readJson(request)) ?? {};
      const invalid = validationMessage(ReservationRetablissementBody, raw);
      if (invalid) return fail(400, invalid);
      const body = raw as ReservationRetablissementBody;
      const motif = body.motif.trim();
      if (!motif) return fail(400, MOTIF_RETABLISSEMENT_REQUIS);
      const row = stayOf(id);
      if (!row) return notFound();
      if (body.version !== undefined && body.version !== row.version) return fail(409, M.stale);
      const restorable = retablissementOf(row);
      const details = extrasOf(row);
      const last = details.liberations.at(-1);
      if (!restorable || !last) return fail(409, M.nothingToRestore(id));
      const taken = stays
        .filter((other) => other.id !== row.id && other.pensionnaire_id === row.pensionnaire_id)
        .flatMap((other) =>
          extrasOf(other)
            .nuitees.filter((night) => !night.annulee && last.nuits.includes(night.date_nuit))
            .map((night) => ({ other, night })),
        )
        .sort((a, b) => a.night.date_nuit.localeCompare(b.night.date_nuit))[0];
      if (taken)
        return fail(
          409,
          M.restoreNightTaken(
            id,
            `${row.pensionnaire_prenom} ${row.pensionnaire_nom}`,
            taken.night.date_nuit,
            taken.other.id,
          ),
        );
      details.liberations.pop();
      const before = { statut: row.statut, date_fin: row.date_fin };
      row.statut = restorable.statut;
      row.date_fin = restorable.date_fin;
      details.annulee_at = null;
      for (const night of details.nuitees) if (last.nuits.includes(night.date_nuit)) night.annulee = false;
      audit(
        row,
        actor,
        'retablissement',
        [
          { champ: 'statut', avant: before.statut, apres: row.statut },
          { champ: 'date_fin', avant: before.date_fin, apres: row.date_fin },
          { champ: 'motif', avant: null, apres: motif },
        ].filter((change) => change.avant !== change.apres),
      );
      return json(200, { message: M.restored(id, last.nuits.length) });
    }),
  ),
  http.put(
    api(`${RESERVATIONS_PATHS.pointagePafCaf}/:id`),
    guarded(async ({ id, request, actor }) => {
      const body = await validBody<PointagePafCafBody>(request, PointagePafCafBody);
      if (body instanceof Response) return body;
      const row = stayOf(id);
      if (!row) return notFound();
      if (row.version !== body.version) return fail(409, M.stale);
      const name = FLUX_PAIEMENT_LABELS[body.type];
      if (!(body.type === 'paf' ? row.status_paf : row.status_caf))
        return fail(409, M.streamNotApplied(name));
      // The stay card sends one state; undoing night by night (`nuits`) is the pointage mocks' (handlers.ts order).
      const etat = body.etat;
      if (etat === undefined) return fail(400, POINTAGE_MESSAGES.etatOrNuits);
      const nights = extrasOf(row).nuitees.filter(
        (night) => !night.annulee && night.date_nuit <= parisToday(),
      );
      if (nights.length === 0) return fail(409, M.noNightToPoint);
      for (const night of nights) night[body.type === 'paf' ? 'etat_paf' : 'etat_caf'] = etat;
      audit(row, actor, `pointage_${body.type}`, [
        { champ: `etat_${body.type}`, avant: null, apres: body.etat },
      ]);
      return json(200, { message: M.pointed(name, etat) });
    }),
  ),
  http.put(
    api(`${RESERVATIONS_PATHS.apec}/:id`),
    guarded(async ({ id, request, actor }) => {
      const body = await validBody<ApecBody>(request, ApecBody);
      if (body instanceof Response) return body;
      const row = stayOf(id);
      if (!row) return notFound();
      const before = row.apec;
      row.apec = body.apec;
      audit(row, actor, 'apec', [{ champ: 'apec', avant: before, apres: body.apec }]);
      return json(200, { message: M.apec(body.apec) });
    }),
  ),
  http.post(
    api(`${RESERVATIONS_PATHS.edit}/:id_reservation_mere/:pensionnaire_id`),
    guarded(async ({ id, request, actor, params }) => {
      const body = await validBody<ReservationEditBody>(request, ReservationEditBody);
      if (body instanceof Response) return body;
      const parent = parentById(id);
      if (!parent) return fail(404, M.integraleNotFound);
      const resident = seedPensionnaires.find(
        (p) => p.id === Number(params.pensionnaire_id) && p.clientId === parent.client_id && !p.archivedAt,
      );
      if (!resident) return fail(404, M.residentNotFound);
      const children = stays.filter((row) => row.id_reservation_mere === id);
      if (children.length > 0 && children.every((row) => row.statut === 'annulee'))
        return fail(409, M.parentCancelled(id));
      if (children.some((row) => row.pensionnaire_id === resident.id && row.statut !== 'annulee'))
        return fail(409, M.residentAlreadyIn);
      return json(201, addResident(parent, children, resident, body, actor));
    }),
  ),
  // Early departure, then the update: `/reservations/:id…` last, so the named paths above match first.
  http.put(
    api(`${one}/:id/:date_fin`),
    guarded(({ id, actor, params }) => {
      const dateFin = params.date_fin ?? '';
      if (!isApiDate(dateFin)) return fail(400, M.invalidDateFin);
      const row = stayOf(id);
      if (!row) return notFound();
      if (!OPEN.includes(row.statut) && row.statut !== 'en_attente')
        return fail(409, M.notShortenable(label(row)));
      if (row.prolongee_par_id !== null) return fail(409, M.extendedCancelFirst);
      if (dateFin < parisToday()) return fail(400, M.departureInPast);
      if (dateFin <= row.date_debut || dateFin >= row.date_fin)
        return fail(400, M.departureBetween(row.date_debut, row.date_fin));
      release(row, 'depart_anticipe', dateFin);
      const before = row.date_fin;
      row.date_fin = dateFin;
      audit(row, actor, 'depart_anticipe', [{ champ: 'date_fin', avant: before, apres: dateFin }]);
      return json(200, { message: M.departed(dateFin) });
    }),
  ),
  http.put(
    api(`${one}/:id`),
    guarded(async ({ id, request, actor }) => {
      const body = await validBody<ReservationUpdateBody>(request, ReservationUpdateBody);
      if (body instanceof Response) return body;
      const row = stayOf(id);
      if (!row) return notFound();
      if (row.version !== body.version) return fail(409, M.stale);
      if (!CANCELLABLE.includes(row.statut)) return fail(409, M.notEditable(label(row)));
      const { version: _version, ...changes } = body;
      const changements = Object.entries(changes)
        .filter(([champ, value]) => row[champ as keyof typeof changes] !== value)
        .map(([champ, value]) => ({ champ, avant: row[champ as keyof typeof changes], apres: value }));
      Object.assign(row, changes);
      applyOptions(row);
      audit(row, actor, 'modification', changements);
      return json(200, { message: M.updated });
    }),
  ),
];

/** Meals and streams apply to the nights from today on (docs/domain.md). */
function applyOptions(row: ReservationItem) {
  const parent = parentById(row.id_reservation_mere)!;
  for (const night of extrasOf(row).nuitees) {
    if (night.date_nuit < parisToday() || night.annulee) continue;
    night.petit_dejeuner = row.petit_dejeuner ? 1 : 0;
    night.dejeuner = row.dejeuner ? 1 : 0;
    night.diner = row.diner ? 1 : 0;
    night.montant_paf = row.status_paf ? parent.tarif.paf : '0.00';
    night.montant_caf = row.status_caf ? parent.tarif.caf : '0.00';
  }
}

function addResident(
  parent: MockParent,
  children: ReservationItem[],
  resident: (typeof seedPensionnaires)[number],
  body: ReservationEditBody,
  actor: Actor,
) {
  const live = children.filter((row) => row.statut !== 'annulee');
  const model = live[0] ?? children[0]!;
  const ends = live.map((row) => row.date_fin).sort();
  const starts = live.map((row) => row.date_debut).sort();
  const start = body.start_date ?? [starts[0] ?? parisToday(), parisToday()].sort().at(-1)!;
  const end = body.end_date ?? ends.at(-1) ?? dayjs(start).add(1, 'day').format(API_DATE_FORMAT);
  const id = Math.max(...stays.map((other) => other.id)) + 1;
  const now = new Date().toISOString();
  const typeChambreId = body.type_chambre_id ?? model.type_chambre_id;
  const created: ReservationItem = {
    ...model,
    id,
    type_resa: 'initiale',
    prolongation_de_id: null,
    statut: 'en_attente',
    pensionnaire_id: resident.id,
    pensionnaire_nom: resident.nom,
    pensionnaire_prenom: resident.prenom,
    numero_dossier: resident.numeroDossier,
    type_chambre_id: typeChambreId,
    type_chambre_libelle:
      seedTypesChambre.find((type) => type.id === typeChambreId)?.libelle ?? model.type_chambre_libelle,
    chambre: body.chambre ?? null,
    date_debut: start,
    date_fin: end,
    petit_dejeuner: body.petit_dejeuner ?? false,
    dejeuner: body.dejeuner ?? false,
    diner: body.diner ?? false,
    status_paf: body.status_paf ?? false,
    status_caf: body.status_caf ?? false,
    apec: false,
    version: 1,
    created_at: now,
    prolongee_par_id: null,
    etat_payment_paf: 'a_verifier',
    etat_payment_caf: 'a_verifier',
    nombre_nuits: 0,
    prolongable: false,
  };
  stays.push(created);
  extrasOf(created).nuitees = nightsOf(created, start, end, id * 1000);
  audit(created, actor, 'creation', [{ champ: 'statut', avant: null, apres: 'en_attente' }]);
  return {
    id_reservation_mere: parent.id,
    reservation_id: id,
    message: M.residentAdded,
  };
}

export const reservationDetailHandlers: RequestHandler[] = [...readHandlers, ...writeHandlers];
