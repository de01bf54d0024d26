import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEMANDE_STATUTS,
  DEMANDE_TYPES,
  type DemandeCountAnswer,
  type DemandeListAnswer,
  type SyncAnswer,
} from '../../contract';
import { mockToken } from '../common/users';
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

  it('answer the PDF of a communication for /view-pdf', async () => {
    const communication = mockDemandes.flatMap((d) => d.communications)[0]!;
    const pdf = await call('GET', `/demande/communication/${communication.id}`);
    expect(pdf.type).toContain('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
    expect((await call('GET', '/demande/communication/1')).status).toBe(404);
  });
});
