import { describe, expect, it } from 'vitest';
import { amountOf, factureBody, periodeInOrder, saisieDuMois, ttcMatches } from './facture-form';

describe('the hotel invoice form', () => {
  it('reads amounts typed the French way, refuses the rest', () => {
    expect(amountOf('1 234,50 €')).toBe('1234.50');
    expect(amountOf('62')).toBe('62');
    expect(amountOf('12,345')).toBeNull();
    expect(amountOf('-5')).toBeNull();
    expect(amountOf('')).toBeNull();
  });

  it('checks TTC = HT + TVA in cents', () => {
    expect(ttcMatches({ totalHt: '0,10', totalTva: '0,20', totalTtc: '0,30' })).toBe(true);
    expect(ttcMatches({ totalHt: '2147', totalTva: '214,70', totalTtc: '2361,71' })).toBe(false);
    expect(ttcMatches({ totalHt: '2147', totalTva: '', totalTtc: '1' })).toBe(true);
  });

  it('takes the period as the invoice prints it: last day not before the first, one day allowed', () => {
    expect(periodeInOrder('2026-11-05', '2026-11-04')).toBe(false);
    expect(periodeInOrder('2026-11-05', '2026-11-05')).toBe(true);
    expect(periodeInOrder('2026-11-01', '2026-11-30')).toBe(true);
    expect(periodeInOrder('2026-11-05', null)).toBe(true);
  });

  it('opens on a month’s first and last day', () => {
    expect(saisieDuMois(3, '2026-10')).toEqual({
      etablissementId: 3,
      periodeDebut: '2026-10-01',
      periodeFin: '2026-10-31',
    });
    expect(saisieDuMois(3, '2028-02').periodeFin).toBe('2028-02-29');
    expect(saisieDuMois(3, '2026-12').periodeFin).toBe('2026-12-31');
  });

  it('sends amounts as strings, the number trimmed and the day after the last as the period’s end', () => {
    expect(
      factureBody({
        etablissementId: 1,
        numero: ' HP-1 ',
        dateFacture: '2026-12-02',
        periodeDebut: '2026-11-01',
        periodeFin: '2026-11-30',
        totalHt: '2 147,00',
        totalTva: '214,7',
        totalTtc: '2361.70',
      }),
    ).toEqual({
      etablissementId: 1,
      numero: 'HP-1',
      dateFacture: '2026-12-02',
      periodeDebut: '2026-11-01',
      periodeFin: '2026-12-01',
      totalHt: '2147.00',
      totalTva: '214.7',
      totalTtc: '2361.70',
    });
  });
});
