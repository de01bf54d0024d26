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
});
