import { describe, expect, it } from 'vitest';
import { amountOf, factureBody, ttcMatches } from './facture-form';

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

  it('sends amounts as strings and the number trimmed', () => {
    expect(
      factureBody({
        etablissementId: 1,
        numero: ' HP-1 ',
        dateFacture: '2026-12-02',
        periodeDebut: '2026-11-01',
        periodeFin: '2026-12-01',
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
