/**
 * The comparison of a hotel's invoice with the booked nights of that hotel and period (pure: the service reads and
 * writes). With a detail, line by line: each billed line is matched to a booked item (a night, or the meals of one
 * kind of a night) by reservation number and date, else by the resident's name (word order, case and accents aside)
 * and date; then billed but not booked, booked but not billed, price and VAT rate differences, and what is billed
 * more than once. The invoice's totals are compared with its own detail; without a detail, with the booked totals.
 * Amounts in integer cents; VAT per rate rounded per rate on the document, as the statement.
 */
import type { Prestation, TypeEcart } from 'shared/contract';
import { fromCents, toCents, vatCents } from '../periode';
import { comparable, type LigneDetail } from '../facture/detail-lignes';

/** A booked item: a night at its purchase price, or the meals of one kind of that night. */
export interface ItemReserve {
  reservationId: number;
  pensionnaire: string;
  dateNuit: string;
  prestation: Prestation;
  quantite: number;
  prix: string;
  taux: string;
}

export interface EcartTrouve {
  type: TypeEcart;
  reservationId: number | null;
  pensionnaire: string | null;
  dateNuit: string | null;
  prestation: Prestation | null;
  ligneDetail: number | null;
  autreFacture: string | null;
  montantFacture: string;
  montantReserve: string;
  tauxFacture: string | null;
  tauxReserve: string | null;
}

export interface TotauxFacture {
  totalHt: string;
  totalTva: string;
  totalTtc: string;
}

interface Amounted {
  quantite: number;
  prix: string;
  taux: string;
}

const htCents = (item: Amounted) => item.quantite * toCents(item.prix);

/** HT, VAT (per rate, rounded per rate) and TTC of items, in cents. */
export function totalsOf(items: readonly Amounted[]): { ht: number; tva: number; ttc: number } {
  const bases = new Map<string, number>();
  for (const item of items) bases.set(item.taux, (bases.get(item.taux) ?? 0) + htCents(item));
  const ht = [...bases.values()].reduce((sum, base) => sum + base, 0);
  const tva = [...bases.entries()].reduce((sum, [taux, base]) => sum + vatCents(base, taux), 0);
  return { ht, tva, ttc: ht + tva };
}

/** The three total differences between an invoice's header and reference totals (none when equal). */
function totalDifferences(
  facture: TotauxFacture,
  reference: { ht: number; tva: number; ttc: number },
): EcartTrouve[] {
  const pairs: [TypeEcart, string, number][] = [
    ['ecart_total_ht', facture.totalHt, reference.ht],
    ['ecart_total_tva', facture.totalTva, reference.tva],
    ['ecart_total_ttc', facture.totalTtc, reference.ttc],
  ];
  return pairs
    .filter(([, billed, expected]) => toCents(billed) !== expected)
    .map(([type, billed, expected]) => ({
      type,
      reservationId: null,
      pensionnaire: null,
      dateNuit: null,
      prestation: null,
      ligneDetail: null,
      autreFacture: null,
      montantFacture: fromCents(toCents(billed)),
      montantReserve: fromCents(expected),
      tauxFacture: null,
      tauxReserve: null,
    }));
}

/** A name as compared: its words, comparable, in alphabetical order (« DUPONT Jean » = « Jean Dupont »). */
const nameKey = (name: string) =>
  name
    .split(/\s+/)
    .map(comparable)
    .filter((word) => word !== '')
    .sort()
    .join(' ');

const itemKey = (reservationId: number, dateNuit: string, prestation: Prestation) =>
  `${reservationId}|${dateNuit}|${prestation}`;

/** A detail line of another invoice of the same hotel, with that invoice's number. */
export type LigneAutreFacture = LigneDetail & { numero: string };

/**
 * The differences of an invoice: with its detail when it has one, else on its totals only. `autres`: the detail
 * lines of the hotel's other invoices in the period — a booked item one of them bills already is billed twice.
 */
