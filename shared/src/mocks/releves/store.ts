import type {
  ClientFacturation,
  Ecart,
  FacturationParametres,
  FactureEtablissement,
  FactureEtablissementDetail,
} from '../../contract';
import { fromCents, toCents } from '../../format/money';
import { seedFacturesEtablissements, seedParametres } from './fixtures';

/** The mock hotel invoices, seller settings and clients' billing details, reset before each page test. */

export type StoredFacture = FactureEtablissement & { ecarts: Ecart[] };

export const relevesStore = {
  factures: seedFacturesEtablissements(),
  parametres: seedParametres(),
  /** Billing details entered for a client (by client id); a client without an entry has none of its own. */
  clients: new Map<number, Omit<ClientFacturation, 'clientId' | 'clientNom' | 'emailEffectif'>>(),
  nextId: 100,
};

export function resetRelevesMocks(): void {
  relevesStore.factures = seedFacturesEtablissements();
  relevesStore.parametres = seedParametres();
  relevesStore.clients = new Map();
  relevesStore.nextId = 100;
}

/** The differences' HT per night the totals add (VAT and document totals aside), as the API sums them. */
const PER_NIGHT = new Set<Ecart['type']>([
  'facturee_non_reservee',
  'reservee_non_facturee',
  'ecart_prix',
  'facturee_en_double',
]);

/** An invoice with its counters and the totals of its differences, as GET /factures-etablissements/:id answers. */
export function detailOf(facture: StoredFacture): FactureEtablissementDetail {
  const perNight = facture.ecarts.filter((ecart) => PER_NIGHT.has(ecart.type));
  const sum = (pick: (ecart: Ecart) => string) =>
    fromCents(perNight.reduce((total, ecart) => total + toCents(pick(ecart)), 0));
  return {
    ...facture,
    nombreEcarts: facture.ecarts.length,
    ecartsOuverts: facture.ecarts.filter((ecart) => !ecart.accepte).length,
    totauxEcarts: {
      montantFacture: sum((ecart) => ecart.montantFacture),
      montantReserve: sum((ecart) => ecart.montantReserve),
      difference: sum((ecart) => ecart.difference),
    },
  };
}

/** The list row of an invoice (no differences). */
export function rowOf(facture: StoredFacture): FactureEtablissement {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { ecarts, totauxEcarts, ...row } = detailOf(facture);
  return row;
}

/** The missing mandatory settings, by their French names. */
export function parametresWithManquants(
  parametres: FacturationParametres,
  obligatoires: Record<string, string>,
): FacturationParametres {
  const manquants = Object.entries(obligatoires)
    .filter(([key]) => {
      const value = (parametres as unknown as Record<string, unknown>)[key];
      return value === null || value === undefined || value === '';
    })
    .map(([, name]) => name);
  return { ...parametres, manquants };
}
