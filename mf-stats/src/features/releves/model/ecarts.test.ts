import { describe, expect, it } from 'vitest';
import type { Ecart } from 'shared/contract';
import { differenceOf, groupEcarts } from './ecarts';

const ecart = (id: number, type: Ecart['type'], facture: string, reserve: string): Ecart => ({
  id,
  type,
  reservationId: null,
  pensionnaire: null,
  dateNuit: null,
  prestation: null,
  ligneDetail: null,
  autreFacture: null,
  montantFacture: facture,
  montantReserve: reserve,
  difference: differenceOf(facture, reserve),
  tauxFacture: null,
  tauxReserve: null,
  accepte: false,
  motif: null,
  acceptePar: null,
  accepteLe: null,
});

describe('groupEcarts', () => {
  it('groups by kind in the contract order and sums each group in cents', () => {
    const groups = groupEcarts([
      ecart(1, 'ecart_total_ht', '100.00', '90.00'),
      ecart(2, 'ecart_prix', '0.10', '0.00'),
      ecart(3, 'ecart_prix', '0.20', '0.00'),
    ]);
    expect(groups.map((group) => group.type)).toEqual(['ecart_prix', 'ecart_total_ht']);
    expect(groups[0]).toMatchObject({ montantFacture: '0.30', montantReserve: '0.00', difference: '0.30' });
    expect(differenceOf('804.00', '866.00')).toBe('-62.00');
  });
});
