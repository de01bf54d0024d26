import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COURRIEL_MESSAGES,
  DEMANDE_STATUTS,
  DEMANDE_TYPES,
  type CiblesAnswer,
  type CourrielAnswer,
  type CourrielListAnswer,
  type DemandeCountAnswer,
  type DemandeDetailAnswer,
  type DemandeListAnswer,
  type ResasPerDemandeAnswer,
  type TraitementAnswer,
  type SyncAnswer,
  SYNC_TASK_THRESHOLD,
  TASK_EVENT,
  type TaskEvent,
  type TaskListAnswer,
  type TaskQueuedAnswer,
  type TaskRapportAnswer,
} from '../../contract';
import { subscribeRealtime } from '../../notifications/realtime';
import { mockNotifications, resetNotificationMocks } from '../notifications/store';
import { mockTasks, resetTaskMocks } from '../tasks/store';
import { mockToken } from '../common/users';
import { mockDay } from '../reservations/list-fixtures';
import { freshDemandes } from './fixtures';
import { mockDemandes, resetDemandeMocks } from './store';

const TOKEN = mockToken();

async function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token: string | null = TOKEN,
) {
  const response = await fetch(`${window.location.origin}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const type = response.headers.get('Content-Type') ?? '';
  return {
    status: response.status,
    type,
    body: type.includes('json') ? await response.json() : await response.text(),
  };
}

beforeEach(() => resetDemandeMocks());

describe('request fixtures', () => {
  it('hold every kind in every state', () => {
    const rows = freshDemandes();
    for (const type of DEMANDE_TYPES)
      for (const statut of DEMANDE_STATUTS)
        expect(rows.some((d) => d.type === type && d.statut === statut)).toBe(true);
  });
});

describe('request mocks', () => {
  it('list with the action filter and count the open requests of each kind', async () => {
    const list = await call('POST', '/demandes_hebergement', {
      page: 1,
      pageSize: 100,
      action: 'traitement',
    });
    expect(list.status).toBe(200);
    const rows = (list.body as DemandeListAnswer).demandes;
    expect(rows.every((d) => d.type === 'nouvelle' && ['a_traiter', 'en_cours'].includes(d.statut))).toBe(
      true,
    );
    const count = (await call('GET', '/demandesNumber')).body as DemandeCountAnswer;
    expect(count.total_demande_a_traiter).toBe(rows.length);
    expect((await call('POST', '/demandes_hebergement', { page: 1, inconnu: 1 })).status).toBe(400);
    expect((await call('GET', '/demandesNumber', undefined, null)).status).toBe(401);
  });

  it('search case and accents aside, as the API: « recherche » and the column searches', async () => {
    const ids = async (filters: Record<string, unknown>) =>
      (
        (await call('POST', '/demandes_hebergement', { page: 1, pageSize: 100, ...filters }))
          .body as DemandeListAnswer
      ).demandes
        .map((d) => d.id)
        .sort((x, y) => x - y);
    const target = mockDemandes[0]!;
    target.pensionnaires[0]!.nom = 'Konaté';
    target.referent_nom = 'Hélène Müller';
    for (const recherche of ['konate', 'KONATÉ', 'kônate', 'helene muller', 'HÉLÈNE'])
      expect(await ids({ recherche }), recherche).toEqual([target.id]);
    expect(await ids({ pensionnaire: 'konate' })).toEqual([target.id]);
    expect(await ids({ referent: 'MULLER' })).toEqual([target.id]);
    // The resident's name and first name in either order.
    const prenom = target.pensionnaires[0]!.prenom;
    expect(await ids({ pensionnaire: `${prenom} konate` })).toEqual([target.id]);
    const departement = mockDemandes.filter((d) => d.client_id === 1).map((d) => d.id);
    expect(departement.length).toBeGreaterThan(0);
    expect(await ids({ client: 'DEPARTEMENTAL' })).toEqual(departement.sort((x, y) => x - y));
  });

  it('refuse an open request, then answer 409 in French', async () => {
    const open = mockDemandes.find((d) => d.type === 'nouvelle' && d.statut === 'a_traiter')!;
    expect((await call('PUT', `/demande_hebergement/${open.id}/refuser`, {})).status).toBe(400);
    expect((await call('PUT', `/demande_hebergement/${open.id}/refuser`, { motif: 'Complet' })).status).toBe(
      200,
    );
    const again = await call('PUT', `/demande_hebergement/${open.id}/refuser`, { motif: 'Complet' });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toMatch(/« refusée » : refus impossible/);
  });

  it('sync reports per request, unknown ids included', async () => {
    const [first] = mockDemandes;
    const answer = (await call('POST', '/demande_hebergement/sync', { demande_ids: [first!.id, 1] }))
      .body as SyncAnswer;
    expect(answer.resultats.map((r) => r.ok)).toEqual([true, false]);
  });

  it('sync answers as the API does: closed, re-aligned (state moved), to check, or already up to date', async () => {
    const open = (type: string) =>
      mockDemandes.find((d) => d.type === type && d.statut === 'a_traiter' && d.id % 3 === 0)!;
    const extension = open('prolongation');
    const closed = mockDemandes.find((d) => d.statut === 'refusee')!;
    const broken = mockDemandes.find(
      (d) => d.type === 'nouvelle' && d.statut === 'traitee' && d.id % 2 === 0,
    )!;
    const fresh = mockDemandes.find((d) => d.type === 'nouvelle' && d.statut === 'a_traiter')!;
    const answer = (
      await call('POST', '/demande_hebergement/sync', {
        demande_ids: [extension.id, closed.id, broken.id, fresh.id],
      })
    ).body as SyncAnswer;
    expect(answer.resultats.map((r) => [r.ok, r.message])).toEqual([
      [true, '2 modifications.'],
      [true, 'Demande close : rien à synchroniser.'],
      [false, 'Toutes les réservations de la demande ont été annulées depuis son traitement : à vérifier.'],
      [true, 'Déjà à jour.'],
    ]);
    expect(answer.resultats[0]!.changements).toContain('État : traitée (les réservations sont à jour).');
    expect(mockDemandes.find((d) => d.id === extension.id)!.statut).toBe('traitee');
    expect(answer.message).toBe('4 demandes synchronisées : 1 mise à jour, 1 à vérifier.');
  });

  it('answer the PDF of a request for /view-pdf: its latest document, or the one chosen among its own', async () => {
    const d = mockDemandes.find((row) => row.communications.length > 1)!;
    const [latest, older] = d.communications;
    const pdf = await call('GET', `/demande/communication/${d.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
    expect((await call('GET', `/demande/communication/${d.id}?communication=${older!.id}`)).status).toBe(200);
    // A communication id is not a request id.
    const byCommunication = await call('GET', `/demande/communication/${latest!.id}`);
    expect(byCommunication.status).toBe(404);
    const other = mockDemandes.find((row) => row.id !== d.id && row.communications.length > 0)!;
    const foreign = await call(
      'GET',
      `/demande/communication/${d.id}?communication=${other.communications[0]!.id}`,
    );
    expect(foreign.status).toBe(404);
    expect((foreign.body as { message: string }).message).toBe(
      `La communication n° ${other.communications[0]!.id} n'est pas un document de la demande n° ${d.id}.`,
    );
    const empty = mockDemandes.find((row) => row.communications.length === 0)!;
    const none = await call('GET', `/demande/communication/${empty.id}`);
    expect(none.status).toBe(404);
    expect((none.body as { message: string }).message).toBe(`Aucun document pour la demande n° ${empty.id}.`);
    expect((await call('GET', `/communication/${older!.id}/document`)).status).toBe(200);
    expect((await call('GET', '/communication/1/document')).status).toBe(404);
  });
});

