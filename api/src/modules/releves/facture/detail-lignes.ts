/**
 * The detail of a hotel's invoice, whatever it came from (an XLSX or CSV file, the CII XML of a Factur-X PDF): a
 * plain array of raw lines — texts under the detail's column keys, with the row they came from — normalised here into
 * the lines the reconciliation compares: one night, or the meals of one kind of one day, at a unit price and a VAT
 * rate. A stay given by arrival and departure becomes its nights. A bad value is a 400 naming the row and the column.
 */
import {
  DETAIL_MAX_LIGNES,
  DETAIL_MAX_NUITS_SEJOUR,
  RELEVES_MESSAGES,
  type ColonneDetail,
  type Prestation,
} from 'shared/contract';
import { BadRequestError } from '../../../errors';
import { addDays, isDayInRange } from 'shared/contract';
import { daysBetween } from '../../../lib/days';

/** A line as read: the texts of its cells by column key (absent or '' when empty), and its row in the source. */
export type LigneBrute = { ligne: number } & Partial<Record<ColonneDetail, string>>;

/** A normalised line of a detail. Money and rates as decimal strings with two places. */
export interface LigneDetail {
  ligne: number;
  reservationId: number | null;
  pensionnaire: string | null;
  dateNuit: string;
  prestation: Prestation;
  typeChambre: string | null;
  quantite: number;
  prixUnitaireHt: string;
  tauxTva: string;
}

/** Lower case, no accents, no spaces, dashes or dots: how headers and service names are compared. */
export const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s\-_.'’°]/g, '');

const PRESTATIONS_LUES: Record<string, Prestation> = {
  nuitee: 'nuitee',
  nuit: 'nuitee',
  nuitees: 'nuitee',
  chambre: 'nuitee',
  hebergement: 'nuitee',
  petitdejeuner: 'petit_dejeuner',
  pdj: 'petit_dejeuner',
  dejeuner: 'dejeuner',
  diner: 'diner',
};

const text = (line: LigneBrute, key: ColonneDetail): string => (line[key] ?? '').trim();

function required(line: LigneBrute, key: ColonneDetail): string {
  const value = text(line, key);
  if (value === '') throw new BadRequestError(RELEVES_MESSAGES.valeurManquante(line.ligne, key));
  return value;
}

/** 'JJ/MM/AAAA' (or J/M/AAAA) or 'AAAA-MM-JJ' → 'AAAA-MM-JJ'. */
function parseDay(line: LigneBrute, key: ColonneDetail): string {
  const value = required(line, key);
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const day = french
    ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value
      : '';
  if (day === '' || !isDayInRange(day))
    throw new BadRequestError(RELEVES_MESSAGES.date(line.ligne, key, value));
  return day;
}

/** '1 234,5 €' or '1234.50' → '1234.50'. */
function parseMoney(line: LigneBrute, key: ColonneDetail): string {
  const value = required(line, key);
  const match = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(value.replace(/[\s\u00a0\u202f€]/g, ''));
  if (match === null) throw new BadRequestError(RELEVES_MESSAGES.montant(line.ligne, key, value));
  return `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** '10', '5,5', '20 %' → '10.00', '5.50', '20.00'. */
function parseRate(line: LigneBrute): string {
  const value = required(line, 'tauxTva');
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(value.replace(/[\s\u00a0\u202f%]/g, ''));
  const rate = match === null ? '' : `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
  if (rate === '' || Number(match?.[1]) > 100 || (Number(match?.[1]) === 100 && !rate.endsWith('.00')))
    throw new BadRequestError(RELEVES_MESSAGES.taux(line.ligne, value));
  return rate;
}

function parseInteger(line: LigneBrute, key: ColonneDetail, maximum: number): number | null {
  const value = text(line, key);
  if (value === '') return null;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > maximum)
    throw new BadRequestError(RELEVES_MESSAGES.entier(line.ligne, key, value));
  return Number(value);
}

function parsePrestation(line: LigneBrute): Prestation {
  const value = text(line, 'prestation');
  if (value === '') return 'nuitee';
  const prestation = PRESTATIONS_LUES[comparable(value)];
  if (prestation === undefined) throw new BadRequestError(RELEVES_MESSAGES.prestation(line.ligne, value));
  return prestation;
}

/** The nights a line bills: its date, or every night from arrival to the day before departure. */
function nightsOf(line: LigneBrute, prestation: Prestation): string[] {
  if (text(line, 'dateNuit') !== '' || (text(line, 'arrivee') === '' && text(line, 'depart') === ''))
    return [parseDay(line, 'dateNuit')];
  if (prestation !== 'nuitee') throw new BadRequestError(RELEVES_MESSAGES.sejourRepas(line.ligne));
  const arrivee = parseDay(line, 'arrivee');
  const depart = parseDay(line, 'depart');
  const nights = daysBetween(arrivee, depart);
  if (nights < 1 || nights > DETAIL_MAX_NUITS_SEJOUR)
    throw new BadRequestError(RELEVES_MESSAGES.sejour(line.ligne, arrivee, depart));
  return Array.from({ length: nights }, (_, index) => addDays(arrivee, index));
}

/** The normalised lines of raw ones, in order; 400 on the first bad value, or beyond DETAIL_MAX_LIGNES. */
export function normaliserDetail(lignes: readonly LigneBrute[]): LigneDetail[] {
  const result: LigneDetail[] = [];
  for (const line of lignes) {
    const reservationId = parseInteger(line, 'reference', 2_147_483_647);
    const pensionnaire = text(line, 'pensionnaire');
    if (reservationId === null && pensionnaire === '')
      throw new BadRequestError(RELEVES_MESSAGES.valeurManquante(line.ligne, 'pensionnaire'));
    const prestation = parsePrestation(line);
    const nights = nightsOf(line, prestation);
    const quantite = parseInteger(line, 'quantite', 1_000) ?? 1;
    const prixUnitaireHt = parseMoney(line, 'prixUnitaireHt');
    const tauxTva = parseRate(line);
    const typeChambre = text(line, 'typeChambre');
    for (const dateNuit of nights) {
      if (result.length >= DETAIL_MAX_LIGNES) throw new BadRequestError(RELEVES_MESSAGES.tropDeLignes);
      result.push({
        ligne: line.ligne,
        reservationId,
        pensionnaire: pensionnaire === '' ? null : pensionnaire,
        dateNuit,
        prestation,
        typeChambre: typeChambre === '' ? null : typeChambre,
        quantite,
        prixUnitaireHt,
        tauxTva,
      });
    }
  }
  if (result.length === 0) throw new BadRequestError(RELEVES_MESSAGES.aucuneLigne);
  return result;
}
