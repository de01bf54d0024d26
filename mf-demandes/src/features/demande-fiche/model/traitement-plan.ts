import type { ModeTarification, TypeChambreData } from 'shared/contract';
import { fromCents, toCents } from 'shared';
import { chambresLibres, chambresNecessaires, estimatePurchase, type MealChoice } from 'shared/ui';

/**
 * The rooms of a treatment: the agent splits the request's residents across rooms, each of a room type of the chosen
 * hotel contract, with an optional room number. Rooms are counted and priced as the API does
 * (api/src/modules/reservations/rooms/allotment.ts): the residents of one type and one room number — or of one type
 * without number — share rooms up to the type's capacity, ceil(residents / capacity) rooms every night.
 */
export interface Chambre {
  /** Stable key of the row (not sent). */
  key: number;
  typeChambreId: number | undefined;
  /** Room number given by the hotel, if known. */
  numero: string;
}

export interface Plan {
  chambres: Chambre[];
  /** Resident id → key of the room they take: every resident is in exactly one room by construction. */
  affectation: Record<number, number>;
}

/** One room holding every resident, of the type wished (when the hotel offers it). */
export const initialPlan = (residentIds: number[], typeChambreId: number | undefined): Plan => ({
  chambres: [{ key: 1, typeChambreId, numero: '' }],
  affectation: Object.fromEntries(residentIds.map((id) => [id, 1])),
});

export const addChambre = (plan: Plan): Plan => ({
  ...plan,
  chambres: [
    ...plan.chambres,
    {
      key: Math.max(0, ...plan.chambres.map((c) => c.key)) + 1,
      typeChambreId: plan.chambres[0]?.typeChambreId,
      numero: '',
    },
  ],
});

/** Removes a room; its residents go back to the first room left. */
export function removeChambre(plan: Plan, key: number): Plan {
  const chambres = plan.chambres.filter((c) => c.key !== key);
  const first = chambres[0];
  if (first === undefined) return plan;
  return {
    chambres,
    affectation: Object.fromEntries(
      Object.entries(plan.affectation).map(([id, room]) => [id, room === key ? first.key : room]),
    ),
  };
}

export const updateChambre = (plan: Plan, key: number, change: Partial<Omit<Chambre, 'key'>>): Plan => ({
  ...plan,
  chambres: plan.chambres.map((c) => (c.key === key ? { ...c, ...change } : c)),
});

export const assign = (plan: Plan, residentId: number, key: number): Plan => ({
  ...plan,
  affectation: { ...plan.affectation, [residentId]: key },
});

export const residentsOf = (plan: Plan, key: number) =>
  Object.entries(plan.affectation)
    .filter(([, room]) => room === key)
    .map(([id]) => Number(id));

/** Rooms of one type and one room number, as the API counts them. */
export interface Groupe {
  type: TypeChambreData;
  numero: string;
  residents: number;
  chambres: number;
}

export function groupesOf(plan: Plan, types: TypeChambreData[]): Groupe[] {
  const groups = new Map<string, Groupe>();
  for (const chambre of plan.chambres) {
    const type = types.find((t) => t.id === chambre.typeChambreId);
    const residents = residentsOf(plan, chambre.key).length;
    if (type === undefined || residents === 0) continue;
    const numero = chambre.numero.trim();
    const key = `${type.id}|${numero}`;
    const group = groups.get(key) ?? { type, numero, residents: 0, chambres: 0 };
    group.residents += residents;
    group.chambres = chambresNecessaires(group.residents, type.capacite);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Why the plan cannot be booked yet, in French; empty when it can. */
export function planErrors(plan: Plan, types: TypeChambreData[]): string[] {
  const errors: string[] = [];
  plan.chambres.forEach((chambre, index) => {
    const n = index + 1;
    const type = types.find((t) => t.id === chambre.typeChambreId);
    if (residentsOf(plan, chambre.key).length === 0) errors.push(`La chambre ${n} n'a aucun pensionnaire.`);
    if (type === undefined) errors.push(`Choisissez le type de la chambre ${n}.`);
    else if (!type.couvre_periode)
      errors.push(
        `Le contrat de l'établissement ne tarife pas le type « ${type.libelle} » sur toute la période.`,
      );
  });
  const needed = new Map<number, { type: TypeChambreData; chambres: number }>();
  for (const group of groupesOf(plan, types)) {
    const entry = needed.get(group.type.id) ?? { type: group.type, chambres: 0 };
    entry.chambres += group.chambres;
    needed.set(group.type.id, entry);
  }
  for (const { type, chambres } of needed.values()) {
    const free = chambresLibres(type);
    if (free !== null && chambres > free)
      errors.push(
        `Allotement épuisé pour le type « ${type.libelle} » : ${chambres} chambre${chambres > 1 ? 's' : ''} nécessaire${chambres > 1 ? 's' : ''}, ${free} libre${free > 1 ? 's' : ''}.`,
      );
  }
  return errors;
}

export interface LignePrix {
  key: string;
  libelle: string;
  chambres: number;
  residents: number;
  date_debut: string;
  date_fin: string;
  nombre_nuits: number;
  /** Lodging and chosen meals of the group for one night of the sub-period, HT. */
  par_nuit_ht: string;
  total_ht: string;
}

/** Purchase estimate HT of the plan, per room group and tariff sub-period, and its total. */
export function estimatePlan(
  plan: Plan,
  types: TypeChambreData[],
  mode: ModeTarification,
  meals: MealChoice,
): { lignes: LignePrix[]; total_ht: string } {
  const lignes: LignePrix[] = [];
  let total = 0;
  for (const group of groupesOf(plan, types)) {
    const estimate = estimatePurchase({ type: group.type, mode, residents: group.residents, meals });
    estimate.lignes.forEach((ligne) => {
      const cents = toCents(ligne.total_ht);
      total += cents;
      lignes.push({
        key: `${group.type.id}|${group.numero}|${ligne.date_debut}`,
        libelle: group.numero ? `${group.type.libelle} n° ${group.numero}` : group.type.libelle,
        chambres: group.chambres,
        residents: group.residents,
        date_debut: ligne.date_debut,
        date_fin: ligne.date_fin,
        nombre_nuits: ligne.nombre_nuits,
        par_nuit_ht: fromCents(ligne.nombre_nuits > 0 ? Math.round(cents / ligne.nombre_nuits) : 0),
        total_ht: ligne.total_ht,
      });
    });
  }
  return { lignes, total_ht: fromCents(total) };
}
