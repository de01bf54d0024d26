import type { FormRule } from 'antd';
import { formatDate } from 'shared';
import { MONEY_PATTERN, VAT_RATE_PATTERN, type ModeTarification } from 'shared/contract';

export const MODE_TARIFICATION_LABELS: Record<ModeTarification, string> = {
  par_chambre: 'Par chambre',
  par_personne: 'Par personne',
};

export const MODE_TARIFICATION_OPTIONS = (Object.keys(MODE_TARIFICATION_LABELS) as ModeTarification[]).map(
  (value) => ({ value, label: MODE_TARIFICATION_LABELS[value] }),
);

/** « 01/01/2025 – 01/01/2026 » */
export function periode(dateDebut: string, dateFin: string): string {
  return `${formatDate(dateDebut)} – ${formatDate(dateFin)}`;
}

/** A typed amount ('52', '52,5', ' 52.50 ') as the API's decimal string with 2 decimals ('52.00'). */
export function toMoney(value: string | number | null | undefined, fallback = '0.00'): string {
  const text = String(value ?? '')
    .trim()
    .replace(',', '.');
  if (text === '') return fallback;
  const [units = '0', decimals = ''] = text.split('.');
  return `${units}.${decimals.padEnd(2, '0')}`;
}

const moneyPattern = new RegExp(MONEY_PATTERN);
const vatPattern = new RegExp(VAT_RATE_PATTERN);
const normalised = (value: unknown) =>
  String(value ?? '')
    .trim()
    .replace(',', '.');

export const moneyRules = (required: boolean): FormRule[] => [
  ...(required ? [{ required: true, whitespace: true }] : []),
  {
    validator: (_rule, value: unknown) =>
      normalised(value) === '' || moneyPattern.test(normalised(value))
        ? Promise.resolve()
        : Promise.reject(new Error('Montant invalide : par exemple 52 ou 52,50.')),
  },
];

export const vatRules: FormRule[] = [
  { required: true, whitespace: true },
  {
    validator: (_rule, value: unknown) =>
      normalised(value) === '' || vatPattern.test(normalised(value))
        ? Promise.resolve()
        : Promise.reject(new Error('Taux entre 0 et 100, deux décimales au plus.')),
  },
];

/** A date field's rule: after the date at `startPath` (a contract's or a tariff line's start). */
export const afterStart =
  (startPath: (string | number)[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const start: unknown = getFieldValue(startPath);
      return typeof value === 'string' && typeof start === 'string' && value <= start
        ? Promise.reject(new Error('La fin doit suivre le début.'))
        : Promise.resolve();
    },
  });
