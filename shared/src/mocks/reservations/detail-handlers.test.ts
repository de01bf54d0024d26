import { beforeEach, describe, expect, it } from 'vitest';
import type {
  HistoriqueEntry,
  RecapPensionnaire,
  ReservationDetail,
  ReservationIntegraleDetail,
} from '../../contract';
import { mockToken } from '../common/users';
import { addDays, parisToday } from '../../contract';
import { mockDay } from './list-fixtures';
import { resetReservationMocks } from './store';

const TOKEN = mockToken();

async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token: string | null = TOKEN,
) {
  const response = await fetch(`${window.location.origin}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const detail = async (id: number) =>
  (await call<{ data: ReservationDetail }>('GET', `/reservations/${id}`)).body.data;
const history = async (id: number) =>
  (await call<{ historiques: HistoriqueEntry[] }>('GET', `/reservations/historiques/${id}`)).body.historiques;

beforeEach(() => resetReservationMocks());

describe('reservation detail mocks: reads', () => {
  it('answer a stay with its nights, totals in decimal strings, chain and allowed actions', async () => {
    const stay = await detail(2);
    expect(stay).toMatchObject({
      id: 2,
      type_resa: 'prolongation',
      statut: 'en_cours',
      pensionnaire_nom: 'Dupont',
      contrat_client: { reference: 'CC-2025-CD94' },
      nombre_nuits: 11,
      chaine: [{ id: 1 }, { id: 2 }],
    });
    expect(stay.nuitees).toHaveLength(11);
    // 11 nights × 62.00 + 11 breakfasts × 5.50; VAT 10 % on the summed base.
    expect(stay.totaux.vente).toEqual({ ht: '742.50', tva: '74.25', ttc: '816.75' });
    expect(stay.totaux.achat.ht).toBe('581.90');
    expect(stay.totaux.marge_ht).toBe('160.60');
    expect(stay.totaux.montant_paf).toBe('33.00');
    expect(stay.actions).toEqual({
      confirmer: false,
      annuler: true,
      prolonger: true,
      modifier: true,
      pointer: true,
      retablir: false,
    });
    expect(stay.retablissement).toBeNull();
  });

  it('answer 404 for an unknown stay and 401 without a token', async () => {
    expect((await call('GET', '/reservations/9999')).status).toBe(404);
    expect((await call('GET', '/reservations/2', undefined, null)).status).toBe(401);
  });

  it('answer the full reservation with its children and one recap row per resident', async () => {
    const parent = (await call<{ data: ReservationIntegraleDetail }>('GET', '/reservations_integrales/1'))
      .body.data;
    expect(parent.reservations.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parent.actions).toEqual({ confirmer: false, annuler: true, prolonger: true, ajouter: true });
    const recap = (
      await call<{ reservations: RecapPensionnaire[] }>('GET', '/reservations_integrales/recap/1')
    ).body.reservations;
    const dupont = recap.find((row) => row.pensionnaire_id === 1)!;
    expect(dupont).toMatchObject({ reservation_ids: [1, 2], derniere_reservation_id: 2, statut: 'en_cours' });
    expect(dupont.totaux.nuitees).toBe(31);
    expect((await call('GET', '/reservations_integrales/99')).status).toBe(404);
  });
});

describe('reservation detail mocks: writes', () => {
  it('confirm a pending stay once; a second confirmation answers 409', async () => {
    const first = await call('PUT', '/reservations/confirmation/35', {});
    expect(first).toEqual({ status: 200, body: { message: 'Réservation confirmée.' } });
    expect((await detail(35)).statut).toBe('confirmee');
    const again = await call('PUT', '/reservations/confirmation/35', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/en attente/);
    expect((await history(35))[0]).toMatchObject({
      libelle: 'Confirmation',
      acteur: { nom: 'Camille Martin' },
    });
  });

  it('confirm every pending stay of the parent with applyToAllPr', async () => {
    const answer = await call('PUT', '/reservations/confirmation/35', { applyToAllPr: true });
    expect(answer.body.message).toBe('2 réservations confirmées.');
    expect((await detail(36)).statut).toBe('confirmee');
  });

  it('cancel: future nights cancelled, past nights kept, the motif in the history; rejects unknown fields', async () => {
    expect((await call('PUT', '/reservations/annulation/2', { raison: 'x' })).status).toBe(400);
    // The reason is required, as the API requires it.
    for (const [body, message] of [
      [undefined, 'Le champ motif est obligatoire.'],
      [{}, 'Le champ motif est obligatoire.'],
      [{ motif: '  ' }, "Le motif de l'annulation est obligatoire."],
    ] as const)
      expect(await call('PUT', '/reservations/annulation/2', body)).toEqual({
        status: 400,
        body: { message },
      });
    const answer = await call('PUT', '/reservations/annulation/2', { motif: 'Départ volontaire' });
    expect(answer.status).toBe(200);
    const stay = await detail(2);
    expect(stay.statut).toBe('annulee');
    expect(
      stay.nuitees.filter((night) => night.annulee).every((night) => night.date_nuit >= parisToday()),
    ).toBe(true);
    expect(stay.totaux.nuitees).toBe(10);
    expect(stay.actions.annuler).toBe(false);
    expect((await history(2))[0]!.changements).toContainEqual({
      champ: 'motif',
      avant: null,
      apres: 'Départ volontaire',
    });
    expect((await call('PUT', '/reservations/annulation/2', { motif: 'Encore' })).status).toBe(409);
  });

  it('« Rétablir » a cancellation: status, departure and nights back, the reason in the history; then nothing left', async () => {
    const before = await detail(2);
    expect((await call('PUT', '/reservations/retablissement/2', { motif: 'x' })).status).toBe(409);
    await call('PUT', '/reservations/annulation/2', { motif: 'Départ volontaire' });
    const cancelled = await detail(2);
    expect(cancelled.actions.retablir).toBe(true);
    expect(cancelled.retablissement).toMatchObject({
      reservation_id: 2,
      type: 'annulation',
      statut: 'en_cours',
      date_fin: before.date_fin,
      jusqu_au: mockDay(1),
      premiere_nuit: parisToday(),
    });
    for (const [body, message] of [
      [undefined, 'Le champ motif est obligatoire.'],
      [{ motif: '  ' }, 'Le motif du rétablissement est obligatoire.'],
    ] as const)
      expect(await call('PUT', '/reservations/retablissement/2', body)).toEqual({
        status: 400,
        body: { message },
      });
    const answer = await call<{ message: string }>('PUT', '/reservations/retablissement/2', {
      motif: 'Annulée par erreur',
      version: cancelled.version,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/^Réservation n° 2 rétablie : \d+ nuits? de nouveau réservées?\.$/);
    const restored = await detail(2);
    expect(restored).toMatchObject({ statut: 'en_cours', date_fin: before.date_fin, annulee_at: null });
    expect(restored.totaux.nuitees).toBe(before.totaux.nuitees);
    expect(restored.actions).toMatchObject({ annuler: true, retablir: false });
    expect((await history(2))[0]).toMatchObject({ action: 'retablissement', libelle: 'Rétablissement' });
    expect((await call('PUT', '/reservations/retablissement/2', { motif: 'Encore' })).status).toBe(409);
  });

  it('show the extensions the list mocks create: new stay with its nights, in the chain of the extended one', async () => {
    const end = mockDay(9);
    const answer = await call<{ reservation_ids: number[]; id_reservation_mere: number }>(
      'PUT',
      '/reservations/prolongation/6',
      { end_date: end },
    );
    expect(answer.status).toBe(200);
    const [createdId] = answer.body.reservation_ids;
    const extension = await detail(createdId!);
    expect(extension).toMatchObject({ type_resa: 'prolongation', date_fin: end, nombre_nuits: 4 });
    expect(extension.nuitees).toHaveLength(4);
    expect(extension.chaine.map((link) => link.id)).toEqual([6, createdId]);
    expect((await detail(6)).actions.prolonger).toBe(false);
    // Cancelling the extension lets the stay be extended again.
    await call('PUT', `/reservations/annulation/${createdId}`, { motif: 'Prolongation annulée' });
    expect((await detail(6)).actions.prolonger).toBe(true);
  });

  it('update with the version read; a stale version answers 409 « modifiée entre-temps »', async () => {
    const stay = await detail(3);
    const ok = await call('PUT', '/reservations/3', { version: stay.version, chambre: '206', diner: true });
    expect(ok.status).toBe(200);
    const after = await detail(3);
    expect(after).toMatchObject({ chambre: '206', diner: true, version: stay.version + 1 });
    expect(after.nuitees.find((night) => night.date_nuit === parisToday())!.diner).toBe(1);
    expect(after.nuitees[0]!.diner).toBe(0);
    const stale = await call('PUT', '/reservations/3', { version: stay.version, chambre: '207' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modifiée entre-temps/);
  });

  it('early departure: from today on, inside the stay; later nights cancelled', async () => {
    const yesterday = addDays(parisToday(), -1);
    expect((await call('PUT', `/reservations/6/${yesterday}`)).status).toBe(400);
    expect((await call('PUT', '/reservations/6/2026-02-30')).status).toBe(400);
    const tomorrow = mockDay(1);
    expect((await call('PUT', `/reservations/6/${tomorrow}`)).status).toBe(200);
    const stay = await detail(6);
    expect(stay.date_fin).toBe(tomorrow);
    expect(stay.totaux.nuitees).toBe(31);
  });

  it('set the PAF state of the nights up to today under the version read; 409 when the stream does not apply or the version is stale', async () => {
    const { version } = await detail(2);
    const answer = await call('PUT', '/reservations/pointage_paf_caf/2', {
      type: 'paf',
      etat: 'paye',
      version,
    });
    // The API's wording: the nights written and their state.
    expect(answer.body.message).toMatch(/^PAF pointée sur \d+ nuits : payé\.$/);
    expect((await detail(2)).etat_payment_paf).toBe('paye');
    expect(
      (await call('PUT', '/reservations/pointage_paf_caf/2', { type: 'paf', etat: 'non_paye', version }))
        .status,
    ).toBe(409);
    expect((await detail(2)).etat_payment_paf).toBe('paye');
    expect(
      (await call('PUT', '/reservations/pointage_paf_caf/2', { type: 'paf', etat: 'paye' })).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/reservations/pointage_paf_caf/2', {
          type: 'caf',
          etat: 'paye',
          version: (await detail(2)).version,
        })
      ).status,
    ).toBe(409);
  });

  it('switch APEC', async () => {
    await call('PUT', '/reservations/apec/2', { apec: true });
    expect((await detail(2)).apec).toBe(true);
  });

  it('add a resident of the client to the full reservation once', async () => {
    const answer = await call<{ reservation_id: number }>('POST', '/reservations/edit/6/4', {});
    expect(answer.status).toBe(201);
    const created = await detail(answer.body.reservation_id);
    expect(created).toMatchObject({
      pensionnaire_nom: 'Martin',
      statut: 'en_attente',
      id_reservation_mere: 6,
    });
    expect((await call('POST', '/reservations/edit/6/4', {})).status).toBe(409);
    expect((await call('POST', '/reservations/edit/6/1', {})).status).toBe(404);
  });

  it('refuse a resident once every stay of the full reservation is cancelled', async () => {
    const integrale = async () =>
      (await call<{ data: ReservationIntegraleDetail }>('GET', '/reservations_integrales/6')).body.data;
    expect((await integrale()).actions.ajouter).toBe(true);
    await call('PUT', '/reservations/annulation/35', { applyToAllPr: true, motif: 'Fermeture du site' });
    expect((await integrale()).actions.ajouter).toBe(false);
    const refused = await call<{ message: string }>('POST', '/reservations/edit/6/4', {});
    expect(refused).toEqual({
      status: 409,
      body: {
        message:
          "La réservation intégrale n° 6 est annulée (toutes ses réservations le sont) : ajout d'un pensionnaire impossible. Créez une nouvelle réservation.",
      },
    });
  });
});
