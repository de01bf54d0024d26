import { fromCents, toCents } from 'shared';
import { TYPES_ECART, type Ecart, type TypeEcart } from 'shared/contract';

export interface EcartGroup {
  type: TypeEcart;
  ecarts: Ecart[];
  /** Sums of the group's amounts, in cents then written back as the API writes amounts. */
  montantFacture: string;
  montantReserve: string;
  difference: string;
}

/** The differences grouped by kind, in the contract's order (per night first, then the document's totals). */
export function groupEcarts(ecarts: readonly Ecart[]): EcartGroup[] {
  return TYPES_ECART.flatMap((type) => {
    const group = ecarts.filter((ecart) => ecart.type === type);
    if (group.length === 0) return [];
    const sum = (pick: (ecart: Ecart) => string) =>
      fromCents(group.reduce((total, ecart) => total + toCents(pick(ecart)), 0));
    return [
      {
        type,
        ecarts: group,
        montantFacture: sum((ecart) => ecart.montantFacture),
        montantReserve: sum((ecart) => ecart.montantReserve),
        difference: sum((ecart) => ecart.difference),
      },
    ];
  });
}

/** billed − booked of two API amounts, exact. */
export const differenceOf = (facture: string, reserve: string): string =>
  fromCents(toCents(facture) - toCents(reserve));
