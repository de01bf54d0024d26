import { atLateUtcEvening, LATE_UTC_EVENING } from 'shared/testing/paris-clock';
import { describe, expect, it } from 'vitest';
import { reservationExportName, reservationExportRequest } from './download-export';

describe('the export file name kept when the server names none, at 23:30 UTC', () => {
  atLateUtcEvening();

  it("is dated with Paris's today, as the server names it", () => {
    expect(reservationExportName('pdfResa')).toBe(`reservations-${LATE_UTC_EVENING.parisToday}.pdf`);
    expect(reservationExportRequest('excelResaAll', {}).fallbackName).toBe(
      `reservations-${LATE_UTC_EVENING.parisToday}.xlsx`,
    );
  });
});
