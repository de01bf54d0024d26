/**
 * Spec §7 « Accommodation requests », every call: creation, list and counters, card, refusal, treatment (through
 * the booking service, once even under 20 concurrent calls), extension, cancellation, sync, previous requests,
 * and the audit rows written with each action. Dates are computed from the Paris today (write-fixtures).
 */
import { sql } from 'drizzle-orm';
import type {
  CiblesAnswer,
  DemandeCountAnswer,
  DemandeCreateAnswer,
  DemandeDetailAnswer,
  DemandeListAnswer,
  HistoriquesAnswer,
  ResasPerDemandeAnswer,
  SyncAnswer,
  TraitementAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import {
  book,
  buildWorld,
  call,
  day,
  occupied,
  residents,
  stayOf,
  type World,
} from '../../../test/fixtures/reservations-write';
import { rowsOf } from '../../db/raw';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

async function create(body: Record<string, unknown>, token = w.agent) {
  const response = await call(w, 'POST', '/demande_hebergement', { client_id: w.client.id, ...body }, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DemandeCreateAnswer>().data;
}

async function nouvelle(count = 2, overrides: Record<string, unknown> = {}) {
  const ids = await residents(w, count);
  const demande = await create({
    type: 'nouvelle',
    pensionnaire_ids: ids,
    date_debut: day(10),
    date_fin: day(13),
    ...overrides,
  });
  return { demande, ids };
}

const treatBody = (ids: number[], overrides: Record<string, unknown> = {}) => ({
  contrat_client_id: w.cc.id,
  etablissement_id: w.hotel.id,
  contrat_etablissement_id: w.ce.id,
  chambres: [{ type_chambre_id: w.double.id, pensionnaire_ids: ids }],
  ...overrides,
});

const auditOf = (id: number) =>
  rowsOf<{ action: string }>(
    w.app.db,
    sql`select action from audit_log where entity = 'demande_hebergement' and entity_id = ${String(id)} order by id`,
  );

const detail = async (id: number) => {
  const response = await call(w, 'GET', `/demande_hebergement/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DemandeDetailAnswer>().data;
};

describe('POST /demande_hebergement (staff creation)', () => {
  it('creates a new-stay request à traiter, with its residents, wishes and an audit row', async () => {
    const { demande, ids } = await nouvelle(2, {
      urgente: true,
      referent_nom: 'Mme Martin',
      referent_email: 'martin@example.fr',
      souhaits: { ville: 'Lyon', petit_dejeuner: true, remarques: 'Rez-de-chaussée' },
    });
    expect(demande).toMatchObject({
      type: 'nouvelle',
      statut: 'a_traiter',
      urgente: true,
      nombre_personnes: 2,
    });
    const card = await detail(demande.id);
    expect(card.pensionnaires.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(card.souhaits).toMatchObject({
      ville: 'Lyon',
      petit_dejeuner: true,
      remarques: 'Rez-de-chaussée',
    });
    expect(card.actions).toMatchObject({ traiter: true, refuser: true, prolonger: false });
    expect((await auditOf(demande.id)).map((row) => row.action)).toContain('creation');
  });

  it('creates new residents with a new household', async () => {
    const demande = await create({
      type: 'nouvelle',
      date_debut: day(5),
      date_fin: day(8),
      nouveau_foyer: 'Famille Traoré',
      nouveaux_pensionnaires: [
        { nom: 'Traoré', prenom: 'Awa', sexe: 'F', numero_dossier: `TR-${Date.now()}` },
      ],
    });
    const card = await detail(demande.id);
    expect(card.foyer?.nom).toBe('Famille Traoré');
    expect(card.pensionnaires[0]).toMatchObject({ nom: 'Traoré', foyer_id: card.foyer?.id });
  });

  it('answers 400 in French for an inverted period, a missing resident or an unknown field; 401 without token', async () => {
    const [resident = 0] = await residents(w, 1);
    const base = { client_id: w.client.id, type: 'nouvelle', pensionnaire_ids: [resident] };
    const inverted = await call(w, 'POST', '/demande_hebergement', {
      ...base,
      date_debut: day(10),
      date_fin: day(9),
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json<{ message: string }>().message).toMatch(/date de départ/);
    const none = await call(w, 'POST', '/demande_hebergement', {
      ...base,
      pensionnaire_ids: [],
      date_debut: day(10),
      date_fin: day(12),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toMatch(/au moins un pensionnaire/);
    const unknown = await call(w, 'POST', '/demande_hebergement', {
      ...base,
      date_debut: day(10),
      date_fin: day(12),
      champInconnu: 1,
    });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await call(w, 'POST', '/demande_hebergement', base, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an unknown client', async () => {
    const response = await call(w, 'POST', '/demande_hebergement', {
      type: 'nouvelle',
      client_id: 999_999,
      pensionnaire_ids: [1],
      date_debut: day(1),
      date_fin: day(2),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /demandes_hebergement and GET /demandesNumber', () => {
  it('lists with the action filter and counts the open requests of each kind', async () => {
    const before = (await call(w, 'GET', '/demandesNumber')).json<DemandeCountAnswer>();
    const { demande } = await nouvelle(1);
    const after = (await call(w, 'GET', '/demandesNumber')).json<DemandeCountAnswer>();
    expect(after.total_demande_a_traiter).toBe(before.total_demande_a_traiter + 1);
    expect(after.total_demande_a_annuler).toBe(before.total_demande_a_annuler);

    const list = await call(w, 'POST', '/demandes_hebergement', {
      page: 1,
      pageSize: 50,
      action: 'traitement',
    });
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json<DemandeListAnswer>();
    expect(answer.demandes.some((d) => d.id === demande.id)).toBe(true);
    expect(answer.demandes.every((d) => d.type === 'nouvelle')).toBe(true);
    expect(answer.total).toBeGreaterThanOrEqual(answer.demandes.length);

    const other = await call(w, 'POST', '/demandes_hebergement', {
      page: 1,
      pageSize: 50,
      action: 'annulation',
    });
    expect(other.json<DemandeListAnswer>().demandes.some((d) => d.id === demande.id)).toBe(false);
  });

  it('searches a resident, pages and refuses an unknown filter with 400', async () => {
    const [resident = 0] = await residents(w, 1);
    const name = `Zébulon${Date.now()}`;
    await w.app.db.execute(sql`update pensionnaires set nom = ${name} where id = ${resident}`);
    const demande = await create({
      type: 'nouvelle',
      pensionnaire_ids: [resident],
      date_debut: day(3),
      date_fin: day(4),
    });
    const found = await call(w, 'POST', '/demandes_hebergement', {
      page: 1,
      pageSize: 10,
      recherche: name.toLowerCase(),
    });
    expect(found.json<DemandeListAnswer>().demandes.map((d) => d.id)).toEqual([demande.id]);
    const tag = Date.now().toString(36);
    const [other = 0] = await residents(w, 1);
    await w.app.db.execute(
      sql`update pensionnaires set numero_dossier = ${`DOS-${tag}-Q`} where id = ${other}`,
    );
    const byFile = await create({
      type: 'nouvelle',
      pensionnaire_ids: [other],
      date_debut: day(3),
      date_fin: day(4),
    });
    await w.app.db.execute(sql`update demandes_hebergement set referent_nom = ${`Référente Qz${tag}`},
      referent_email = ${`r.${tag}@exemple.fr`} where id = ${demande.id}`);
    // From three characters the search reads trigram indexes, below it scans: both give the same requests.
    const search = async (recherche: string) =>
      (await call(w, 'POST', '/demandes_hebergement', { page: 1, pageSize: 50, recherche }))
        .json<DemandeListAnswer>()
        .demandes.map((d) => d.id)
        .sort((a, b) => a - b);
    expect(await search(`qZ${tag}`.toUpperCase())).toEqual([demande.id]);
    expect(await search(`r.${tag}@`)).toEqual([demande.id]);
    expect(await search(`${tag}-q`)).toEqual([byFile.id]);
    expect(await search(`${tag}`)).toEqual([demande.id, byFile.id].sort((a, b) => a - b));
    expect(await search('qz')).toEqual(await search('QZ'));
    expect(await search('qz')).toContain(demande.id);
    // The other filters and the sort apply to the matches.
    const filtered = async (body: Record<string, unknown>) =>
      (
        await call(w, 'POST', '/demandes_hebergement', { page: 1, pageSize: 50, recherche: tag, ...body })
      ).json<DemandeListAnswer>();
    expect((await filtered({ type: 'annulation' })).total).toBe(0);
    expect((await filtered({ type: 'nouvelle', sort: 'client', order: 'desc' })).total).toBe(2);
    expect((await filtered({ pensionnaire_id: other })).demandes.map((d) => d.id)).toEqual([byFile.id]);
    const bad = await call(w, 'POST', '/demandes_hebergement', { page: 1, pageSize: 10, inconnu: true });
    expect(bad.statusCode).toBe(400);
    expect((await call(w, 'GET', '/demandesNumber', undefined, null)).statusCode).toBe(401);
  });
});

describe('GET /demande_hebergement/:id', () => {
  it('answers 404 in French for an unknown request', async () => {
    const response = await call(w, 'GET', '/demande_hebergement/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('Demande n° 999999 introuvable.');
  });
});

describe('PUT /demande_hebergement/:id/refuser', () => {
  it('requires a reason, refuses with a refusal letter, then answers 409 to any other action', async () => {
    const { demande, ids } = await nouvelle(1);
    const missing = await call(w, 'PUT', `/demande_hebergement/${demande.id}/refuser`, {});
    expect(missing.statusCode).toBe(400);
    const refused = await call(w, 'PUT', `/demande_hebergement/${demande.id}/refuser`, { motif: 'Complet' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<{ communication_ids: number[] }>().communication_ids).toHaveLength(1);
    const card = await detail(demande.id);
    expect(card).toMatchObject({ statut: 'refusee', motif_refus: 'Complet' });
    expect(card.communications.map((c) => c.type_document)).toEqual(['refus']);
    expect(card.actions).toMatchObject({ traiter: false, refuser: false });
    expect((await auditOf(demande.id)).map((row) => row.action)).toContain('refus');

    const again = await call(w, 'PUT', `/demande_hebergement/${demande.id}/refuser`, { motif: 'Encore' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/« refusée » : refus impossible/);
    const treat = await call(w, 'POST', `/demande_hebergement/reservations/${demande.id}`, treatBody(ids));
    expect(treat.statusCode).toBe(409);
    expect(treat.json<{ message: string }>().message).toMatch(/traitement impossible/);
  });

  it('answers 404 for an unknown request', async () => {
    const response = await call(w, 'PUT', '/demande_hebergement/999999/refuser', { motif: 'x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /demande_hebergement/reservations/:id (treatment)', () => {
  it('books the residents through the booking service, links the stays, prepares two documents', async () => {
    const { demande, ids } = await nouvelle(2);
    const response = await call(w, 'POST', `/demande_hebergement/reservations/${demande.id}`, treatBody(ids));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<TraitementAnswer>();
    expect(answer.reservation_ids).toHaveLength(2);
    expect(answer.communication_ids).toHaveLength(2);
    const [first = 0] = answer.reservation_ids;
    expect(await stayOf(w, first)).toMatchObject({ date_debut: day(10), date_fin: day(13) });

    const card = await detail(demande.id);
    expect(card.statut).toBe('traitee');
    expect(card.reservations.map((r) => r.id).sort()).toEqual([...answer.reservation_ids].sort());
    expect(card.communications.map((c) => c.type_document).sort()).toEqual([
      'bon_hebergement',
      'confirmation',
    ]);
    expect((await auditOf(demande.id)).map((row) => row.action)).toContain('traitement');

    const resas = await call(w, 'POST', `/resas_per_demande/${demande.id}`);
    expect(resas.statusCode, resas.body).toBe(200);
    // Left out, the body reads as {}; a JSON null is not an empty body: refused like any other wrong body.
    const nullBody = await w.app.inject({
      method: 'POST',
      url: `/api/resas_per_demande/${demande.id}`,
      headers: { authorization: `Bearer ${w.agent}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode, nullBody.body).toBe(400);
    expect(resas.json<ResasPerDemandeAnswer>().reservations.map((r) => r.role)).toEqual([
      'produite',
      'produite',
    ]);

    const again = await call(w, 'POST', `/demande_hebergement/reservations/${demande.id}`, treatBody(ids));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/« traitée » : traitement impossible/);
  });

  it('books several rooms of several types in one treatment: room numbers kept, allotment counted per room', async () => {
    const { demande, ids } = await nouvelle(3, { date_debut: day(20), date_fin: day(23) });
    const [a = 0, b = 0, c = 0] = ids;
    const response = await call(
      w,
      'POST',
      `/demande_hebergement/reservations/${demande.id}`,
      treatBody(ids, {
        chambres: [
          { type_chambre_id: w.double.id, pensionnaire_ids: [a, b], chambre: '201' },
          { type_chambre_id: w.simple.id, pensionnaire_ids: [c] },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<TraitementAnswer>();
    expect(answer.reservation_ids).toHaveLength(3);
    const stays = await rowsOf<{ pensionnaire_id: number; type_chambre_id: number; chambre: string | null }>(
      w.app.db,
      sql`select pensionnaire_id, type_chambre_id, chambre from reservations
          where demande_id = ${demande.id} and id_reservation_mere = ${answer.id_reservation_mere}
          order by pensionnaire_id`,
    );
    expect(stays).toEqual(
      [
        { pensionnaire_id: a, type_chambre_id: w.double.id, chambre: '201' },
        { pensionnaire_id: b, type_chambre_id: w.double.id, chambre: '201' },
        { pensionnaire_id: c, type_chambre_id: w.simple.id, chambre: null },
      ].sort((x, y) => x.pensionnaire_id - y.pensionnaire_id),
    );
    // The two residents of room 201 share one Double; the Simple is its contract's only room.
    expect(await occupied(w, w.ce.doubleH1, day(20))).toBe(1);
    expect(await occupied(w, w.ce.simple, day(22))).toBe(1);
    expect((await detail(demande.id)).statut).toBe('traitee');
  });

  it('refuses a resident the request does not name (400), and books nothing', async () => {
    const { demande } = await nouvelle(1);
    const [stranger = 0] = await residents(w, 1);
    const response = await call(
      w,
      'POST',
      `/demande_hebergement/reservations/${demande.id}`,
      treatBody([stranger]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/n'est pas nommé dans la demande/);
    expect((await detail(demande.id)).statut).toBe('a_traiter');
  });

  it('rolls the whole treatment back when the booking fails (allotment exhausted: 409, request still à traiter)', async () => {
    const { demande, ids } = await nouvelle(3);
    // Simple: allotment 1, capacity 1: three residents need three rooms.
    const response = await call(
      w,
      'POST',
      `/demande_hebergement/reservations/${demande.id}`,
      treatBody(ids, { chambres: [{ type_chambre_id: w.simple.id, pensionnaire_ids: ids }] }),
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const card = await detail(demande.id);
    expect(card.statut).toBe('a_traiter');
    expect(card.reservations).toEqual([]);
    expect(card.communications).toEqual([]);
  });

  it('20 concurrent treatments of one request: exactly one books, the others answer 409', async () => {
    const { demande, ids } = await nouvelle(1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(w, 'POST', `/demande_hebergement/reservations/${demande.id}`, treatBody(ids)),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const [count] = await rowsOf<{ n: number }>(
      w.app.db,
      sql`select count(*)::int as n from reservations where demande_id = ${demande.id}`,
    );
    expect(count?.n).toBe(1);
  });

  it('answers 409 when the request is not a new stay', async () => {
    const [resident = 0] = await residents(w, 1);
    const stay = await book(w, [resident], { start_date: day(2), end_date: day(5) });
    const prolongation = await create({
      type: 'prolongation',
      reservation_ids: stay.reservation_ids,
      date_fin: day(8),
    });
    const response = await call(
      w,
      'POST',
      `/demande_hebergement/reservations/${prolongation.id}`,
      treatBody([resident]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/« prolongation » : traitement impossible/);
  });
});

describe('POST /demande_hebergement/reservations_prolongation/:id', () => {
  it('extends the targeted stays to the requested date with per-stay results, then 409', async () => {
    const ids = await residents(w, 2);
    const stay = await book(w, ids, { start_date: day(20), end_date: day(23) });
    const demande = await create({
      type: 'prolongation',
      reservation_ids: stay.reservation_ids,
      date_fin: day(26),
    });
    expect((await detail(demande.id)).actions.prolonger).toBe(true);
    const response = await call(w, 'POST', `/demande_hebergement/reservations_prolongation/${demande.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CiblesAnswer>();
    expect(answer.statut).toBe('traitee');
    expect(answer.resultats).toHaveLength(2);
    expect(answer.resultats.every((r) => r.ok && r.prolongation_id !== null)).toBe(true);
    const [extension = 0] = answer.resultats.map((r) => r.prolongation_id ?? 0);
    expect(await stayOf(w, extension)).toMatchObject({ date_debut: day(23), date_fin: day(26) });
    expect((await auditOf(demande.id)).map((row) => row.action)).toContain('prolongation');

    const resas = (await call(w, 'POST', `/resas_per_demande/${demande.id}`)).json<ResasPerDemandeAnswer>();
    expect(resas.reservations.filter((r) => r.role === 'cible')).toHaveLength(2);

    const again = await call(w, 'POST', `/demande_hebergement/reservations_prolongation/${demande.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/« prolongée » : prolongation impossible/);
  });

  it('answers 409 with each reason when no targeted stay can be extended, and changes nothing', async () => {
    const [resident = 0] = await residents(w, 1);
    const stay = await book(w, [resident], { start_date: day(40), end_date: day(42) });
    const demande = await create({
      type: 'prolongation',
      reservation_ids: stay.reservation_ids,
      date_fin: day(45),
    });
    const [target = 0] = stay.reservation_ids;
    const cancelled = await call(w, 'PUT', `/reservations/annulation/${target}`, { motif: 'test' });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const response = await call(
      w,
      'POST',
      `/demande_hebergement/reservations_prolongation/${demande.id}`,
      {},
    );
    expect(response.statusCode).toBe(409);
    const body = response.json<{ message: string; resultats: { ok: boolean }[] }>();
    expect(body.message).toMatch(/Aucune réservation prolongée/);
    expect(body.resultats).toEqual([expect.objectContaining({ ok: false })]);
    expect((await detail(demande.id)).statut).toBe('a_traiter');
  });
});

describe('PUT /demande_hebergement/annulations/:id', () => {
  const motif = { motif: 'Le client a trouvé un logement' };
  const motifsOf = async (stay: number) => {
    const response = await call(w, 'GET', `/reservations/historiques/${stay}`);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<HistoriquesAnswer>()
      .historiques.filter((h) => h.entite === 'reservation')
      .map((h) => [h.action, h.changements.find((c) => c.champ === 'motif')?.apres ?? null]);
  };

  it('cancels the targeted stays from the requested date (annulation confirmée), then 409', async () => {
    const [resident = 0] = await residents(w, 1);
    const stay = await book(w, [resident], { start_date: day(50), end_date: day(53) });
    const demande = await create({
      type: 'annulation',
      reservation_ids: stay.reservation_ids,
      date_annulation: day(50),
    });
    const response = await call(w, 'PUT', `/demande_hebergement/annulations/${demande.id}`, motif);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CiblesAnswer>().statut).toBe('traitee');
    const [target = 0] = stay.reservation_ids;
    expect(await stayOf(w, target)).toMatchObject({ statut: 'annulee' });
    // The reason is in the stay's history, as typed; the hotel's notice of the released nights comes after it.
    expect(await motifsOf(target)).toEqual([
      ['avis_etablissement', 'Annulation'],
      ['annulation', 'Le client a trouvé un logement'],
      ['creation', null],
    ]);
    const card = await detail(demande.id);
    expect(card.communications.map((c) => c.type_document)).toContain('annulation');
    expect((await auditOf(demande.id)).map((row) => row.action)).toContain('annulation');
    const again = await call(w, 'PUT', `/demande_hebergement/annulations/${demande.id}`, motif);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/« annulation confirmée »/);
  });

  it('keeps the reason of a stay cut short at the date (early departure) in its history', async () => {
    const [resident = 0] = await residents(w, 1);
    const stay = await book(w, [resident], { start_date: day(54), end_date: day(60) });
    const demande = await create({
      type: 'annulation',
      reservation_ids: stay.reservation_ids,
      date_annulation: day(57),
    });
    const response = await call(w, 'PUT', `/demande_hebergement/annulations/${demande.id}`, motif);
    expect(response.statusCode, response.body).toBe(200);
    const [target = 0] = stay.reservation_ids;
    expect(await stayOf(w, target)).toMatchObject({ date_fin: day(57) });
    expect(await motifsOf(target)).toEqual([
      ['avis_etablissement', 'Départ anticipé'],
      ['depart_anticipe', 'Le client a trouvé un logement'],
      ['creation', null],
    ]);
  });

  it('answers 400 without a reason (missing, empty, blank), and changes nothing', async () => {
    const [resident = 0] = await residents(w, 1);
    const stay = await book(w, [resident], { start_date: day(62), end_date: day(64) });
    const demande = await create({
      type: 'annulation',
      reservation_ids: stay.reservation_ids,
      date_annulation: day(62),
    });
    for (const [body, message] of [
      [undefined, 'Le champ motif est obligatoire.'],
      [{}, 'Le champ motif est obligatoire.'],
      [{ motif: '' }, 'Le champ motif est obligatoire.'],
      [{ motif: '   ' }, "Le motif de l'annulation est obligatoire."],
    ] as const) {
      const response = await call(w, 'PUT', `/demande_hebergement/annulations/${demande.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await stayOf(w, stay.reservation_ids[0] ?? 0)).toMatchObject({ statut: 'en_attente' });
    expect((await detail(demande.id)).statut).toBe('a_traiter');
  });

  it('answers 409 on a request of another kind, 404 on an unknown one', async () => {
    const { demande } = await nouvelle(1);
    const wrong = await call(w, 'PUT', `/demande_hebergement/annulations/${demande.id}`, motif);
    expect(wrong.statusCode).toBe(409);
    expect((await call(w, 'PUT', '/demande_hebergement/annulations/999999', motif)).statusCode).toBe(404);
  });
});

describe('GET /demandes_hebergement_previous/:id', () => {
  it('lists the earlier requests of the same residents', async () => {
    const [resident = 0] = await residents(w, 1);
    const base = { type: 'nouvelle', pensionnaire_ids: [resident] };
    const earlier = await create({ ...base, date_debut: day(60), date_fin: day(61) });
    const later = await create({ ...base, date_debut: day(70), date_fin: day(71) });
    const response = await call(w, 'GET', `/demandes_hebergement_previous/${later.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ demandes: { id: number }[] }>().demandes.map((d) => d.id)).toEqual([earlier.id]);
    expect((await call(w, 'GET', '/demandes_hebergement_previous/999999')).statusCode).toBe(404);
  });
});

describe('POST /demande_hebergement/sync', () => {
  it('reports per request: aligned, re-aligned after a change on the stays, or unknown', async () => {
    const { demande, ids } = await nouvelle(1);
    const treated = await call(w, 'POST', `/demande_hebergement/reservations/${demande.id}`, treatBody(ids));
    expect(treated.statusCode, treated.body).toBe(201);
    const untouched = await nouvelle(1);
    const response = await call(w, 'POST', '/demande_hebergement/sync', {
      demande_ids: [demande.id, untouched.demande.id, 999_999],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SyncAnswer>();
    expect(answer.resultats.map((r) => [r.demande_id, r.ok, r.etat])).toEqual([
      [demande.id, true, 'a_jour'],
      [untouched.demande.id, true, 'a_jour'],
      [999_999, false, 'introuvable'],
    ]);
    expect(answer.resultats[2]?.message).toBe('Demande n° 999999 introuvable.');
    // The unknown id is named, never counted as synchronised.
    expect(answer.message).toBe(
      '2 demandes synchronisées sur 3 : 0 mise à jour, 0 à vérifier. Demande introuvable : n° 999999.',
    );

    // Changed since (a resident of its stays left out of the request), and two unknown ids.
    const [resident] = await rowsOf<{ pensionnaire_id: number }>(
      w.app.db,
      sql`select pensionnaire_id from demande_pensionnaires where demande_id = ${demande.id} limit 1`,
    );
    await w.app.db.execute(
      sql`delete from demande_pensionnaires where demande_id = ${demande.id}
        and pensionnaire_id = ${resident!.pensionnaire_id}`,
    );
    const again = await call(w, 'POST', '/demande_hebergement/sync', {
      demande_ids: [999_998, demande.id, untouched.demande.id, 999_999],
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<SyncAnswer>();
    expect(second.resultats.map((r) => r.etat)).toEqual([
      'introuvable',
      'mise_a_jour',
      'a_jour',
      'introuvable',
    ]);
    expect(second.message).toBe(
      '2 demandes synchronisées sur 4 : 1 mise à jour, 0 à vérifier. Demandes introuvables : n° 999998, n° 999999.',
    );
    const none = await call(w, 'POST', '/demande_hebergement/sync', { demande_ids: [999_999] });
    expect(none.json<SyncAnswer>().message).toBe(
      'Aucune demande synchronisée. Demande introuvable : n° 999999.',
    );

    const empty = await call(w, 'POST', '/demande_hebergement/sync', { demande_ids: [] });
    expect(empty.statusCode).toBe(400);
  });
});