describe('stays linked to the requests', () => {
  const open = (type: string, residents: number | null, cancelledSince: boolean) =>
    mockDemandes.find(
      (d) =>
        d.type === type &&
        d.statut === 'a_traiter' &&
        (residents === null || d.pensionnaires.length === residents) &&
        (d.cibles[0]?.statut === 'annulee') === cancelledSince,
    )!;
  const card = async (id: number) =>
    ((await call('GET', `/demande_hebergement/${id}`)).body as DemandeDetailAnswer).data;

  it('seed the targeted stays of extensions and cancellations, the stays of treated requests', () => {
    const rows = freshDemandes();
    for (const d of rows.filter((row) => row.type !== 'nouvelle'))
      expect(d.cibles.map((c) => c.pensionnaire_id)).toEqual(d.pensionnaires.map((p) => p.id));
    const extended = rows.find((d) => d.type === 'prolongation' && d.statut === 'traitee')!;
    expect(extended.reservations.map((r) => [r.type_resa, r.date_debut, r.date_fin])).toEqual(
      extended.cibles.map((c) => ['prolongation', c.date_fin, extended.date_fin]),
    );
    expect(extended.cibles.every((c) => c.prolongee_par_id !== null)).toBe(true);
    const treated = rows.find((d) => d.type === 'nouvelle' && d.statut === 'traitee')!;
    expect(treated.reservations).toHaveLength(treated.pensionnaires.length);
  });

  it('extend every targeted stay to the requested date (« Prolongée »), then answer 409', async () => {
    const d = open('prolongation', null, false);
    const n = d.pensionnaires.length;
    const answer = await call('POST', `/demande_hebergement/reservations_prolongation/${d.id}`, {});
    expect(answer.status).toBe(200);
    const body = answer.body as CiblesAnswer;
    expect(body.statut).toBe('traitee');
    expect(body.message).toBe(
      `Demande n° ${d.id} : ${n} réservation${n > 1 ? 's' : ''} prolongée${n > 1 ? 's' : ''}.`,
    );
    expect(body.resultats.every((r) => r.ok && r.prolongation_id !== null)).toBe(true);
    const after = await card(d.id);
    expect(after.statut).toBe('traitee');
    expect(after.reservations.map((r) => [r.role, r.date_fin])).toEqual(
      d.pensionnaires.map(() => ['produite', d.date_fin]),
    );
    expect(after.communications.map((c) => c.type_document)).toEqual(['bon_hebergement', 'prolongation']);
    const resas = (await call('POST', `/resas_per_demande/${d.id}`)).body as ResasPerDemandeAnswer;
    expect(resas.reservations).toHaveLength(2 * n);
    const again = await call('POST', `/demande_hebergement/reservations_prolongation/${d.id}`, {});
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toMatch(/« prolongée » : prolongation impossible/);
  });

  it('extend in part when a targeted stay was cancelled since (en cours), or not at all (409, nothing changed)', async () => {
    const partial = open('prolongation', 2, true);
    const answer = (await call('POST', `/demande_hebergement/reservations_prolongation/${partial.id}`, {}))
      .body as CiblesAnswer;
    expect(answer.statut).toBe('en_cours');
    expect(answer.resultats.map((r) => r.ok)).toEqual([false, true]);
    expect(answer.message).toBe(`Demande n° ${partial.id} : 1 réservation prolongée, 1 en échec.`);

    const none = open('prolongation', 1, true);
    const refused = await call('POST', `/demande_hebergement/reservations_prolongation/${none.id}`, {});
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      'Aucune réservation prolongée : 0 réservation prolongée, 1 en échec.',
    );
    const after = await card(none.id);
    expect(after.statut).toBe('a_traiter');
    expect(after.reservations).toEqual([]);
    expect(
      (await call('POST', `/demande_hebergement/reservations_prolongation/${none.id}`, { inconnu: 1 }))
        .status,
    ).toBe(400);
  });

  it('cancel the targeted stays from the requested date (« Annulation confirmée »), then answer 409', async () => {
    const d = open('annulation', 2, false);
    // The reason is required, as the API requires it.
    expect(await call('PUT', `/demande_hebergement/annulations/${d.id}`)).toMatchObject({
      status: 400,
      body: { message: 'Le champ motif est obligatoire.' },
    });
    expect(await call('PUT', `/demande_hebergement/annulations/${d.id}`, { motif: ' ' })).toMatchObject({
      status: 400,
      body: { message: "Le motif de l'annulation est obligatoire." },
    });
    const motif = { motif: 'Relogés par le 115' };
    const answer = await call('PUT', `/demande_hebergement/annulations/${d.id}`, motif);
    expect(answer.status).toBe(200);
    const body = answer.body as CiblesAnswer;
    expect(body.statut).toBe('traitee');
    // The stays started 5 days ago: they end on the cancellation date.
    expect(body.resultats.map((r) => r.message)).toEqual(
      d.cibles.map(
        (c) => `Réservation n° ${c.id} écourtée : départ le ${mockDay(2).split('-').reverse().join('/')}.`,
      ),
    );
    const after = await card(d.id);
    expect(after.cibles.map((c) => c.date_fin)).toEqual([mockDay(2), mockDay(2)]);
    // The letter last, after the notice to the hotel (sent to its address: kept in the outbox here).
    expect(after.communications.map((c) => c.type_document)).toEqual(['annulation', 'avis_etablissement']);
    expect(after.communications[1]).toMatchObject({
      destinataires: ['contact@hotelduparc-lyon.fr'],
      statut: 'non_transmise',
    });
    expect(body.communication_ids).toEqual(after.communications.map((c) => c.id));
    const again = await call('PUT', `/demande_hebergement/annulations/${d.id}`, motif);
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toMatch(
      /« annulation confirmée » : confirmation d'annulation impossible/,
    );
    const wrongKind = await call(
      'PUT',
      `/demande_hebergement/annulations/${open('prolongation', null, false).id}`,
      motif,
    );
    expect(wrongKind.status).toBe(409);
  });

  it('treat a new stay: one linked stay per resident, in the rooms chosen', async () => {
    const d = mockDemandes.find((row) => row.type === 'nouvelle' && row.statut === 'a_traiter')!;
    const [first] = d.pensionnaires;
    const body = {
      contrat_client_id: 1,
      etablissement_id: 1,
      contrat_etablissement_id: 6,
      chambres: [{ type_chambre_id: 2, pensionnaire_ids: [first!.id], chambre: '12' }],
    };
    expect(
      (
        await call('POST', `/demande_hebergement/reservations/${d.id}`, {
          ...body,
          chambres: [{ type_chambre_id: 2, pensionnaire_ids: [999_999] }],
        })
      ).status,
    ).toBe(400);
    const answer = await call('POST', `/demande_hebergement/reservations/${d.id}`, body);
    expect(answer.status).toBe(201);
    const after = await card(d.id);
    expect(after.reservations.map((r) => r.id)).toEqual((answer.body as TraitementAnswer).reservation_ids);
    expect(after.reservations[0]).toMatchObject({
      role: 'produite',
      etablissement_nom: 'Hôtel du Parc',
      type_chambre_libelle: 'Double',
      chambre: '12',
    });
  });
});

