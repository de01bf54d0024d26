import type { DemandeDetail, DemandeReservation } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { annulationImpact, prolongationImpact } from './demande-impact';

const stay = (
  id: number,
  pensionnaire_id: number,
  fields: Partial<DemandeReservation>,
): DemandeReservation => ({
  id,
  role: 'cible',
  id_reservation_mere: 1,
  type_resa: 'initiale',
  statut: 'en_cours',
  pensionnaire_id,
  pensionnaire_nom: 'Diallo',
  pensionnaire_prenom: 'Awa',
  etablissement_id: 1,
  etablissement_nom: 'Hôtel du Parc',
  type_chambre_libelle: 'Double',
  chambre: null,
  date_debut: '2026-12-01',
  date_fin: '2026-12-20',
  prolongee_par_id: null,
  ...fields,
});

const demande = (fields: Partial<DemandeDetail>) =>
  ({
    date_debut: '2026-12-15',
    date_fin: '2026-12-31',
    cibles: [],
    reservations: [],
    ...fields,
  }) as DemandeDetail;

describe('prolongationImpact', () => {
  it('counts the targets to extend to the requested date, those already there and those cancelled', () => {
    expect(prolongationImpact(demande({ cibles: [stay(1, 1, {}), stay(2, 2, {})] }))).toBe(
      "2 séjours prolongés jusqu'au 31/12/2026.",
    );
    const mixed = demande({
      cibles: [stay(1, 1, {}), stay(2, 2, {}), stay(3, 3, { statut: 'annulee' })],
      // Resident 2's stay was extended since, through the request: it already reaches the date.
      reservations: [stay(4, 2, { role: 'produite', date_debut: '2026-12-20', date_fin: '2027-01-05' })],
    });
    expect(prolongationImpact(mixed)).toBe(
      "1 séjour prolongé jusqu'au 31/12/2026. 1 séjour déjà prolongé jusque-là. 1 séjour annulé : pas de prolongation.",
    );
  });
});

describe('annulationImpact', () => {
  it('says from which day the running targets are cancelled, today when the date is past', () => {
    const d = demande({ cibles: [stay(1, 1, {})] });
    expect(annulationImpact(d, '2026-12-10')).toBe(
      '1 séjour annulé à partir du 15/12/2026 ; les nuitées passées restent dues.',
    );
    expect(annulationImpact(d, '2026-12-17')).toBe(
      '1 séjour annulé à partir du 17/12/2026 ; les nuitées passées restent dues.',
    );
    const some = demande({
      cibles: [stay(1, 1, {}), stay(2, 2, { statut: 'annulee' }), stay(3, 3, { date_fin: '2026-12-14' })],
    });
    expect(annulationImpact(some, '2026-12-10')).toBe(
      '1 séjour annulé à partir du 15/12/2026 ; les nuitées passées restent dues. 2 séjours déjà annulés ou terminés avant : rien à y changer.',
    );
  });
});
