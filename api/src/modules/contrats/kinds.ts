/**
 * The two kinds of contract, described once for the generic service: purchase contracts (contrat
 * établissement: one hotel, lines with an allotment) and sale contracts (contrat client: one client, lines
 * optionally for one hotel, PAF/CAF daily amounts).
 */
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONTRAT_LIGNE_FIELDS, CONTRATS_MESSAGES } from 'shared/contract';
import {
  clients,
  contratClientTarifs,
  contratEtablissementTarifs,
  contratsClients,
  contratsEtablissement,
  etablissements,
  nuitees,
  reservations,
} from '../../db/schema';
import type { LineField } from './lignes';

export type ContratTable = PgTable & {
  id: AnyPgColumn;
  reference: AnyPgColumn;
  dateDebut: AnyPgColumn;
  dateFin: AnyPgColumn;
  statut: AnyPgColumn;
};

export type TarifTable = PgTable & {
  id: AnyPgColumn;
  contratId: AnyPgColumn;
  typeChambreId: AnyPgColumn;
  dateDebut: AnyPgColumn;
  dateFin: AnyPgColumn;
};

export type PartyTable = PgTable & { id: AnyPgColumn; nom: AnyPgColumn; archivedAt: AnyPgColumn };

export interface ContratKind {
  /** Entity name in the audit log. */
  entity: 'contrat_etablissement' | 'contrat_client';
  /** « contrat établissement » / « contrat client »: the noun the messages name the contract by. */
  noun: string;
  contrats: ContratTable;
  tarifs: TarifTable;
  party: {
    /** Field of the header naming the hotel or the client. */
    field: 'etablissementId' | 'clientId';
    column: AnyPgColumn;
    table: PartyTable;
    /** Field of the answer carrying its name. */
    nomField: 'etablissementNom' | 'clientNom';
    missing: string;
    archived: string;
    /** When reservations already use the contract, its hotel or client is fixed. */
    fixed: string;
  };
  /** Money fields of the header besides the common ones (default '0.00'). */
  headerMoneyFields: readonly ('montantPafJour' | 'montantCafJour')[];
  /** Fields of a line: compared to tell a kept line from a changed one, copied on insert. */
  lineFields: readonly LineField[];
  /** Sale lines may name a hotel: their column. */
  lineEtablissementColumn?: AnyPgColumn;
  /** The nights' column pointing at a line of this kind. */
  nightTarifColumn: AnyPgColumn;
  /** Purchase lines also count as used when rooms are counted against their allotment. */
  countsAllotment: boolean;
  /** The reservations' column pointing at a contract of this kind. */
  reservationContratColumn: AnyPgColumn;
  notFound: string;
}

export const CONTRAT_ETABLISSEMENT: ContratKind = {
  entity: 'contrat_etablissement',
  noun: CONTRATS_MESSAGES.noun.etablissement,
  contrats: contratsEtablissement,
  tarifs: contratEtablissementTarifs,
  party: {
    field: 'etablissementId',
    column: contratsEtablissement.etablissementId,
    table: etablissements,
    nomField: 'etablissementNom',
    ...CONTRATS_MESSAGES.party.etablissement,
  },
  headerMoneyFields: [],
  lineFields: CONTRAT_LIGNE_FIELDS.etablissement,
  nightTarifColumn: nuitees.contratEtablissementTarifId,
  countsAllotment: true,
  reservationContratColumn: reservations.contratEtablissementId,
  notFound: CONTRATS_MESSAGES.etablissementNotFound,
};

export const CONTRAT_CLIENT: ContratKind = {
  entity: 'contrat_client',
  noun: CONTRATS_MESSAGES.noun.client,
  contrats: contratsClients,
  tarifs: contratClientTarifs,
  party: {
    field: 'clientId',
    column: contratsClients.clientId,
    table: clients,
    nomField: 'clientNom',
    ...CONTRATS_MESSAGES.party.client,
  },
  headerMoneyFields: ['montantPafJour', 'montantCafJour'],
  lineFields: CONTRAT_LIGNE_FIELDS.client,
  lineEtablissementColumn: contratClientTarifs.etablissementId,
  nightTarifColumn: nuitees.contratClientTarifId,
  countsAllotment: false,
  reservationContratColumn: reservations.contratClientId,
  notFound: CONTRATS_MESSAGES.clientNotFound,
};
