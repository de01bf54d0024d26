import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  COMMUNICATION_MESSAGES,
  COURRIEL_MESSAGES,
  DEMANDES_MESSAGES as D,
  AnnulationDemandeBody,
  AUDIT_ACTION_LABELS,
  COMMUNICATION_PATHS,
  COMMUNICATIONS_PAR_TYPE,
  CommunicationCreateBody,
  CommunicationSendBody,
  DEMANDE_ACTION_FILTERS,
  DEMANDE_TYPE_LABELS,
  DEMANDES_PATHS as PATHS,
  DemandeCreateBody,
  DemandeListBody,
  MOTIF_ANNULATION_REQUIS,
  demandeStatutLabel,
  ProlongationDemandeBody,
  RefusBody,
  SYNC_TASK_THRESHOLD,
  SyncBody,
  syncMessage,
  TraitementBody,
  type AuditAction,
  type Communication,
  NON_TRANSMIS_SANS_SMTP,
  type Courriel,
  type CourrielStatut,
  type DemandeDetail,
  type DemandeStatut,
  type HistoriqueEntry,
  type ResultatCible,
  type SyncResultat,
} from '../../contract';
import { api, claimsOf, fail, json, readJson, requireSession, validBody } from '../common/http';
import { seedEtablissements } from '../referentiel/fixtures';
import { mockDay } from '../reservations/list-fixtures';
import { itemOf, MOCK_EXPEDITEUR, MOCK_PDF, mockMailText, voucherRecipients, withActions } from './fixtures';
import { bookStays, cancelCibles, extendCibles, summary } from './stays';
import { mockDemandes, mockOtherCourriels } from './store';
import { startMockSyncTask } from './sync-task';
import { containsText } from '../../format/search';
import { residentNames } from '../common/list-handlers';

/**
 * The accommodation-request mocks (spec §7 « Accommodation requests », « Communication »), in memory over
 * `store.ts`, with the API's rules: the state machine (409 in French), per-row sync results, the PDF of /view-pdf.
 */

const lower = (value: string) => value.toLocaleLowerCase('fr');
/** The list's « recherche », as the API reads it: the referent's name or e-mail, a resident's names or file number. */
const matchesRecherche = (d: DemandeDetail, text: string) =>
  containsText(d.referent_nom, text) ||
  containsText(d.referent_email, text) ||
  d.pensionnaires.some(
    (p) => containsText(residentNames(p.nom, p.prenom), text) || containsText(p.numero_dossier, text),
  );
const idOf = (params: Record<string, unknown>) => Number(params.id);
const find = (id: number) => mockDemandes.find((d) => d.id === id);
const notFound = (id: number) => fail(404, D.notFound(id));
const isOpen = (statut: DemandeStatut) => statut === 'a_traiter' || statut === 'en_cours';
const conflict = (d: DemandeDetail, action: string) =>
  fail(409, D.transition(d.id, lower(demandeStatutLabel(d.type, d.statut)), action));
const wrongKind = (d: DemandeDetail, action: string) =>
  fail(409, D.wrongKind(d.id, lower(DEMANDE_TYPE_LABELS[d.type]), action));

let nextId = 9000;
const now = () => new Date().toISOString();

/** A history entry, as the API's audit trail gives it (newest first), labelled by the shared action labels. */
function record(
  d: DemandeDetail,
  entite: 'demande_hebergement' | 'communication',
  entiteId: number,
  action: AuditAction,
  changements: HistoriqueEntry['changements'],
) {
  d.historique.unshift({
    id: (nextId += 1),
    date: now(),
    entite,
    entite_id: String(entiteId),
    action,
    libelle: AUDIT_ACTION_LABELS[action],
    acteur: { type: 'user', id: 1, nom: 'Agent Démo' },
    changements,
  });
}

function move(
  d: DemandeDetail,
  statut: DemandeStatut,
  action: AuditAction,
  extra: Partial<DemandeDetail> = {},
) {
  const before = d.statut;
  Object.assign(d, extra, { statut, updated_at: now() });
  Object.assign(d, withActions(d));
  record(d, 'demande_hebergement', d.id, action, [{ champ: 'statut', avant: before, apres: statut }]);
}

/** Who a document goes to by default: the hotel of the request's stays for a voucher, the referent otherwise. */
function defaultRecipients(d: DemandeDetail, type: Communication['type_document']): string[] {
  if (type !== 'bon_hebergement') return [d.referent_email ?? d.client_email ?? 'client@example.fr'];
  const stay = d.reservations[0] ?? d.cibles[0];
  const hotel = seedEtablissements.find((h) => h.nom === stay?.etablissement_nom);
  return hotel ? voucherRecipients(hotel.id) : [];
}

