import { sql } from 'drizzle-orm';
import type { PointageAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/raw';
import { buildTestApp } from '../../../../test/helper';
import {
  auditActions,
  buildWorld,
  call,
  day,
  nightsOf,
  runningStay,
  stayOf,
  type World,
} from '../../../../test/fixtures/reservations-write';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

const versionOf = async (id: number) => (await stayOf(w, id))?.version ?? 0;

describe('PUT /reservations/update_pointage/:id', () => {
  it("marks yesterday's night by default, or the given past nights; 400 for future or foreign dates", async () => {
    const stay = await runningStay(w);
    const response = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'present',
      version: await versionOf(stay),
    });
    expect(response.statusCode, response.body).toBe(200);
    let nights = await nightsOf(w, stay);
    expect(nights.map((n) => n.presence)).toEqual([
      'non_pointe',
      'non_pointe',
      'present',
      'non_pointe',
      'non_pointe',
    ]);
    const two = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'absent',
      dates: [day(-3), day(-2), day(0)],
      version: response.json<{ version: number }>().version,
    });
    expect(two.statusCode, two.body).toBe(200);
    nights = await nightsOf(w, stay);
    expect(nights.map((n) => n.presence)).toEqual(['absent', 'absent', 'present', 'absent', 'non_pointe']);
    const future = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'present',
      dates: [day(1)],
      version: await versionOf(stay),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/pas encore passée/);
    const foreign = await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
      presence: 'present',
      dates: [day(-10)],
      version: await versionOf(stay),
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (
        await call(w, 'PUT', `/reservations/update_pointage/${stay}`, {
          presence: 'peut-être',
          version: await versionOf(stay),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(w, 'PUT', '/reservations/update_pointage/999999', { presence: 'present', version: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'pointage', 'pointage']);
  });
});

describe('PUT /reservations/apec/:id', () => {
  it('sets the flag, audited', async () => {
    const stay = await runningStay(w);
    const response = await call(w, 'PUT', `/reservations/apec/${stay}`, { apec: true });
    expect(response.statusCode).toBe(200);
    expect((await stayOf(w, stay))?.apec).toBe(true);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'apec']);
    expect((await call(w, 'PUT', `/reservations/apec/${stay}`, {})).statusCode).toBe(400);
  });
});

