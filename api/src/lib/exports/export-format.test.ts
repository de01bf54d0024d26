import { parisToday } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { exportFileName, filtersSummary, parisDayOfIso } from './export-format';
import { frenchMoney, PDF_ROWS_PER_PAGE, PDF_TOTAL_SLOTS, pdfPageCount } from './export-pdf';

describe('export texts', () => {
  it('dates file names in Europe/Paris', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    const at = new Date('2026-12-31T23:30:00Z');
    expect(parisToday(at)).toBe('2027-01-01');
    expect(exportFileName('pdfResa', at)).toBe('reservations-2027-01-01.pdf');
    expect(exportFileName('excelResaAll', at)).toBe('reservations-2027-01-01.xlsx');
    expect(exportFileName('excelProlonger', at)).toBe('reservations-a-prolonger-2027-01-01.xlsx');
  });

  it('gives the Paris day of a UTC timestamp, memoised per UTC hour, across both DST changes', () => {
    const cases = [
      '2026-12-31T22:59:59.999999Z', // 23:59 in Paris (UTC+1)
      '2026-12-31T23:00:00.000000Z', // 00:00 on 1 January
      '2026-03-28T22:30:00.000000Z', // the night of the spring change: 23:30 (UTC+1)
      '2026-03-28T23:30:00.000000Z',
      '2026-03-29T00:30:00.000000Z', // 01:30 (UTC+1) before 01:00 UTC, 03:30 (UTC+2) after
      '2026-03-29T01:30:00.000000Z',
      '2026-06-30T21:59:00.000000Z', // 23:59 (UTC+2)
      '2026-06-30T22:00:00.000000Z', // 00:00 on 1 July
      '2026-10-24T21:30:00.000000Z', // the night of the autumn change
      '2026-10-24T22:30:00.000000Z',
      '2026-10-25T00:30:00.000000Z',
      '2026-10-25T01:30:00.000000Z',
      '2026-10-25T22:59:00.000000Z',
      '2026-10-25T23:00:00.000000Z',
    ];
    for (const iso of cases) {
      // Twice: the second answer comes from the memo of that UTC hour.
      expect(parisDayOfIso(iso)).toBe(parisToday(new Date(iso)));
      expect(parisDayOfIso(iso.replace(/:\d\d:\d\d\.\d+Z$/, ':59:59.999999Z'))).toBe(
        parisToday(new Date(iso)),
      );
    }
    expect(parisDayOfIso('2026-12-31T23:30:00+00:00')).toBe('2027-01-01');
  });

  it('summarises the filters in French', () => {
    expect(filtersSummary({})).toBe('Aucun filtre');
    expect(
      filtersSummary({
        etat: 'prolongable',
        statut: ['confirmee', 'en_cours'],
        start_date: '2026-03-01',
        end_date: '2026-04-01',
        status_caf: true,
        etat_payment_caf: 'a_verifier',
        pensionnaire: 'dia',
        sort: 'date_fin',
        order: 'desc',
      }),
    ).toBe(
      'État : prolongeable ; Statut : Confirmée, En cours ; Période : du 01/03/2026 au 01/04/2026 exclu ; ' +
        'CAF : oui ; État CAF : À vérifier ; Pensionnaire contient « dia » — tri : départ (décroissant)',
    );
  });

  it('formats money the French way without computing', () => {
    expect(frenchMoney('1234567.50')).toBe('1 234 567,50');
    expect(frenchMoney('0.00')).toBe('0,00');
    expect(frenchMoney('999.05')).toBe('999,05');
  });

  it('knows the page count from the row count', () => {
    const perPage = PDF_ROWS_PER_PAGE;
    expect(pdfPageCount(0, false)).toBe(1);
    expect(pdfPageCount(perPage, false)).toBe(1);
    expect(pdfPageCount(perPage + 1, false)).toBe(2);
    expect(pdfPageCount(perPage - PDF_TOTAL_SLOTS, true)).toBe(1);
    expect(pdfPageCount(perPage - PDF_TOTAL_SLOTS + 1, true)).toBe(2);
    expect(pdfPageCount(5000, false)).toBe(Math.ceil(5000 / perPage));
  });
});
