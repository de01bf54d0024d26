import { describe, expect, it } from 'vitest';
import { toReservationFilters } from './reservation-filters';

describe('toReservationFilters', () => {
  it('turns URL values into the API filters, payment states implying their stream', () => {
    expect(
      toReservationFilters({
        statut: ['confirmee', 'en_cours', 'confirmee'],
        type_resa: 'prolongation',
        client_id: '4',
        etablissement_id: '12',
        start_date: '2026-03-01',
        end_date: '2026-04-01',
        etat_payment_paf: 'a_verifier',
        etat_payment_caf: 'non_paye',
        etat: 'prolongable',
        jours: 'commence_h',
        numero_dossier: '  VDM-2025 ',
      }),
    ).toEqual({
      statut: ['confirmee', 'en_cours'],
      type_resa: 'prolongation',
      client_id: 4,
      etablissement_id: 12,
      start_date: '2026-03-01',
      end_date: '2026-04-01',
      status_paf: true,
      etat_payment_paf: 'a_verifier',
      status_caf: true,
      etat_payment_caf: 'non_paye',
      etat: 'prolongable',
      jours: 'commence_h',
      numero_dossier: 'VDM-2025',
    });
  });

  it('leaves out what a hand-edited URL got wrong rather than send a 400', () => {
    expect(
      toReservationFilters({
        statut: ['perdue'],
        type_resa: 'autre',
        client_id: '0',
        etablissement_id: 'abc',
        start_date: '01/03/2026',
        etat_payment_paf: 'oui',
        jours: 'demain',
        numero_dossier: '   ',
      }),
    ).toEqual({});
  });
});