describe('PUT /reservations/pointage_paf_caf/:id', () => {
  it('sets the state of past nights and the summary; 409 when the stream does not apply', async () => {
    const stay = await runningStay(w, { status_paf: true });
    const caf = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'caf',
      etat: 'paye',
      version: await versionOf(stay),
    });
    expect(caf.statusCode).toBe(409);
    expect(caf.json().message).toBe(`Le flux CAF ne s'applique pas à la réservation n° ${stay}.`);
    const paid = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
      version: await versionOf(stay),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await nightsOf(w, stay)).map((n) => n.etat_paf)).toEqual([
      'paye',
      'paye',
      'paye',
      'a_verifier',
      'a_verifier',
    ]);
    expect((await stayOf(w, stay))?.etat_payment_paf).toBe('paye');
    const unpaid = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'non_paye',
      start_date: day(-3),
      end_date: day(-2),
      version: await versionOf(stay),
    });
    expect(unpaid.statusCode).toBe(200);
    expect((await stayOf(w, stay))?.etat_payment_paf).toBe('non_paye');
    const reversed = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
      start_date: day(-2),
      end_date: day(-3),
      version: await versionOf(stay),
    });
    expect(reversed.statusCode).toBe(400);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'pointage_paf', 'pointage_paf']);
  });

  it('requires the version read: 400 in French without it, 409 in French on a stale one, nothing written', async () => {
    const stay = await runningStay(w, { status_paf: true });
    const version = await versionOf(stay);
    const missing = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/version est obligatoire/);
    const paid = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
      dates: [day(-1)],
      version,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().version).toBe(version + 1);
    const stale = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'non_paye',
      version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/modifiée entre-temps/);
    expect((await nightsOf(w, stay)).filter((n) => n.etat_paf === 'non_paye')).toHaveLength(0);
    expect(await auditActions(w, 'reservation', stay)).toEqual(['creation', 'pointage_paf']);
  });

  it('answers the nights written by state and their previous states; sent back as nuits, they undo exactly that', async () => {
    const stay = await runningStay(w, { status_paf: true });
    // Before: one night non payé, one payé, the rest à vérifier.
    const first = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'non_paye',
      dates: [day(-3)],
      version: await versionOf(stay),
    });
    const second = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
      dates: [day(-2)],
      version: first.json<PointageAnswer>().version,
    });
    const before = (await nightsOf(w, stay)).map((n) => n.etat_paf);
    expect(before).toEqual(['non_paye', 'paye', 'a_verifier', 'a_verifier', 'a_verifier']);
    const summaryBefore = (await stayOf(w, stay))?.etat_payment_paf;
    // Today's night included: the answer counts what was written, today's night with the others.
    const marked = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      etat: 'paye',
      dates: [day(-3), day(-2), day(-1), day(0)],
      version: second.json<PointageAnswer>().version,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const answer = marked.json<PointageAnswer>();
    expect(answer.nuitees).toBe(4);
    expect(answer.ecrites).toEqual({ paye: 4, non_paye: 0, a_verifier: 0 });
    expect(answer.message).toBe('PAF pointée sur 4 nuits : payé.');
    expect(answer.precedents).toEqual([
      { date_nuit: day(-3), etat: 'non_paye' },
      { date_nuit: day(-2), etat: 'paye' },
      { date_nuit: day(-1), etat: 'a_verifier' },
      { date_nuit: day(0), etat: 'a_verifier' },
    ]);
    expect((await nightsOf(w, stay)).map((n) => n.etat_paf)).toEqual([
      'paye',
      'paye',
      'paye',
      'paye',
      'a_verifier',
    ]);

    const undone = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, {
      type: 'paf',
      nuits: answer.precedents,
      version: answer.version,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const undo = undone.json<PointageAnswer>();
    expect(undo.ecrites).toEqual({ paye: 1, non_paye: 1, a_verifier: 2 });
    expect(undo.message).toBe('PAF rétablie sur 4 nuits : 1 payé, 1 non payé, 2 à vérifier.');
    expect((await nightsOf(w, stay)).map((n) => n.etat_paf)).toEqual(before);
    expect((await stayOf(w, stay))?.etat_payment_paf).toBe(summaryBefore);
    const [audit] = await rowsOf<{ before: unknown; after: { annulation?: boolean; ecrites?: unknown } }>(
      w.app.db,
      sql`select before, after from audit_log where entity = 'reservation' and entity_id = ${String(stay)}
            order by id desc limit 1`,
    );
    expect(audit?.after.annulation).toBe(true);
    expect(audit?.after.ecrites).toEqual(undo.ecrites);
    expect(audit?.before).toMatchObject({ nuitees: undo.precedents });

    const version = undo.version;
    const refusals = [
      { type: 'paf', version },
      { type: 'paf', etat: 'paye', nuits: [{ date_nuit: day(-1), etat: 'paye' }], version },
      { type: 'paf', nuits: [{ date_nuit: day(-1), etat: 'paye' }], dates: [day(-1)], version },
      { type: 'paf', nuits: [{ date_nuit: day(-10), etat: 'paye' }], version },
      {
        type: 'paf',
        nuits: [
          { date_nuit: day(-1), etat: 'paye' },
          { date_nuit: day(-1), etat: 'non_paye' },
        ],
        version,
      },
    ];
    for (const body of refusals) {
      const refused = await call(w, 'PUT', `/reservations/pointage_paf_caf/${stay}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toMatch(/nuit|etat/);
    }
    expect((await nightsOf(w, stay)).map((n) => n.etat_paf)).toEqual(before);
  });
});
