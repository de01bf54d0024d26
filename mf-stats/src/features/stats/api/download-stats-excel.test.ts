import { atLateUtcEvening, LATE_UTC_EVENING } from 'shared/testing/paris-clock';
import { describe, expect, it } from 'vitest';
import { statsExcelName, statsExcelRequest } from './download-stats-excel';

describe('the Excel file name kept when the server names none, at 23:30 UTC', () => {
  atLateUtcEvening();

  it("is dated with Paris's today, as the server names it", () => {
    const name = `statistiques-mois-activite-${LATE_UTC_EVENING.parisToday}.xlsx`;
    expect(statsExcelName('mois', 'activite')).toBe(name);
    expect(statsExcelRequest('mois', 'activite', { debut: '2026-01', fin: '2026-12' })[1].fallbackName).toBe(
      name,
    );
  });
});
