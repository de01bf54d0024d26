import type {
  ClientFacturationBody,
  FacturationParametres,
  FacturationParametresBody,
} from 'shared/contract';

/** The settings form holds text fields ('' for empty); the API takes null for an empty optional field. */
export type ParametresFormValues = {
  [K in keyof FacturationParametresBody]: K extends 'delaiPaiementJours' ? number : string;
};

const OPTIONAL = [
  'raisonSociale',
  'formeJuridique',
  'adresseLigne1',
  'adresseLigne2',
  'codePostal',
  'ville',
  'siren',
  'siret',
  'numeroTva',
  'email',
  'telephone',
  'iban',
  'bic',
  'tauxPenalites',
  'mentionExoneration',
] as const;

const blank = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};
/** Identifiers typed with spaces (« 552 100 554 », « FR 12 345… ») as the API takes them. */
const compact = (value: string | null | undefined) => blank((value ?? '').replace(/\s/g, '').toUpperCase());
/** « 10,5 » → '10.5' */
const decimal = (value: string | null | undefined) =>
  blank((value ?? '').replace(',', '.').replace(/\s/g, ''));

export function parametresForm(parametres: FacturationParametres): ParametresFormValues {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { manquants, ...fields } = parametres;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value ?? '']),
  ) as unknown as ParametresFormValues;
}

export function parametresBody(values: ParametresFormValues): FacturationParametresBody {
  const body = Object.fromEntries(OPTIONAL.map((key) => [key, blank(values[key])])) as Record<
    (typeof OPTIONAL)[number],
    string | null
  >;
  return {
    ...body,
    siren: compact(values.siren),
    siret: compact(values.siret),
    numeroTva: compact(values.numeroTva),
    iban: compact(values.iban),
    bic: compact(values.bic),
    tauxPenalites: decimal(values.tauxPenalites),
    pays: (values.pays ?? '').trim().toUpperCase(),
    delaiPaiementJours: Number(values.delaiPaiementJours),
    indemniteRecouvrement: decimal(values.indemniteRecouvrement) ?? '',
  };
}

export type ClientFormValues = { [K in keyof ClientFacturationBody]: string };

export function clientBody(values: ClientFormValues): ClientFacturationBody {
  return {
    emailFacturation: blank(values.emailFacturation),
    numeroTva: compact(values.numeroTva),
    adresseLigne1: blank(values.adresseLigne1),
    adresseLigne2: blank(values.adresseLigne2),
    codePostal: blank(values.codePostal),
    ville: blank(values.ville),
  };
}
