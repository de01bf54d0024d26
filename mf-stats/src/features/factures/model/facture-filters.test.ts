import { describe, expect, it } from 'vitest';
import { facturesPath } from '../api/get-factures';
import { filtersOf } from './facture-filters';

describe('filtersOf', () => {
  it('reads the URL filters under the API names, for invoices', () => {
    expect(
      filtersOf('facture', {
        statut: 'emise',
        clientId: '2',
        periodeDebut: '2026-10-01',
        periodeFin: '2026-10-31',
        numero: ' FA-2026 ',
        enRetard: '1',
      }),
    ).toEqual({
      type: 'facture',
      statut: 'emise',
      clientId: 2,
      periodeDebut: '2026-10-01',
      periodeFin: '2026-10-31',
      numero: 'FA-2026',
      enRetard: true,
    });
  });

  it('leaves out what a hand-edited URL gets wrong, and the invoice-only filters of credit notes', () => {
    expect(
      filtersOf('facture', { statut: 'perdue', clientId: 'x', periodeDebut: '2026-13-01', enRetard: 'oui' }),
    ).toEqual({
      type: 'facture',
    });
    expect(filtersOf('avoir', { statut: 'emise', enRetard: '1', clientId: '3' })).toEqual({
      type: 'avoir',
      clientId: 3,
    });
  });

  it('makes the list path the table pages through', () => {
    expect(facturesPath({ type: 'facture', enRetard: true, clientId: 2 })).toBe(
      '/facturation/factures?type=facture&enRetard=true&clientId=2',
    );
  });
});
