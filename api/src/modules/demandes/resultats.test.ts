import type { ResultatCible } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../errors';
import { CiblesFailure, resultsPerTarget, settledStatut } from './resultats';

const done = (target: number): ResultatCible => ({
  reservation_id: target,
  ok: true,
  prolongation_id: null,
  message: `Réservation n° ${target} annulée.`,
});

describe('the per-target results of an extension or a cancellation', () => {
  it('runs each target in order, a refused one becoming its failed result with its message', async () => {
    const seen: number[] = [];
    const resultats = await resultsPerTarget([3, 1, 2], async (target) => {
      seen.push(target);
      if (target === 1) throw new ConflictError('La réservation n° 1 est terminée : annulation impossible.');
      return done(target);
    });
    expect(seen).toEqual([3, 1, 2]);
    expect(resultats).toEqual([
      done(3),
      {
        reservation_id: 1,
        ok: false,
        prolongation_id: null,
        message: 'La réservation n° 1 est terminée : annulation impossible.',
      },
      done(2),
    ]);
  });

  it('aborts on an error that is not a refusal', async () => {
    await expect(
      resultsPerTarget([1, 2], async (target) => {
        if (target === 1) throw new Error('connexion perdue');
        return done(target);
      }),
    ).rejects.toThrow('connexion perdue');
  });

  it('settles the request: all done → traitee, some → en_cours, none → 409 carrying the results', () => {
    const failed: ResultatCible = { ...done(2), ok: false, message: 'Refusée.' };
    expect(settledStatut([done(1)], 'annulée')).toBe('traitee');
    expect(settledStatut([done(1), failed], 'annulée')).toBe('en_cours');
    let refusal: unknown;
    try {
      settledStatut([failed], 'annulée');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(CiblesFailure);
    expect(refusal).toMatchObject({
      statusCode: 409,
      message: 'Aucune réservation annulée : 0 réservation annulée, 1 en échec.',
      resultats: [failed],
    });
  });
});
