import type { DisponibiliteEtablissement, PensionnaireTrouve, TypeChambreData } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import {
  addBodyOf,
  draftReducer,
  EMPTY_DRAFT,
  nombreNuits,
  reachableStep,
  STEP,
  stepProblem,
  typeChambreRefus,
  type BookingDraft,
} from './booking-draft';

const resident = (id: number): PensionnaireTrouve => ({
  id,
  nom: `Nom${id}`,
  prenom: 'Prénom',
  numero_dossier: `D-${id}`,
  date_naissance: null,
  sexe: 'F',
  foyer_id: null,
  deja_heberge: false,
});
const HOTEL: DisponibiliteEtablissement = {
  etablissement: { id: 1, nom: 'Hôtel du Parc', ville: 'Lyon', code_postal: '69006' },
  contrat: {
    id: 6,
    reference: 'CE-2026-PARC',
    date_debut: '2026-01-01',
    date_fin: '2028-01-01',
    mode_tarification: 'par_chambre',
  },
  type_chambres: [],
};
const tarif = (chambres_libres: number | null) => ({
  tarif_id: 1,
  date_debut: '2027-03-29',
  date_fin: '2027-04-02',
  nombre_nuits: 4,
  prix_nuitee_ht: '64.00',
  prix_petit_dejeuner_ht: '0.00',
  prix_dejeuner_ht: '0.00',
  prix_diner_ht: '0.00',
  allotement: chambres_libres,
  chambres_libres,
});
const DOUBLE: TypeChambreData = {
  id: 2,
  libelle: 'Double',
  capacite: 2,
  couvre_periode: true,
  tarifs: [tarif(1)],
};

const COMPLETE: BookingDraft = {
  ...EMPTY_DRAFT,
  client: { id: 1, nom: 'Conseil départemental du Val-de-Marne' },
  startDate: '2027-03-29',
  endDate: '2027-04-02',
  contratClient: {
    id: 5,
    reference: 'CC-2026-CD94',
    client_id: 1,
    client_nom: 'Conseil départemental du Val-de-Marne',
    date_debut: '2026-01-01',
    date_fin: '2028-01-01',
    statut: 'actif',
    mode_tarification: 'par_chambre',
    taux_tva_nuitee: '10.00',
    taux_tva_repas: '10.00',
    delai_alerte_jours: 2,
    montant_paf_jour: '3.00',
    montant_caf_jour: '0.00',
  },
  pensionnaires: [resident(1), resident(3)],
  disponibilite: HOTEL,
  typeChambre: DOUBLE,
  chambre: ' 12 ',
};

describe('booking draft', () => {
  it('counts nights of a half-open period, none when the departure is not after the arrival', () => {
    expect(nombreNuits('2027-03-29', '2027-04-02')).toBe(4);
    expect(nombreNuits('2027-03-29', '2027-03-29')).toBeNull();
    expect(nombreNuits('2027-03-29', null)).toBeNull();
  });

  it('resets what depends on the client or the dates, keeps the rest', () => {
    const sameClient = draftReducer(COMPLETE, { type: 'client', client: COMPLETE.client });
    expect(sameClient.typeChambre).toBe(DOUBLE);
    const otherClient = draftReducer(COMPLETE, { type: 'client', client: { id: 7, nom: 'Fondation' } });
    expect(otherClient).toMatchObject({
      contratClient: null,
      pensionnaires: [],
      disponibilite: null,
      typeChambre: null,
    });
    expect(otherClient.startDate).toBe('2027-03-29');
    const moved = draftReducer(COMPLETE, { type: 'dates', startDate: '2027-03-30', endDate: '2027-04-02' });
    expect(moved).toMatchObject({ contratClient: null, pensionnaires: [], typeChambre: null });
    const options = draftReducer(COMPLETE, { type: 'options', options: { diner: true } });
    expect(options.pensionnaires).toHaveLength(2);
  });

  it('refuses a room type without enough free rooms or not priced on every night', () => {
    expect(typeChambreRefus(DOUBLE, 2)).toBeNull();
    expect(typeChambreRefus(DOUBLE, 3)).toBe('Pas assez de chambres libres : 2 nécessaires, 1 libre.');
    expect(typeChambreRefus({ ...DOUBLE, couvre_periode: false }, 1)).toMatch(/ne tarife pas/);
    expect(typeChambreRefus({ ...DOUBLE, tarifs: [tarif(null)] }, 40)).toBeNull();
  });

  it('only reaches a step once every earlier one is complete', () => {
    expect(reachableStep(STEP.recapitulatif, COMPLETE)).toBe(STEP.recapitulatif);
    expect(reachableStep(STEP.recapitulatif, { ...COMPLETE, pensionnaires: [] })).toBe(STEP.pensionnaires);
    expect(stepProblem(STEP.clientDates, { ...COMPLETE, endDate: '2027-03-20' })).toBe(
      'La date de départ doit être postérieure à la date d’arrivée.',
    );
  });

  it('builds the add body, the room number trimmed (null when empty)', () => {
    expect(addBodyOf(COMPLETE)).toEqual({
      client_id: 1,
      contrat_client_id: 5,
      etablissement_id: 1,
      contrat_etablissement_id: 6,
      type_chambre_id: 2,
      pensionnaire_ids: [1, 3],
      start_date: '2027-03-29',
      end_date: '2027-04-02',
      chambre: '12',
      petit_dejeuner: false,
      dejeuner: false,
      diner: false,
      status_paf: false,
      status_caf: false,
      confirmer: false,
    });
    expect(addBodyOf({ ...COMPLETE, chambre: '  ' }).chambre).toBeNull();
  });
});
