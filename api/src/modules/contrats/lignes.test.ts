import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../errors';
import { daysBetween } from '../../lib/days';
import { normaliseDecimal, periode } from './format';
import { assertLinesValid, planLines, type ExistingLine, type IncomingLine, type LineField } from './lignes';

const FIELDS: LineField[] = ['typeChambreId', 'dateDebut', 'dateFin', 'prixNuiteeHt', 'allotement'];
const describeLine = (line: { typeChambreId: number }) => `« type ${line.typeChambreId} »`;
const prices = { prixPetitDejeunerHt: '0.00', prixDejeunerHt: '0.00', prixDinerHt: '0.00' };

const existing = (id: number, values: Partial<ExistingLine> = {}): ExistingLine => ({
  id,
  typeChambreId: 1,
  dateDebut: '2025-01-01',
  dateFin: '2025-07-01',
  prixNuiteeHt: '60.00',
  allotement: null,
  utilisee: false,
  ...prices,
  ...values,
});
const incoming = (position: number, values: Partial<IncomingLine> = {}): IncomingLine => ({
  position,
  typeChambreId: 1,
  dateDebut: '2025-01-01',
  dateFin: '2025-07-01',
  prixNuiteeHt: '60.00',
  allotement: null,
  ...prices,
  ...values,
});

describe('format', () => {
  it.each([
    ['84', '84.00'],
    ['84.5', '84.50'],
    ['007.05', '7.05'],
    ['9999999999.99', '9999999999.99'],
  ])('normalises %s to %s', (input, output) => expect(normaliseDecimal(input)).toBe(output));

  it('writes half-open periods in French and counts nights across DST', () => {
    expect(periode('2025-01-01', '2025-07-01')).toBe('du 01/01/2025 au 01/07/2025 exclu');
    expect(daysBetween('2025-03-29', '2025-04-01')).toBe(3);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
  });
});

describe('assertLinesValid', () => {
  const contract = { dateDebut: '2025-01-01', dateFin: '2026-01-01' };
  it('accepts adjacent lines and lines of different room types or hotels on the same dates', () => {
    expect(() =>
      assertLinesValid(
        contract,
        [
          incoming(1),
          incoming(2, { dateDebut: '2025-07-01', dateFin: '2026-01-01' }),
          incoming(3, { typeChambreId: 2 }),
          incoming(4, { etablissementId: 7 }),
        ],
        describeLine,
      ),
    ).not.toThrow();
  });

  it.each([
    ['a line before the contract', [incoming(1, { dateDebut: '2024-12-31' })], /doit être comprise/],
    ['a line after the contract', [incoming(1, { dateFin: '2026-01-02' })], /doit être comprise/],
    ['an empty line', [incoming(1, { dateFin: '2025-01-01' })], /date de fin doit être postérieure/],
    [
      'two lines sharing one night',
      [incoming(1, { dateDebut: '2025-06-30', dateFin: '2025-08-01' }), incoming(2)],
      /^Les lignes de tarif n° 1 et n° 2 \(« type 1 »\) se chevauchent/,
    ],
  ])('refuses %s', (_name, lines, message) => {
    expect(() => assertLinesValid(contract, lines, describeLine)).toThrow(message);
  });
});

describe('planLines', () => {
  it('keeps identical lines, replaces changed unused ones, inserts new ones, removes the rest', () => {
    const plan = planLines(
      [
        existing(1),
        existing(2, { dateDebut: '2025-07-01', dateFin: '2026-01-01' }),
        existing(3, { typeChambreId: 2 }),
      ],
      [
        incoming(1),
        incoming(2, { id: 2, dateDebut: '2025-07-01', dateFin: '2026-01-01', prixNuiteeHt: '65.00' }),
        incoming(3, { typeChambreId: 4 }),
      ],
      FIELDS,
      describeLine,
    );
    expect(plan.keep).toEqual([1]);
    expect(plan.remove.sort()).toEqual([2, 3]);
    expect(plan.insert.map((line) => line.position)).toEqual([2, 3]);
  });

  it('matches a used line resent without its id, and refuses to change or drop a used line', () => {
    const used = existing(1, { utilisee: true });
    expect(planLines([used], [incoming(1)], FIELDS, describeLine).keep).toEqual([1]);
    expect(() => planLines([used], [], FIELDS, describeLine)).toThrow(ConflictError);
    expect(() => planLines([used], [], FIELDS, describeLine)).toThrow(/ne peut pas être supprimée/);
    expect(() => planLines([used], [incoming(1, { id: 1, allotement: 3 })], FIELDS, describeLine)).toThrow(
      /ne peut pas être modifiée/,
    );
  });

  it('refuses ids of other contracts and ids sent twice', () => {
    expect(() => planLines([existing(1)], [incoming(1, { id: 9 })], FIELDS, describeLine)).toThrow(
      "Ligne de tarif n° 1 : la ligne 9 n'appartient pas à ce contrat.",
    );
    expect(() =>
      planLines([existing(1)], [incoming(1, { id: 1 }), incoming(2, { id: 1 })], FIELDS, describeLine),
    ).toThrow(/envoyée deux fois/);
  });
});
