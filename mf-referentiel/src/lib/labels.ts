import type { ClientType, Sexe } from 'shared/contract';

export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  association: 'Association',
  collectivite: 'Collectivité',
  etablissement_public: 'Établissement public',
  entreprise: 'Entreprise',
  autre: 'Autre',
};

export const SEXE_LABELS: Record<Sexe, string> = { F: 'Femme', M: 'Homme', X: 'Non précisé' };

/** Shown for an empty optional field. */
export const NO_VALUE = '—';
