import type { TypeChambreData } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { chambresLibres, chambresNecessaires, estimatePurchase } from './estimate';

const tarif = (
  date_debut: string,
  date_fin: string,
  nombre_nuits: number,
  prix: string,
  libres: number | null,
) => ({
  tarif_id: 1,
  date_debut,
  date_fin,
  nombre_nuits,
  prix_nuitee_ht: prix,
  prix_petit_dejeuner_ht: '6.50',
  prix_dejeuner_ht: '11.00',
  prix_diner_ht: '11.10',
  allotement: libres,
  chambres_libres: libres,
});

const DOUBLE: TypeChambreData = {
  id: 2,
  libelle: 'Double',
  capacite: 2,
  couvre_periode: true,
  tarifs: [
    tarif('2027-03-29', '2027-04-01', 3, '49.00', 7),
    tarif('2027-04-01', '2027-04-02', 1, '51.50', null),
  ],
};
const NO_MEALS = { petit_dejeuner: false, dejeuner: false, diner: false };

describe('rooms', () => {
  it('rounds residents up to whole rooms and reads the fewest free rooms', () => {
    expect(chambresNecessaires(3, 2)).toBe(2);
    expect(chambresNecessaires(4, 2)).toBe(2);
    expect(chambresNecessaires(1, 4)).toBe(1);
    expect(chambresLibres(DOUBLE)).toBe(7);
    expect(chambresLibres({ ...DOUBLE, tarifs: [tarif('a', 'b', 1, '1', null)] })).toBeNull();
  });
});

describe('estimatePurchase', () => {
  it('par chambre: nights × price × rooms per sub-period', () => {
    const estimate = estimatePurchase({ type: DOUBLE, mode: 'par_chambre', residents: 3, meals: NO_MEALS });
    // 2 rooms: 3 × 49.00 × 2 + 1 × 51.50 × 2
    expect(estimate.lignes.map((line) => line.hebergement_ht)).toEqual(['294.00', '103.00']);
    expect(estimate.total_ht).toBe('397.00');
  });

  it('par personne with meals: nights × residents, without float drift', () => {
    const estimate = estimatePurchase({
      type: DOUBLE,
      mode: 'par_personne',
      residents: 3,
      meals: { petit_dejeuner: true, dejeuner: false, diner: true },
    });
    // lodging 3 × 49 × 3 + 1 × 51.50 × 3 = 441 + 154.50; meals (6.50 + 11.10) × 4 nights × 3 residents = 211.20
    expect(estimate.hebergement_ht).toBe('595.50');
    expect(estimate.repas_ht).toBe('211.20');
    expect(estimate.total_ht).toBe('806.70');
  });
});
