import type { TypeChambreData } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import {
  addChambre,
  assign,
  estimatePlan,
  groupesOf,
  initialPlan,
  planErrors,
  removeChambre,
  residentsOf,
  updateChambre,
} from './traitement-plan';

const type = (
  id: number,
  libelle: string,
  capacite: number,
  prix: string,
  libres: number | null,
  couvre = true,
): TypeChambreData => ({
  id,
  libelle,
  capacite,
  couvre_periode: couvre,
  tarifs: [
    {
      tarif_id: id,
      date_debut: '2026-12-01',
      date_fin: '2026-12-04',
      nombre_nuits: 3,
      prix_nuitee_ht: prix,
      prix_petit_dejeuner_ht: '6.50',
      prix_dejeuner_ht: '11.00',
      prix_diner_ht: '11.00',
      allotement: libres,
      chambres_libres: libres,
    },
  ],
});

const SIMPLE = type(1, 'Simple', 1, '49.00', 2);
const DOUBLE = type(2, 'Double', 2, '64.00', null);
const TYPES = [SIMPLE, DOUBLE];
const NO_MEALS = { petit_dejeuner: false, dejeuner: false, diner: false };

describe('treatment plan', () => {
  it('starts with one room holding every resident; rooms are added, filled and removed', () => {
    let plan = initialPlan([10, 11, 12], 2);
    expect(residentsOf(plan, 1)).toEqual([10, 11, 12]);
    plan = addChambre(plan);
    expect(plan.chambres.map((c) => [c.key, c.typeChambreId])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    plan = assign(plan, 12, 2);
    expect(residentsOf(plan, 1)).toEqual([10, 11]);
    expect(residentsOf(plan, 2)).toEqual([12]);
    plan = removeChambre(plan, 1);
    expect(plan.chambres.map((c) => c.key)).toEqual([2]);
    expect(residentsOf(plan, 2)).toEqual([10, 11, 12]);
  });

  it('counts rooms as the API does: one type and one number (or none) share rooms up to the capacity', () => {
    let plan = assign(addChambre(initialPlan([10, 11, 12], 2)), 12, 2);
    // Two Double rows without numbers: three residents pooled, two rooms.
    expect(groupesOf(plan, TYPES).map((g) => [g.type.libelle, g.residents, g.chambres])).toEqual([
      ['Double', 3, 2],
    ]);
    plan = updateChambre(updateChambre(plan, 1, { numero: '101' }), 2, { numero: '102' });
    expect(groupesOf(plan, TYPES).map((g) => [g.numero, g.residents, g.chambres])).toEqual([
      ['101', 2, 1],
      ['102', 1, 1],
    ]);
  });

  it('says in French what prevents the booking: empty room, no type, type not priced, allotment exhausted', () => {
    const empty = addChambre(initialPlan([10], undefined));
    expect(planErrors(empty, TYPES)).toEqual([
      'Choisissez le type de la chambre 1.',
      "La chambre 2 n'a aucun pensionnaire.",
      'Choisissez le type de la chambre 2.',
    ]);
    const uncovered = initialPlan([10], 3);
    expect(planErrors(uncovered, [type(3, 'Familiale', 4, '88.00', null, false)])).toEqual([
      "Le contrat de l'établissement ne tarife pas le type « Familiale » sur toute la période.",
    ]);
    // Three residents in Simple rooms: three rooms, two left.
    expect(planErrors(initialPlan([10, 11, 12], 1), TYPES)).toEqual([
      'Allotement épuisé pour le type « Simple » : 3 chambres nécessaires, 2 libres.',
    ]);
    expect(planErrors(initialPlan([10, 11], 1), TYPES)).toEqual([]);
  });

  it('prices per night and in total: per room (rooms × price) or per person, meals per resident', () => {
    const plan = assign(
      updateChambre(addChambre(initialPlan([10, 11, 12], 2)), 2, { typeChambreId: 1 }),
      12,
      2,
    );
    const perRoom = estimatePlan(plan, TYPES, 'par_chambre', { ...NO_MEALS, petit_dejeuner: true });
    expect(
      perRoom.lignes.map((l) => [l.libelle, l.chambres, l.residents, l.par_nuit_ht, l.total_ht]),
    ).toEqual([
      // One Double for two: 64.00 + 2 × 6.50; one Simple: 49.00 + 6.50; three nights each.
      ['Double', 1, 2, '77.00', '231.00'],
      ['Simple', 1, 1, '55.50', '166.50'],
    ]);
    expect(perRoom.total_ht).toBe('397.50');
    const perPerson = estimatePlan(plan, TYPES, 'par_personne', NO_MEALS);
    expect(perPerson.lignes.map((l) => l.par_nuit_ht)).toEqual(['128.00', '49.00']);
    expect(perPerson.total_ht).toBe('531.00');
  });
});
