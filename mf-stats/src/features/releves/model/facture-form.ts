import type { FormRule } from 'antd';
import { toCents } from 'shared';
import type { FactureEtablissementBody } from 'shared/contract';
import { periodeOfMois } from './mois';
import { dernierJourOf, finExclueOf } from './periode';

/**
 * What the hotel invoice form holds: amounts typed as text (« 1 234,50 »), dates as 'YYYY-MM-DD', and the period
 * as the invoice prints it — `periodeFin` is its last day, included (the API's exclusive end is the day after).
 */
export interface FactureFormValues {
  etablissementId: number;
  numero: string;
  dateFacture: string;
  periodeDebut: string;
  /** The last day billed, included (31 October for October). */
  periodeFin: string;
  totalHt: string;
  totalTva: string;
  totalTtc: string;
}

/** « 1 234,50 € » → '1234.50'-like text: spaces, the euro sign gone, the decimal comma a point; null if not an amount. */
export function amountOf(text: string | undefined): string | null {
  const cleaned = (text ?? '').replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  return /^\d{1,10}(\.\d{1,2})?$/.test(cleaned) ? cleaned : null;
}

export const AMOUNT_MESSAGE =
  'Montant invalide : un nombre positif avec au plus deux décimales (par exemple 1 234,50).';
export const TTC_MESSAGE = 'Le total TTC doit être égal au total HT plus la TVA.';
export const PERIODE_MESSAGE = 'La fin de période ne peut pas précéder son début.';

/** The period's order: its last day not before its first (one day, first = last, is a period). */
export const periodeInOrder = (debut: string | null | undefined, fin: string | null | undefined): boolean =>
  !debut || !fin || fin >= debut;

export const amountRule: FormRule = {
  validator: (_rule, value: string | undefined) =>
    !value || amountOf(value) !== null ? Promise.resolve() : Promise.reject(new Error(AMOUNT_MESSAGE)),
};

/** TTC = HT + TVA, compared in cents (never in floats); silent while one of them is not an amount yet. */
export function ttcMatches(values: Partial<FactureFormValues>): boolean {
  const amounts = [values.totalHt, values.totalTva, values.totalTtc].map(amountOf);
  if (amounts.some((amount) => amount === null)) return true;
  const [ht, tva, ttc] = amounts as [string, string, string];
  return toCents(ht) + toCents(tva) === toCents(ttc);
}

/** The form's first values for a hotel's invoice of a month: its first and its last day (31 October). */
export function saisieDuMois(etablissementId: number, mois: string): Partial<FactureFormValues> {
  const periode = periodeOfMois(mois);
  return { etablissementId, periodeDebut: periode.debut, periodeFin: dernierJourOf(periode.fin) };
}

/** The POST body: amounts sent as strings ('120.50'), the number trimmed, the period's end the day after its last. */
export function factureBody(values: FactureFormValues): FactureEtablissementBody {
  return {
    etablissementId: values.etablissementId,
    numero: values.numero.trim(),
    dateFacture: values.dateFacture,
    periodeDebut: values.periodeDebut,
    periodeFin: finExclueOf(values.periodeFin),
    totalHt: amountOf(values.totalHt)!,
    totalTva: amountOf(values.totalTva)!,
    totalTtc: amountOf(values.totalTtc)!,
  };
}