describe('a large request sync (mocked as the API runs it)', () => {
  beforeEach(() => {
    resetTaskMocks();
    resetNotificationMocks();
  });

  it('above SYNC_TASK_THRESHOLD answers 202 and syncs as a task: tache events, report, notification', async () => {
    const known = mockDemandes.map((d) => d.id);
    const unknown = Array.from({ length: SYNC_TASK_THRESHOLD + 1 - known.length }, (_, i) => 90_000 + i);
    const ids = [...known, ...unknown];
    expect(ids.length).toBe(SYNC_TASK_THRESHOLD + 1);
    const events: TaskEvent[] = [];
    const stop = subscribeRealtime<TaskEvent>(TASK_EVENT, (event) => events.push(event));
    try {
      const queued = await call('POST', '/demande_hebergement/sync', { demande_ids: ids });
      expect(queued.status).toBe(202);
      const { task_id: id, message } = queued.body as TaskQueuedAnswer;
      expect(message).toBe(
        `La synchronisation porte sur ${ids.length} demandes : elle se fait en arrière-plan (tâche n° ${id}). Suivez-la dans « Tâches » ; une notification vous préviendra.`,
      );
      expect(mockTasks[0]).toMatchObject({
        id,
        type: 'synchronisation_demandes',
        libelle: 'Synchronisation des demandes',
        statut: 'en_attente',
        demandeur: { id: 1, nom: 'Camille Martin' },
      });
      expect((await call('GET', `/tasks/${id}/rapport`)).status).toBe(404);

      await vi.waitFor(() => expect(events.at(-1)).toEqual({ id, statut: 'terminee', progression: 100 }), {
        timeout: 15_000,
        interval: 50,
      });
      const running = events.filter((e) => e.statut === 'en_cours');
      expect(running.length).toBeGreaterThan(1);
      const progress = events.map((e) => e.progression);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));

      const tasks = (await call('GET', '/tasks')).body as TaskListAnswer;
      const task = tasks.data.find((t) => t.id === id);
      expect(task?.resultat?.rapport).toBe(`/tasks/${id}/rapport`);
      const rapport = (await call('GET', `/tasks/${id}/rapport`)).body as TaskRapportAnswer;
      expect(rapport.resultats.map((r) => r.demande_id)).toEqual(ids);
      expect(rapport.message).toBe(task?.resultat?.message);
      expect(rapport.message).toContain(`À vérifier : n° `);
      // Row for row what the synchronous answer reports on the same requests (two calls at or below the threshold).
      resetDemandeMocks();
      const direct: SyncAnswer['resultats'] = [];
      for (const part of [ids.slice(0, SYNC_TASK_THRESHOLD), ids.slice(SYNC_TASK_THRESHOLD)])
        direct.push(
          ...((await call('POST', '/demande_hebergement/sync', { demande_ids: part })).body as SyncAnswer)
            .resultats,
        );
      expect(rapport.resultats).toEqual(direct);
      for (const missing of unknown)
        expect(rapport.resultats.find((r) => r.demande_id === missing)).toMatchObject({
          ok: false,
          message: `Demande n° ${missing} introuvable.`,
        });
      const [notification] = mockNotifications.items;
      expect(notification).toMatchObject({
        title: 'Tâche terminée',
        message: `Synchronisation des demandes (tâche n° ${id}) : ${rapport.message}`,
        lien: '/dashboard?taches=1',
      });
    } finally {
      stop();
    }
  });

  it('at the threshold answers at once with the report, no task', async () => {
    const ids = Array.from({ length: SYNC_TASK_THRESHOLD }, (_, i) => 80_000 + i);
    const before = mockTasks.length;
    const answer = await call('POST', '/demande_hebergement/sync', { demande_ids: ids });
    expect(answer.status).toBe(200);
    expect((answer.body as SyncAnswer).resultats).toHaveLength(SYNC_TASK_THRESHOLD);
    expect(mockTasks).toHaveLength(before);
  });
});