function prepare(d: DemandeDetail, type: Communication['type_document'], destinataires?: string[]) {
  const communication: Communication = {
    id: (nextId += 1),
    demande_id: d.id,
    pensionnaire_id: null,
    type_document: type,
    objet: `Demande n° ${d.id} — ${type}`,
    destinataires: destinataires ?? defaultRecipients(d, type),
    statut: 'preparee',
    tentatives: 0,
    derniere_erreur: null,
    envoye_at: null,
    document_nom: `demande-${d.id}-${type}.pdf`,
    created_at: now(),
    created_by: 'Agent Démo',
  };
  d.communications.unshift(communication);
  record(d, 'communication', communication.id, 'preparation', [
    { champ: 'type_document', avant: null, apres: type },
  ]);
  return communication;
}

/**
 * The API's hotel notices of a cancellation: one per hotel of the stays, e-mailed to its address (kept in the
 * outbox here, as the API without SMTP), or kept unsent with the reason when the hotel has none.
 */
function hotelNotices(d: DemandeDetail): Communication[] {
  const hotels = [...new Map(d.cibles.map((c) => [c.etablissement_id, c.etablissement_nom])).entries()];
  return hotels.map(([id, nom]) => {
    const email = seedEtablissements.find((e) => e.id === id)?.email ?? null;
    const notice = prepare(d, 'avis_etablissement', email === null ? [] : [email]);
    if (email !== null) {
      sendCommunication(notice);
      return notice;
    }
    notice.derniere_erreur = `Non envoyé : l'établissement ${nom} n'a pas d'adresse électronique. Ajoutez-la à sa fiche, puis cliquez sur « Envoyer ».`;
    return notice;
  });
}

/** An optional JSON body (none, or `{}`), checked against its schema. */
async function optionalBody<T>(request: Request, schema: Parameters<typeof validBody>[1]) {
  const denied = requireSession(request);
  if (denied) return denied;
  const raw = (await readJson(request)) ?? {};
  return validBody<T>(new Request(request.url, { method: 'POST', body: JSON.stringify(raw) }), schema);
}

/**
 * The end of an extension or a cancellation, as the API's: none done → 409 with the reasons (nothing changed);
 * all → `traitee`, some → `en_cours`; the request's documents prepared.
 */
function settle(
  d: DemandeDetail,
  resultats: ResultatCible[],
  participe: string,
  action: AuditAction,
  documents: () => Communication[],
) {
  const ok = resultats.filter((r) => r.ok).length;
  if (ok === 0)
    return json(409, {
      message: D.noneDone(participe, summary(resultats, participe)),
      resultats,
    });
  const statut: DemandeStatut = ok === resultats.length ? 'traitee' : 'en_cours';
  move(d, statut, action, { nombre_reservations: d.cibles.length + d.reservations.length });
  const communications = documents();
  return json(200, {
    message: D.done(d.id, summary(resultats, participe)),
    statut,
    resultats,
    communication_ids: communications.map((c) => c.id),
  });
}

const allCommunications = () => mockDemandes.flatMap((d) => d.communications);
const pdf = () => new HttpResponse(MOCK_PDF, { status: 200, headers: { 'content-type': 'application/pdf' } });

/**
 * Sends a communication as the API does without an SMTP server: kept in the outbox, not transmitted — and said so
 * (`envoi: 'conserve'`). 400 without any recipient (a voucher for a hotel without an address).
 */
function sendCommunication(communication: Communication, destinataires?: string[]) {
  const before = communication.statut;
  const to = destinataires ?? communication.destinataires;
  if (to.length === 0) return fail(400, COURRIEL_MESSAGES.noRecipient);
  Object.assign(communication, {
    destinataires: to,
    statut: 'non_transmise',
    tentatives: communication.tentatives + 1,
    derniere_erreur: NON_TRANSMIS_SANS_SMTP,
  });
  const d = communication.demande_id === null ? undefined : find(communication.demande_id);
  if (d)
    record(d, 'communication', communication.id, 'envoi', [
      { champ: 'statut', avant: before, apres: communication.statut },
    ]);
  return json(200, {
    message: COURRIEL_MESSAGES.kept(communication.objet),
    envoi: 'conserve',
    data: communication,
  });
}

