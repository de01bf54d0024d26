/**
 * The two kinds of contract, described once for the generic service: purchase contracts (contrat
 * établissement: one hotel, lines with an allotment) and sale contracts (contrat client: one client, lines
 * optionally for one hotel, PAF/CAF daily amounts).
 */
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONTRAT_LIGNE_FIELDS } from 'shared/contract';
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
  /** « Le contrat établissement » / « Le contrat client ». */
  label: string;
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
  duplicate: (reference: string) => string;
  notFound: string;
}

export const CONTRAT_ETABLISSEMENT: ContratKind = {
  entity: 'contrat_etablissement',
  label: 'Le contrat établissement',
  contrats: contratsEtablissement,
  tarifs: contratEtablissementTarifs,
  party: {
    field: 'etablissementId',
    column: contratsEtablissement.etablissementId,
    table: etablissements,
    nomField: 'etablissementNom',
    missing: "L'établissement indiqué n'existe pas ou est archivé.",
    archived: "L'établissement de ce contrat est archivé : le contrat ne peut pas être activé.",
    fixed: 'Ce contrat a déjà des réservations : son établissement ne peut plus changer.',
  },
  headerMoneyFields: [],
  lineFields: CONTRAT_LIGNE_FIELDS.etablissement,
  nightTarifColumn: nuitees.contratEtablissementTarifId,
  countsAllotment: true,
  reservationContratColumn: reservations.contratEtablissementId,
  duplicate: (reference) => `Un contrat établissement porte déjà la référence « ${reference} ».`,
  notFound: 'Contrat établissement introuvable.',
};

export const CONTRAT_CLIENT: ContratKind = {
  entity: 'contrat_client',
  label: 'Le contrat client',
  contrats: contratsClients,
  tarifs: contratClientTarifs,
  party: {
    field: 'clientId',
    column: contratsClients.clientId,
    table: clients,
    nomField: 'clientNom',
    missing: "Le client indiqué n'existe pas ou est archivé.",
    archived: 'Le client de ce contrat est archivé : le contrat ne peut pas être activé.',
    fixed: 'Ce contrat a déjà des réservations : son client ne peut plus changer.',
  },
  headerMoneyFields: ['montantPafJour', 'montantCafJour'],
  lineFields: CONTRAT_LIGNE_FIELDS.client,
  lineEtablissementColumn: contratClientTarifs.etablissementId,
  nightTarifColumn: nuitees.contratClientTarifId,
  countsAllotment: false,
  reservationContratColumn: reservations.contratClientId,
  duplicate: (reference) => `Un contrat client porte déjà la référence « ${reference} ».`,
  notFound: 'Contrat client introuvable.',
};
