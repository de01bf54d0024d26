/**
 * The detail of a hotel's own Factur-X invoice: the CII XML its PDF carries (api/src/lib/facturx), read into the raw
 * lines detail-lignes.ts normalises, like an XLSX or CSV row. What a line of a hotel's invoice says, and how it is
 * read (docs/invoicing.md « Detail files »):
 * - the service: the line's label, read like the « Prestation » column (petit-déjeuner, déjeuner, dîner, else a
 *   night);
 * - who: the line's note (BT-127), else the label's end after « – », « - » or « : »; a « Réservation n° 123 » in
 *   either gives the stay's number;
 * - when: the line's period (BT-134/135). A night line's period runs from the arrival to the departure or to the last
 *   night (both forms are in use): its quantity, a whole number of rooms for each night, says which. A meal line
 *   bills the day its period starts.
 * - the unit price (BT-146, rounded to the cent) and the VAT rate (BT-152, 0 when the line has none).
 */
import { RELEVES_MESSAGES } from 'shared/contract';
import { BadRequestError } from '../../../errors';
import { CiiParseError, parseCiiInvoice, readFacturXXml, type CiiLine } from '../../../lib/facturx';
import { addDays } from 'shared/contract';
import { daysBetween } from '../../../lib/days';
import { comparable, type LigneBrute } from './detail-lignes';

const REFERENCE = /r[ée]servation\s*(?:n\s*[°o.]?\s*)?(\d{1,9})/i;
const MEALS = ['petitdejeuner', 'pdj', 'dejeuner', 'diner'];

/** '54.5000' → '54.50', '12.345' → '12.35' (half up); anything else as it came, for the normaliser to refuse. */
function roundedToCent(value: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (match === null) return value;
  const [whole = '0', fraction = ''] = [match[1], match[2]];
  const digits = fraction.padEnd(3, '0');
  let cents = BigInt(whole) * 100n + BigInt(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

function who(line: CiiLine): { reference?: string; pensionnaire?: string } {
  const note = line.note?.trim() ?? '';
  const reference = REFERENCE.exec(note)?.[1] ?? REFERENCE.exec(line.libelle)?.[1];
  const fromLabel = /(?:\s[–—-]\s|:)\s*([^–—:-][^–—:]*)$/.exec(line.libelle)?.[1] ?? '';
  const name = (note !== '' ? note : fromLabel)
    .replace(REFERENCE, '')
    .replace(/[,;–—-]\s*$/, '')
    .trim();
  return {
    ...(reference === undefined ? {} : { reference }),
    ...(name === '' ? {} : { pensionnaire: name }),
  };
}

function when(line: CiiLine, ligne: number, meal: boolean): Partial<LigneBrute> {
  if (line.periode === undefined) throw new BadRequestError(RELEVES_MESSAGES.facturxPeriode(ligne));
  const { debut, fin } = line.periode;
  const quantity = Number(line.quantite);
  if (meal) return { dateNuit: debut, quantite: line.quantite.replace(/\.0+$/, '') };
  // Departure form first (fin = the day of departure), then last-night form (fin = the last night).
  for (const depart of [fin, addDays(fin, 1)]) {
    const nights = daysBetween(debut, depart);
    if (nights >= 1 && Number.isInteger(quantity / nights) && quantity / nights >= 1)
      return nights === 1
        ? { dateNuit: debut, quantite: String(quantity) }
        : { arrivee: debut, depart, quantite: String(quantity / nights) };
  }
  throw new BadRequestError(
    RELEVES_MESSAGES.facturxQuantite(ligne, line.quantite, Math.max(daysBetween(debut, fin), 1)),
  );
}

/** The raw lines of a Factur-X PDF; 400 in French when it carries no CII invoice or an unreadable one. */
export async function lignesFacturX(pdf: Buffer): Promise<LigneBrute[]> {
  const xml = await readFacturXXml(pdf);
  if (xml === null) throw new BadRequestError(RELEVES_MESSAGES.pdfSansFacturx);
  let lines: CiiLine[];
  try {
    lines = parseCiiInvoice(xml).lignes;
  } catch (error) {
    if (error instanceof CiiParseError)
      throw new BadRequestError(RELEVES_MESSAGES.facturxIllisible(error.message), { cause: error });
    throw error;
  }
  return lines.map((line, index) => {
    const ligne = index + 1;
    const label = comparable(line.libelle);
    const meal = MEALS.find((kind) => label.includes(kind));
    return {
      ligne,
      ...who(line),
      ...when(line, ligne, meal !== undefined),
      ...(meal === undefined ? {} : { prestation: meal === 'pdj' ? 'petitdejeuner' : meal }),
      prixUnitaireHt: roundedToCent(line.prixUnitaireHt),
      tauxTva: line.tauxTva ?? '0',
    };
  });
}