const COURRIEL_STATUT_OF = {
  envoyee: 'envoye',
  non_transmise: 'non_transmis',
  echec: 'echec',
} as const satisfies Partial<Record<Communication['statut'], CourrielStatut>>;

/** The outbox of the mocks: one e-mail per communication sent at least once (its id is the communication's). */
function mockCourriels(): Courriel[] {
  return allCommunications()
    .filter(
      (c): c is Communication & { statut: keyof typeof COURRIEL_STATUT_OF } => c.statut in COURRIEL_STATUT_OF,
    )
    .map((c): Courriel => ({
      id: c.id,
      statut: COURRIEL_STATUT_OF[c.statut],
      transport: c.statut === 'non_transmise' ? 'boite_locale' : 'smtp',
      expediteur: MOCK_EXPEDITEUR,
      destinataires: c.destinataires,
      objet: c.objet,
      tentatives: c.tentatives,
      derniere_erreur: c.derniere_erreur,
      envoye_at: c.envoye_at,
      communication_id: c.id,
      pieces_jointes: c.document_nom ? [{ index: 0, nom: c.document_nom, taille: MOCK_PDF.length }] : [],
      confidentiel: false,
      created_at: c.created_at,
    }))
    .concat(mockOtherCourriels)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/**
 * POST /demande_hebergement/sync for one request, as the API's sync-service answers (closed → nothing to do; an open
 * extension or cancellation whose stays were already changed from the reservation screens → treated; a treated new
 * stay whose stays were all cancelled since → to check). Which open requests had their stays changed is decided by
 * their number (one in three), so that the mocks show every kind of answer.
 */
function syncOne(d: DemandeDetail): SyncResultat {
  const id = d.id;
  if (d.statut === 'refusee' || d.statut === 'annulee')
    return {
      demande_id: id,
      ok: true,
      etat: 'a_jour',
      changements: [],
      message: D.syncClosed,
    };
  if (isOpen(d.statut) && d.type !== 'nouvelle' && id % 3 === 0) {
    const changements = [
      ...(d.type === 'prolongation' ? [`Prolongation n° ${9000 + id} liée à la demande.`] : []),
      'État : traitée (les réservations sont à jour).',
    ];
    Object.assign(d, withActions({ ...d, statut: 'traitee' }));
    return {
      demande_id: id,
      ok: true,
      etat: 'mise_a_jour',
      changements,
      message: D.syncChanges(changements.length),
    };
  }
  if (d.statut === 'traitee' && d.type === 'nouvelle' && id % 2 === 0)
    return {
      demande_id: id,
      ok: false,
      etat: 'a_verifier',
      changements: [],
      message: D.syncAllCancelled,
    };
  return { demande_id: id, ok: true, etat: 'a_jour', changements: [], message: D.syncUpToDate };
}

/** One request of a sync (unknown ids included), as the API's sync-service reports it. */
function syncRow(id: number): SyncResultat {
  const d = find(id);
  if (!d)
    return {
      demande_id: id,
      ok: false,
      etat: 'introuvable',
      changements: [],
      message: D.notFound(id),
    };
  return syncOne(d);
}

export const demandesHandlers: RequestHandler[] = [
  http.get(api(COMMUNICATION_PATHS.courriels), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('pageSize') ?? 20);
    const statut = url.searchParams.get('statut');
    const rows = mockCourriels().filter((c) => statut === null || c.statut === statut);
    return json(200, { data: rows.slice((page - 1) * size, page * size), total: rows.length });
  }),

  http.get(api(`${COMMUNICATION_PATHS.courriels}/:id`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const courriel = mockCourriels().find((c) => c.id === idOf(params));
    if (!courriel) return fail(404, COURRIEL_MESSAGES.notFound(idOf(params)));
    const texte = courriel.confidentiel ? COURRIEL_MESSAGES.confidentialText : mockMailText(courriel.objet);
    return json(200, { data: { ...courriel, texte } });
  }),

  http.get(api(`${COMMUNICATION_PATHS.courriels}/:id/pieces-jointes/:index`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const courriel = mockCourriels().find((c) => c.id === idOf(params));
    const attachment = courriel?.pieces_jointes.find((p) => p.index === Number(params.index));
    if (!courriel || !attachment) return fail(404, COURRIEL_MESSAGES.attachmentNotFound);
    if (courriel.confidentiel) return fail(403, COURRIEL_MESSAGES.confidentialAttachment);
    return new HttpResponse(MOCK_PDF, {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${attachment.nom}"`,
      },
    });
  }),

  http.post(api(`${COMMUNICATION_PATHS.courriels}/:id/renvoyer`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const id = idOf(params);
    const other = mockOtherCourriels.find((c) => c.id === id);
    if (other) other.tentatives += 1;
    const communication = allCommunications().find((c) => c.id === id);
    if (!other && (!communication || !(communication.statut in COURRIEL_STATUT_OF)))
      return fail(404, COURRIEL_MESSAGES.notFound(id));
    if (communication?.statut === 'envoyee') return fail(409, COURRIEL_MESSAGES.alreadySent(id));
    if (communication) sendCommunication(communication);
    const courriel = mockCourriels().find((c) => c.id === id)!;
    return json(200, { message: COURRIEL_MESSAGES.kept(courriel.objet), envoi: 'conserve', data: courriel });
  }),

  http.post(api(PATHS.list), async ({ request }) => {
    const body = await (requireSession(request) ?? validBody<DemandeListBody>(request, DemandeListBody));
    if (body instanceof Response) return body;
    const statuts = body.statut === undefined ? null : [body.statut].flat();
    const rows = mockDemandes.filter(
      (d) =>
        (body.action === undefined ||
          (d.type === DEMANDE_ACTION_FILTERS[body.action].type && isOpen(d.statut))) &&
        (statuts === null || statuts.includes(d.statut)) &&
        (body.type === undefined || d.type === body.type) &&
        (body.client_id === undefined || d.client_id === body.client_id) &&
        (body.pensionnaire_id === undefined || d.pensionnaires.some((p) => p.id === body.pensionnaire_id)) &&
        (body.foyer_id === undefined || d.pensionnaires.some((p) => p.foyer_id === body.foyer_id)) &&
        (body.urgente === undefined || d.urgente === body.urgente) &&
        (body.origine === undefined || d.origine === body.origine) &&
        (body.start_date === undefined || d.date_fin > body.start_date) &&
        (body.end_date === undefined || d.date_debut < body.end_date) &&
        containsText(d.client_nom, body.client) &&
        (containsText(d.referent_nom, body.referent) || containsText(d.referent_email, body.referent)) &&
        containsText(`${d.id} ${d.reference_externe ?? ''}`, body.reference) &&
        (body.pensionnaire === undefined ||
          d.pensionnaires.some((p) => containsText(residentNames(p.nom, p.prenom), body.pensionnaire))) &&
        (body.recherche === undefined || matchesRecherche(d, body.recherche)),
    );
    const sort = body.sort ?? 'created_at';
    const direction = (body.order ?? 'desc') === 'asc' ? 1 : -1;
    const key = (d: DemandeDetail) =>
      sort === 'client' ? d.client_nom : (d[sort] as string | number | boolean);
    rows.sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : b.id - a.id));
    const page = body.page ?? 1;
    const size = body.pageSize ?? 20;
    return json(200, {
      demandes: rows.slice((page - 1) * size, page * size).map(itemOf),
      total: rows.length,
    });
  }),

  http.get(api(PATHS.count), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const count = (type: DemandeDetail['type']) =>
      mockDemandes.filter((d) => d.type === type && isOpen(d.statut)).length;
    return json(200, {
      total_demande_a_traiter: count('nouvelle'),
      total_demande_a_annuler: count('annulation'),
      total_demande_a_prolonger: count('prolongation'),
    });
  }),

  http.post(api(PATHS.sync), async ({ request }) => {
    const body = await (requireSession(request) ?? validBody<SyncBody>(request, SyncBody));
    if (body instanceof Response) return body;
    const ids = body.demande_ids;
    if (ids.length > SYNC_TASK_THRESHOLD) {
      // As the API: too many to wait for, a task for its caller (the report in « Tâches »).
      const claims = claimsOf(request);
      const task = startMockSyncTask(
        ids,
        { id: Number(claims?.sub), nom: typeof claims?.name === 'string' ? claims.name : '' },
        syncRow,
        syncMessage,
      );
      return json(202, {
        message: D.syncInBackground(ids.length, task.id),
        task_id: task.id,
      });
    }
    const resultats = ids.map(syncRow);
    return json(200, { message: syncMessage(resultats), resultats });
  }),

  http.post(api(PATHS.one), async ({ request }) => {
    const body = await (requireSession(request) ?? validBody<DemandeCreateBody>(request, DemandeCreateBody));
    if (body instanceof Response) return body;
    const id = (nextId += 1);
    const template = mockDemandes[0]!;
    const demande = withActions({
      ...template,
      id,
      type: body.type,
      statut: 'a_traiter',
      origine: 'saisie',
      urgente: body.urgente ?? false,
      client_id: body.client_id,
      date_debut: body.date_debut ?? mockDay(0),
      date_fin: body.date_fin ?? body.date_annulation ?? mockDay(1),
      pensionnaires: (body.nouveaux_pensionnaires ?? []).map((p, index) => ({
        id: id * 10 + index,
        nom: p.nom,
        prenom: p.prenom,
        numero_dossier: p.numero_dossier,
        date_naissance: null,
        sexe: p.sexe,
        foyer_id: null,
      })),
      referent_nom: body.referent_nom ?? null,
      referent_email: body.referent_email ?? null,
      reference_externe: body.reference_externe ?? null,
      created_at: now(),
      updated_at: now(),
      age_jours: 0,
      communications: [],
      historique: [],
      cibles: [],
      reservations: [],
      nombre_reservations: 0,
      motif_refus: null,
    });
    demande.nombre_personnes = Math.max(
      1,
      demande.pensionnaires.length + (body.pensionnaire_ids?.length ?? 0),
    );
    mockDemandes.unshift(demande);
    return json(201, { message: D.created(id), data: itemOf(demande) });
  }),

  http.get(api(`${PATHS.one}/:id`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const d = find(idOf(params));
    return d ? json(200, { data: d }) : notFound(idOf(params));
  }),

  http.put(api(`${PATHS.one}/:id/refuser`), async ({ request, params }) => {
    const body = await (requireSession(request) ?? validBody<RefusBody>(request, RefusBody));
    if (body instanceof Response) return body;
    const d = find(idOf(params));
    if (!d) return notFound(idOf(params));
    if (!isOpen(d.statut)) return conflict(d, 'refus');
    move(d, 'refusee', 'refus', { motif_refus: body.motif });
    const letter = prepare(d, 'refus');
    return json(200, { message: D.refused(d.id), communication_ids: [letter.id] });
  }),

  http.post(api(`${PATHS.reservations}/:id`), async ({ request, params }) => {
    const body = await (requireSession(request) ?? validBody<TraitementBody>(request, TraitementBody));
    if (body instanceof Response) return body;
    const d = find(idOf(params));
    if (!d) return notFound(idOf(params));
    if (d.type !== 'nouvelle') return wrongKind(d, 'traitement');
    if (!isOpen(d.statut)) return conflict(d, 'traitement');
    const named = new Set(d.pensionnaires.map((p) => p.id));
    const placed = body.chambres.flatMap((c) => c.pensionnaire_ids);
    const stranger = placed.find((id) => !named.has(id));
    if (stranger !== undefined) return fail(400, D.notNamed(stranger));
    const twice = placed.find((id, index) => placed.indexOf(id) !== index);
    if (twice !== undefined) return fail(400, D.placedTwice(twice));
    const stays = bookStays(d, body, () => (nextId += 1));
    d.reservations.push(...stays);
    move(d, 'traitee', 'traitement', { nombre_reservations: stays.length });
    const communications = [prepare(d, 'confirmation'), prepare(d, 'bon_hebergement')];
    return json(201, {
      message: D.treated(d.id, stays.length, stays[0]!.id_reservation_mere),
      id_reservation_mere: stays[0]!.id_reservation_mere,
      reservation_ids: stays.map((r) => r.id),
      communication_ids: communications.map((c) => c.id),
    });
  }),

  http.post(api(`${PATHS.prolongation}/:id`), async ({ request, params }) => {
    const body = await optionalBody<ProlongationDemandeBody>(request, ProlongationDemandeBody);
    if (body instanceof Response) return body;
    const d = find(idOf(params));
    if (!d) return notFound(idOf(params));
    if (d.type !== 'prolongation') return wrongKind(d, 'prolongation');
    if (!isOpen(d.statut)) return conflict(d, 'prolongation');
    const endDate = body.end_date ?? d.date_fin;
    if (endDate <= d.date_debut) return fail(400, D.newEndNotAfter(d.date_debut));
    const { resultats, created } = extendCibles(d, endDate, body.reservation_ids);
    return settle(d, resultats, 'prolongée', 'prolongation', () =>
      created.length > 0 ? [prepare(d, 'prolongation'), prepare(d, 'bon_hebergement')] : [],
    );
  }),

  http.put(api(`${PATHS.annulations}/:id`), async ({ request, params }) => {
    const body = await optionalBody<AnnulationDemandeBody>(request, AnnulationDemandeBody);
    if (body instanceof Response) return body;
    if (!body.motif.trim()) return fail(400, MOTIF_ANNULATION_REQUIS);
    const d = find(idOf(params));
    if (!d) return notFound(idOf(params));
    if (d.type !== 'annulation') return wrongKind(d, "confirmation d'annulation");
    if (!isOpen(d.statut)) return conflict(d, "confirmation d'annulation");
    const { resultats } = cancelCibles(d, body.date_annulation ?? d.date_debut, body.reservation_ids);
    return settle(d, resultats, 'annulée', 'annulation', () => {
      const notices = hotelNotices(d);
      return [prepare(d, 'annulation'), ...notices];
    });
  }),

  http.post(api(`${PATHS.resas}/:id`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const d = find(idOf(params));
    return d ? json(200, { reservations: [...d.cibles, ...d.reservations] }) : notFound(idOf(params));
  }),

  http.get(api(`${PATHS.previous}/:id`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const d = find(idOf(params));
    if (!d) return notFound(idOf(params));
    const residents = new Set(d.pensionnaires.map((p) => p.id));
    const previous = mockDemandes.filter(
      (other) =>
        other.id !== d.id &&
        other.created_at < d.created_at &&
        other.pensionnaires.some((p) => residents.has(p.id)),
    );
    return json(200, { demandes: previous.map(itemOf) });
  }),

  http.post(api(`${COMMUNICATION_PATHS.create}/:id`), async ({ request, params }) => {
    const body = await (requireSession(request) ??
      validBody<CommunicationCreateBody>(request, CommunicationCreateBody));
    if (body instanceof Response) return body;
    const d = find(idOf(params));
    if (!d) return notFound(idOf(params));
    if (!COMMUNICATIONS_PAR_TYPE[d.type].includes(body.type_document))
      return fail(400, COMMUNICATION_MESSAGES.wrongType(body.type_document, d.type));
    const communication = prepare(d, body.type_document, body.destinataires);
    if (body.envoyer === false)
      return json(201, {
        message: COMMUNICATION_MESSAGES.prepared(communication.objet),
        data: communication,
      });
    if (communication.destinataires.length === 0)
      return json(201, {
        message: COMMUNICATION_MESSAGES.preparedNoRecipient(communication.objet),
        data: communication,
      });
    const sent = sendCommunication(communication);
    return json(201, await sent.json());
  }),

  http.post(api(`${COMMUNICATION_PATHS.send}/:id`), async ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const raw = (await readJson(request)) ?? {};
    const check = await validBody<CommunicationSendBody>(
      new Request(request.url, { method: 'POST', body: JSON.stringify(raw) }),
      CommunicationSendBody,
    );
    if (check instanceof Response) return check;
    const communication = allCommunications().find((c) => c.id === idOf(params));
    if (!communication) return fail(404, COMMUNICATION_MESSAGES.notFound(idOf(params)));
    return sendCommunication(communication, check.destinataires);
  }),

  http.get(api(`${COMMUNICATION_PATHS.pensionnaire}/:id`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const id = idOf(params);
    const communications = mockDemandes
      .filter((d) => d.pensionnaires.some((p) => p.id === id))
      .flatMap((d) => d.communications);
    return json(200, { communications });
  }),

  http.get(api(`${COMMUNICATION_PATHS.one}/:id`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const communication = allCommunications().find((c) => c.id === idOf(params));
    return communication
      ? json(200, { data: { ...communication, courriels: [] } })
      : fail(404, COMMUNICATION_MESSAGES.notFound(idOf(params)));
  }),

  // The request's latest document, or the one `?communication=` names among its documents (as the API).
  http.get(api(`${COMMUNICATION_PATHS.document}/:id`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const d = find(idOf(params));
    if (!d) return notFound(idOf(params));
    const chosen = new URL(request.url).searchParams.get('communication');
    const documents = d.communications.filter((c) => c.document_nom !== null);
    const document = chosen === null ? documents[0] : documents.find((c) => String(c.id) === chosen);
    if (!document)
      return fail(
        404,
        chosen === null
          ? `Aucun document pour la demande n° ${d.id}.`
          : `La communication n° ${chosen} n'est pas un document de la demande n° ${d.id}.`,
      );
    return pdf();
  }),

  http.get(api(`${COMMUNICATION_PATHS.one}/:id/document`), ({ request, params }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const communication = allCommunications().find((c) => c.id === idOf(params));
    if (!communication) return fail(404, COMMUNICATION_MESSAGES.notFound(idOf(params)));
    return pdf();
  }),
];
