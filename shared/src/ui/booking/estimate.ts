import type { ModeTarification, TypeChambreData } from 'shared/contract';
import { fromCents, toCents } from '../../format/money';

/**
 * Estimated purchase total HT of a booking, from the room type's tariff sub-periods
 * (GET /contrat_etablissement/type_chambres). Money stays in integer cents: decimal strings in, decimal strings out,
 * never a float. An estimate only: the API prices each night from the contracts when it books. Shared by
 * mf-reservations' booking screen and mf-demandes' « Traiter » assistant (a remote never imports another).
 */

export interface MealChoice {
  petit_dejeuner: boolean;
  dejeuner: boolean;
  diner: boolean;
}

/** Rooms the residents take every night: they share rooms of the type up to its capacity. */
export const chambresNecessaires = (residents: number, capacite: number) =>
  residents > 0 ? Math.ceil(residents / Math.max(1, capacite)) : 0;

/** Fewest free rooms over the sub-periods; null = no limit. */
export function chambresLibres(type: TypeChambreData): number | null {
  const limited = type.tarifs
    .map((tarif) => tarif.chambres_libres)
    .filter((value): value is number => value !== null);
  return limited.length ? Math.min(...limited) : null;
}

/** Free rooms as the booking screens say them: « 3 chambres libres », « 1 chambre libre », « complet », « sans limite ». */
export function chambresLibresLabel(free: number | null): string {
  if (free === null) return 'sans limite';
  if (free <= 0) return 'complet';
  return `${free} chambre${free > 1 ? 's' : ''} libre${free > 1 ? 's' : ''}`;
}

export interface EstimateLine {
  date_debut: string;
  date_fin: string;
  nombre_nuits: number;
  prix_nuitee_ht: string;
  /** Nights × price × rooms (par chambre) or × residents (par personne). */
  hebergement_ht: string;
  /** Nights × residents × chosen meal prices. */
  repas_ht: string;
  total_ht: string;
}

export interface Estimate {
  lignes: EstimateLine[];
  hebergement_ht: string;
  repas_ht: string;
  total_ht: string;
}

export function estimatePurchase(input: {
  type: TypeChambreData;
  mode: ModeTarification;
  residents: number;
  meals: MealChoice;
}): Estimate {
  const { type, mode, residents, meals } = input;
  const units = mode === 'par_chambre' ? chambresNecessaires(residents, type.capacite) : residents;
  let hebergement = 0;
  let repas = 0;
  const lignes = type.tarifs.map((tarif) => {
    const lodging = tarif.nombre_nuits * toCents(tarif.prix_nuitee_ht) * units;
    const mealPrice =
      (meals.petit_dejeuner ? toCents(tarif.prix_petit_dejeuner_ht) : 0) +
      (meals.dejeuner ? toCents(tarif.prix_dejeuner_ht) : 0) +
      (meals.diner ? toCents(tarif.prix_diner_ht) : 0);
    const food = tarif.nombre_nuits * residents * mealPrice;
    hebergement += lodging;
    repas += food;
    return {
      date_debut: tarif.date_debut,
      date_fin: tarif.date_fin,
      nombre_nuits: tarif.nombre_nuits,
      prix_nuitee_ht: tarif.prix_nuitee_ht,
      hebergement_ht: fromCents(lodging),
      repas_ht: fromCents(food),
      total_ht: fromCents(lodging + food),
    };
  });
  return {
    lignes,
    hebergement_ht: fromCents(hebergement),
    repas_ht: fromCents(repas),
    total_ht: fromCents(hebergement + repas),
  };
}
