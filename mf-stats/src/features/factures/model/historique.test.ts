import { freshFactures } from 'shared/mocks';
import { describe, expect, it } from 'vitest';
import { historiqueOf } from './historique';

describe('historiqueOf', () => {
  it('orders the dated facts of the card: creation, issue, sending, payments and their cancellation', () => {
    const facture = freshFactures('2026-12-07').find((f) => f.id === 1)!;
    facture.paiements[0] = {
      ...facture.paiements[0]!,
      annuleAt: '2026-10-21T08:00:00.000Z',
      motifAnnulation: 'Rejet',
    };
    expect(historiqueOf(facture).map((event) => event.key)).toEqual([
      'creation',
      'emission',
      'envoi',
      'paiement-1',
      'annulation-1',
    ]);
    expect(historiqueOf(facture).at(-1)!.text).toMatch(/annulé : Rejet$/);
  });

  it('puts the preparation before the issue of the same day, and an instant by its Paris day', () => {
    const facture = freshFactures('2026-12-07').find((f) => f.id === 1)!;
    // Prepared at 09:00 in Paris and issued the same day (a day, no time); sent at 23:30 UTC, the next day in Paris.
    Object.assign(facture, {
      createdAt: '2026-10-13T07:00:00.000Z',
      dateEmission: '2026-10-13',
      envoyeeAt: '2026-10-13T22:30:00.000Z',
      paiements: [{ ...facture.paiements[0]!, datePaiement: '2026-10-14', annuleAt: null }],
    });
    expect(historiqueOf(facture).map((event) => event.key)).toEqual([
      'creation',
      'emission',
      'envoi',
      'paiement-1',
    ]);
  });
});
