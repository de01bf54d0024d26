/**
 * Client API keys (administrators issue and revoke them on the client's card; stored hashed, shown once) and the
 * client organisations' intake (X-Api-Key): idempotent on the external reference, bad or revoked key 401.
 */
import { sql } from 'drizzle-orm';
import type { CleApiCreateAnswer, ClesApiAnswer, DemandeExterneAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/raw';
import { buildWorld, call, day, type World } from '../../../../test/fixtures/reservations-write';

let w: World;
let cle: string;
let cleId: number;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

const submit = (body: Record<string, unknown>, key: string | null = cle) =>
  w.app.inject({
    method: 'POST',
    url: '/api/demande_hebergement/externe',
    headers: key === null ? {} : { 'x-api-key': key },
    payload: body,
  });

const nouvelle = (reference: string) => ({
  reference_externe: reference,
  type: 'nouvelle',
  date_debut: day(10),
  date_fin: day(14),
  referent_email: 'sociale@example.fr',
  pensionnaires: [
    { numero_dossier: `${reference}-1`, nom: 'Koné', prenom: 'Issa', sexe: 'M' },
    { numero_dossier: `${reference}-2`, nom: 'Koné', prenom: 'Mariam', sexe: 'F' },
  ],
});

describe('client API keys (administrators)', () => {
  it('an agent may neither list nor issue keys (403)', async () => {
    expect((await call(w, 'GET', `/clients/${w.client.id}/cles-api`)).statusCode).toBe(403);
    expect((await call(w, 'POST', `/clients/${w.client.id}/cles-api`, { libelle: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('issues a key shown once, stored hashed; the list shows its prefix only', async () => {
    const response = await call(
      w,
      'POST',
      `/clients/${w.client.id}/cles-api`,
      { libelle: 'SI du client' },
      w.admin,
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<CleApiCreateAnswer>();
    cle = answer.cle;
    cleId = answer.data.id;
    expect(cle.startsWith(answer.data.prefixe)).toBe(true);
    const listed = (
      await call(w, 'GET', `/clients/${w.client.id}/cles-api`, undefined, w.admin)
    ).json<ClesApiAnswer>();
    expect(JSON.stringify(listed)).not.toContain(cle);
    expect(listed.cles.map((c) => c.id)).toContain(cleId);
    const stored = await rowsOf<Record<string, unknown>>(w.app.db, sql`select * from cles_api_clients`);
    expect(JSON.stringify(stored)).not.toContain(cle);
    expect((await call(w, 'POST', '/clients/999999/cles-api', { libelle: 'x' }, w.admin)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /demande_hebergement/externe', () => {
  it('files the request (201) with its new residents, then answers the same request (200) for the same reference', async () => {
    const reference = `EXT-${Date.now()}`;
    const first = await submit(nouvelle(reference));
    expect(first.statusCode, first.body).toBe(201);
    const filed = first.json<DemandeExterneAnswer>().data;
    expect(filed).toMatchObject({
      reference_externe: reference,
      statut: 'a_traiter',
      statut_libelle: 'À traiter',
    });
    const again = await submit(nouvelle(reference));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DemandeExterneAnswer>().data.id).toBe(filed.id);
    const [count] = await rowsOf<{ n: number }>(
      w.app.db,
      sql`select count(*)::int as n from demandes_hebergement where reference_externe = ${reference}`,
    );
    expect(count?.n).toBe(1);
    const status = await w.app.inject({
      method: 'GET',
      url: `/api/demande_hebergement/externe/${reference}`,
      headers: { 'x-api-key': cle },
    });
    expect(status.statusCode).toBe(200);
    const card = await call(w, 'GET', `/demande_hebergement/${filed.id}`);
    expect(card.json<{ data: { origine: string; pensionnaires: unknown[] } }>().data).toMatchObject({
      origine: 'api',
    });
  });

  it('is idempotent under concurrent submissions of one reference: one request', async () => {
    const reference = `RACE-${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => submit(nouvelle(reference))));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(responses.map((r) => r.json<DemandeExterneAnswer>().data.id)).size).toBe(1);
  });

  it('answers 400 in French for an unknown resident without a name and for an unknown field', async () => {
    const response = await submit({
      reference_externe: `BAD-${Date.now()}`,
      type: 'nouvelle',
      date_debut: day(3),
      date_fin: day(4),
      pensionnaires: [{ numero_dossier: 'INCONNU-1' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/indiquez son nom et son prénom/);
    expect((await submit({ ...nouvelle('X'), inconnu: 1 })).statusCode).toBe(400);
  });

  it('answers 401 without a key, with a bad key, and with a user token', async () => {
    expect((await submit(nouvelle('K1'), null)).statusCode).toBe(401);
    expect((await submit(nouvelle('K2'), 'ebas3_faux')).statusCode).toBe(401);
    const withToken = await call(w, 'POST', '/demande_hebergement/externe', nouvelle('K3'), w.admin);
    expect(withToken.statusCode).toBe(401);
  });

  it('withdraws an open request (annulee), idempotently', async () => {
    const reference = `RET-${Date.now()}`;
    expect((await submit(nouvelle(reference))).statusCode).toBe(201);
    const retrait = () =>
      w.app.inject({
        method: 'POST',
        url: `/api/demande_hebergement/externe/${reference}/retrait`,
        headers: { 'x-api-key': cle },
      });
    const first = await retrait();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<DemandeExterneAnswer>().data.statut).toBe('annulee');
    expect((await retrait()).statusCode).toBe(200);
  });

  it('a revoked key answers 401', async () => {
    const revoked = await call(
      w,
      'PUT',
      `/clients/${w.client.id}/cles-api/${cleId}/revocation`,
      undefined,
      w.admin,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await submit(nouvelle(`REV-${Date.now()}`))).statusCode).toBe(401);
  });
});
