/**
 * How far from the requested city « Traiter » looks for a hotel (POST /contrat_etablissement/available `perimetre`),
 * and the order hotels are offered in. Hotels have a postcode but no coordinates, so « nearby » is the same
 * département, read from the postcode; docs/domain.md « Hotels offered for a request » gives the reasons.
 */

export const PERIMETRES = ['ville', 'proximite', 'tous'] as const;
export type Perimetre = (typeof PERIMETRES)[number];

export const PERIMETRE_LABELS: Record<Perimetre, string> = {
  ville: 'Ville demandée',
  proximite: 'À proximité',
  tous: 'Tous les établissements',
};

/**
 * The département of a French postcode: its first two digits, three overseas (971–989). Corsica's 20xxx stays « 20 »
 * (2A and 2B share their postcodes).
 */
export const departementDe = (codePostal: string): string =>
  codePostal.startsWith('97') || codePostal.startsWith('98')
    ? codePostal.slice(0, 3)
    : codePostal.slice(0, 2);

/**
 * Départements taken as one area. Paris is a single commune: its own département holds no hotel outside the city,
 * and requests for Paris are placed in the inner ring (Hauts-de-Seine, Seine-Saint-Denis, Val-de-Marne), whose
 * hotels are closer to most of Paris than the far ends of the city are to each other.
 */
const ZONES: readonly (readonly string[])[] = [['75', '92', '93', '94']];

/** The départements « nearby » covers for these ones: themselves and the rest of their area, sorted. */
export function departementsProches(departements: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const departement of departements) {
    all.add(departement);
    for (const zone of ZONES) if (zone.includes(departement)) zone.forEach((d) => all.add(d));
  }
  return [...all].sort();
}

const NOMS = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** French order of names: accents and case do not move a name (« Hôtel » with « hotel »), « Hôtel 2 » before « Hôtel 10 ». */
export const compareNoms = (a: string, b: string): number => NOMS.compare(a, b);