export function comparer(
  facture: TotauxFacture,
  reserves: readonly ItemReserve[],
  detail: readonly LigneDetail[] | null,
  autres: readonly LigneAutreFacture[] = [],
): EcartTrouve[] {
  if (detail === null) return totalDifferences(facture, totalsOf(reserves));
  const ecarts = totalDifferences(
    facture,
    totalsOf(
      detail.map((ligne) => ({ quantite: ligne.quantite, prix: ligne.prixUnitaireHt, taux: ligne.tauxTva })),
    ),
  );

  const booked = new Map<string, ItemReserve>();
  const byName = new Map<string, number>();
  const nights = new Set<string>();
  for (const item of reserves) {
    booked.set(itemKey(item.reservationId, item.dateNuit, item.prestation), item);
    nights.add(`${item.reservationId}|${item.dateNuit}`);
    byName.set(`${nameKey(item.pensionnaire)}|${item.dateNuit}`, item.reservationId);
  }
  const resolve = (ligne: LigneDetail): number | null => {
    if (ligne.reservationId !== null && nights.has(`${ligne.reservationId}|${ligne.dateNuit}`))
      return ligne.reservationId;
    if (ligne.pensionnaire === null) return null;
    return byName.get(`${nameKey(ligne.pensionnaire)}|${ligne.dateNuit}`) ?? null;
  };

  const elsewhere = new Map<string, string>();
  for (const ligne of autres) {
    const reservationId = resolve(ligne);
    if (reservationId !== null)
      elsewhere.set(itemKey(reservationId, ligne.dateNuit, ligne.prestation), ligne.numero);
  }

  const billed = new Set<string>();
  for (const ligne of detail) {
    const reservationId = resolve(ligne);
    const item =
      reservationId === null
        ? undefined
        : booked.get(itemKey(reservationId, ligne.dateNuit, ligne.prestation));
    const base = {
      reservationId: reservationId ?? ligne.reservationId,
      pensionnaire: item?.pensionnaire ?? ligne.pensionnaire,
      dateNuit: ligne.dateNuit,
      prestation: ligne.prestation,
      ligneDetail: ligne.ligne,
      autreFacture: null,
      tauxFacture: ligne.tauxTva,
    };
    const lineHt = ligne.quantite * toCents(ligne.prixUnitaireHt);
    if (item === undefined) {
      ecarts.push({
        ...base,
        type: 'facturee_non_reservee',
        montantFacture: fromCents(lineHt),
        montantReserve: '0.00',
        tauxReserve: null,
      });
      continue;
    }
    const key = itemKey(item.reservationId, item.dateNuit, item.prestation);
    const bookedHt = htCents(item);
    // A night billed in quantity 2 is the same night twice; meals are counted, their quantity is compared.
    const firstUnits = ligne.prestation === 'nuitee' ? 1 : ligne.quantite;
    const repeated = billed.has(key);
    billed.add(key);
    const other = repeated ? undefined : elsewhere.get(key);
    if (other !== undefined) {
      // Already billed by another invoice of the hotel: this whole line is the second billing.
      ecarts.push({
        ...base,
        type: 'facturee_en_double',
        autreFacture: other,
        montantFacture: fromCents(lineHt),
        montantReserve: '0.00',
        tauxReserve: item.taux,
      });
      continue;
    }
    const extraUnits = repeated ? ligne.quantite : ligne.quantite - firstUnits;
    if (extraUnits > 0)
      ecarts.push({
        ...base,
        type: 'facturee_en_double',
        montantFacture: fromCents(extraUnits * toCents(ligne.prixUnitaireHt)),
        montantReserve: '0.00',
        tauxReserve: item.taux,
      });
    if (repeated) continue;
    const firstHt = firstUnits * toCents(ligne.prixUnitaireHt);
    if (firstHt !== bookedHt)
      ecarts.push({
        ...base,
        type: 'ecart_prix',
        montantFacture: fromCents(firstHt),
        montantReserve: fromCents(bookedHt),
        tauxReserve: item.taux,
      });
    if (toCents(ligne.tauxTva) !== toCents(item.taux))
      ecarts.push({
        ...base,
        type: 'ecart_tva',
        // The VAT each side gives the line (the document rounds per rate; a line's share is indicative).
        montantFacture: fromCents(vatCents(firstHt, ligne.tauxTva)),
        montantReserve: fromCents(vatCents(bookedHt, item.taux)),
        tauxReserve: item.taux,
      });
  }
  for (const item of reserves) {
    if (billed.has(itemKey(item.reservationId, item.dateNuit, item.prestation))) continue;
    ecarts.push({
      type: 'reservee_non_facturee',
      reservationId: item.reservationId,
      pensionnaire: item.pensionnaire,
      dateNuit: item.dateNuit,
      prestation: item.prestation,
      ligneDetail: null,
      autreFacture: null,
      montantFacture: '0.00',
      montantReserve: fromCents(htCents(item)),
      tauxFacture: null,
      tauxReserve: item.taux,
    });
  }
  return ecarts;
}
