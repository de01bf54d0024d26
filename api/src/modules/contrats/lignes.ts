/**
 * Tariff lines, as pure functions: the checks of a contract's lines (inside its period, no two lines pricing
 * the same night) and the plan of an update (which lines stay, go, arrive), refusing to touch a line that
 * nights were booked at. The database holds the same rules (exclusion constraint, deferred triggers); checking
 * here first gives messages that name the line.
 */
import { BadRequestError, ConflictError } from '../../errors';
import { CONTRATS_MESSAGES as M } from 'shared/contract';
import { periode } from './format';

/** The values of a line, normalised (money '84.50', absent meal prices '0.00', absent allotment null). */
export interface LineValues {
  typeChambreId: number;
  /** Sale lines only: the hotel the price is for; null = every hotel. */
  etablissementId?: number | null;
  dateDebut: string;
  dateFin: string;
  prixNuiteeHt: string;
  prixPetitDejeunerHt: string;
  prixDejeunerHt: string;
  prixDinerHt: string;
  /** Purchase lines only; null = no limit. */
  allotement?: number | null;
}

export interface ExistingLine extends LineValues {
  id: number;
  /** Nights were booked at this line (or rooms counted against its allotment). */
  utilisee: boolean;
}

export interface IncomingLine extends LineValues {
  /** An update may name the existing line it keeps or changes. */
  id?: number | undefined;
  /** 1-based position in the body, for messages. */
  position: number;
}

export type LineField = keyof LineValues;

export interface LinePlan<L extends IncomingLine = IncomingLine> {
  /** Existing lines kept as they are. */
  keep: number[];
  /** Existing lines deleted (removed, or changed: a changed line is deleted and inserted again). */
  remove: number[];
  insert: L[];
}

/** How lines are named in messages: « Double » or « Double, Hôtel du Parc ». */
export type DescribeLine = (line: LineValues) => string;

/** The error's `champ`: a line's field in the body (`lignes.0.dateFin`), or the line itself. */
export const lineField = (position: number, field?: LineField): string =>
  field === undefined ? `lignes.${position - 1}` : `lignes.${position - 1}.${field}`;

const overlapKey = (line: LineValues) => `${line.typeChambreId}|${line.etablissementId ?? 0}`;

/** Each line lies inside the contract's period, and no two lines of one key price the same night. */
export function assertLinesValid(
  contract: { dateDebut: string; dateFin: string },
  lines: IncomingLine[],
  describe: DescribeLine,
): void {
  for (const line of lines) {
    if (line.dateFin <= line.dateDebut)
      throw new BadRequestError(M.lineEndBeforeStart(line.position, describe(line)), {
        champ: lineField(line.position, 'dateFin'),
      });
    if (line.dateDebut < contract.dateDebut || line.dateFin > contract.dateFin)
      throw new BadRequestError(
        M.lineOutsideContract(
          line.position,
          describe(line),
          periode(line.dateDebut, line.dateFin),
          periode(contract.dateDebut, contract.dateFin),
        ),
        { champ: lineField(line.position, line.dateDebut < contract.dateDebut ? 'dateDebut' : 'dateFin') },
      );
  }
  const byKey = new Map<string, IncomingLine[]>();
  for (const line of lines) byKey.set(overlapKey(line), [...(byKey.get(overlapKey(line)) ?? []), line]);
  for (const group of byKey.values()) {
    const sorted = [...group].sort((a, b) =>
      a.dateDebut < b.dateDebut ? -1 : a.dateDebut > b.dateDebut ? 1 : 0,
    );
    for (let index = 1; index < sorted.length; index += 1) {
      const previous = sorted[index - 1] as IncomingLine;
      const current = sorted[index] as IncomingLine;
      if (current.dateDebut < previous.dateFin) {
        const [a, b] = [previous.position, current.position].sort((x, y) => x - y);
        // Shown on the start of the line typed last (the higher number): the one to move, most often.
        throw new BadRequestError(M.linesOverlap(a as number, b as number, describe(current)), {
          champ: lineField(b as number, 'dateDebut'),
        });
      }
    }
  }
}

const differingField = (a: LineValues, b: LineValues, fields: readonly LineField[]) =>
  fields.find((field) => (a[field] ?? null) !== (b[field] ?? null));
const sameValues = (a: LineValues, b: LineValues, fields: readonly LineField[]) =>
  differingField(a, b, fields) === undefined;

/**
 * What an update does to the lines. A line sent with `id` keeps or changes that line; a line sent without `id`
 * keeps an identical existing line if there is one (so a client may simply resend every line), otherwise it is
 * new. Existing lines not sent are removed. A line already used by nights may be neither changed nor removed
 * (409); the others are deleted and inserted again when they change, so their id changes.
 */
export function planLines<L extends IncomingLine>(
  existing: ExistingLine[],
  incoming: L[],
  fields: readonly LineField[],
  describe: DescribeLine,
): LinePlan<L> {
  const byId = new Map(existing.map((line) => [line.id, line]));
  const claimed = new Set<number>();
  const plan: LinePlan<L> = { keep: [], remove: [], insert: [] };
  const used = (line: ExistingLine, verb: string, champ?: string) =>
    new ConflictError(
      M.lineUsed(describe(line), periode(line.dateDebut, line.dateFin), verb),
      champ === undefined ? undefined : { champ },
    );

  for (const line of incoming) {
    if (line.id === undefined) continue;
    const current = byId.get(line.id);
    if (current === undefined)
      throw new BadRequestError(M.lineNotOfContract(line.position, line.id), {
        champ: lineField(line.position),
      });
    if (claimed.has(line.id))
      throw new BadRequestError(M.lineTwice(line.position, line.id), { champ: lineField(line.position) });
    claimed.add(line.id);
    const changed = differingField(current, line, fields);
    if (changed === undefined) plan.keep.push(current.id);
    else if (current.utilisee) throw used(current, 'modifiée', lineField(line.position, changed));
    else {
      plan.remove.push(current.id);
      plan.insert.push(line);
    }
  }

  for (const line of incoming) {
    if (line.id !== undefined) continue;
    // Prefer a used line: leaving it unclaimed would refuse the update.
    const twin =
      existing.find((e) => e.utilisee && !claimed.has(e.id) && sameValues(e, line, fields)) ??
      existing.find((e) => !claimed.has(e.id) && sameValues(e, line, fields));
    if (twin === undefined) plan.insert.push(line);
    else {
      claimed.add(twin.id);
      plan.keep.push(twin.id);
    }
  }

  for (const line of existing) {
    if (claimed.has(line.id)) continue;
    if (line.utilisee) throw used(line, 'supprimée');
    plan.remove.push(line.id);
  }
  return plan;
}