describe('sending and the outbox (issue 35), as the API answers without an SMTP server', () => {
  const vouchers = () =>
    mockDemandes.flatMap((d) => d.communications).filter((c) => c.type_document === 'bon_hebergement');

  it('a voucher for a hotel without an address asks for a recipient, then is kept for the typed one', async () => {
    const voucher = vouchers().find((c) => c.destinataires.length === 0)!;
    expect(voucher).toBeDefined();
    const none = await call('POST', `/communication/send/${voucher.id}`);
    expect(none).toMatchObject({ status: 400, body: { message: COURRIEL_MESSAGES.noRecipient } });
    const bad = await call('POST', `/communication/send/${voucher.id}`, {
      destinataires: ['reception@hotel.fr', 'réception'],
    });
    expect(bad.body).toEqual({
      message: "L'élément n° 2 du champ destinataires doit être une adresse e-mail valide.",
      champ: 'destinataires.1',
    });
    const sent = await call('POST', `/communication/send/${voucher.id}`, {
      destinataires: ['reception@hotel.fr'],
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      envoi: 'conserve',
      message: COURRIEL_MESSAGES.kept(voucher.objet),
      data: { destinataires: ['reception@hotel.fr'], statut: 'non_transmise' },
    });
  });

  it('opens an e-mail with its text and attachment; a confidential one keeps both hidden', async () => {
    const list = (await call('GET', '/courriels?page=1&pageSize=100')).body as CourrielListAnswer;
    const withFile = list.data.find((c) => c.pieces_jointes.length > 0 && !c.confidentiel)!;
    const detail = (await call('GET', `/courriels/${withFile.id}`)).body as CourrielAnswer;
    expect(detail.data.texte).toContain(withFile.objet);
    const file = await call('GET', `/courriels/${withFile.id}/pieces-jointes/0`);
    expect(file.type).toContain('application/pdf');

    const secret = list.data.find((c) => c.confidentiel)!;
    const hidden = (await call('GET', `/courriels/${secret.id}`)).body as CourrielAnswer;
    expect(hidden.data.texte).toBe(COURRIEL_MESSAGES.confidentialText);
    expect((await call('GET', '/courriels/999999')).status).toBe(404);
  });
});
