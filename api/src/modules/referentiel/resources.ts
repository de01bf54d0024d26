import { inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  Client,
  ClientBody,
  ClientQuery,
  Etablissement,
  EtablissementBody,
  EtablissementQuery,
  Groupe,
  GroupeBody,
  GroupeQuery,
  Pensionnaire,
  PENSIONNAIRE_AGENT_FIELDS,
  PensionnaireBody,
  pensionnaireAgentRefusal,
  PensionnairePatchBody,
  PensionnaireQuery,
  REFERENTIEL_PATHS,
  TypeChambre,
  TypeChambreBody,
  TypeChambreQuery,
} from 'shared/contract';
import type { TSchema } from 'typebox';
import type { Database } from '../../db/client';
import {
  clients,
  contratClientTarifs,
  contratEtablissementTarifs,
  contratsClients,
  contratsEtablissement,
  etablissements,
  groupesClients,
  groupesEtablissements,
  pensionnaires,
  reservations,
  typesChambre,
} from '../../db/schema';
import { listSpecFor, type ListSpec } from '../../lib/list-query';
import type { AgentPatch } from '../../lib/reference-routes';
import { createReferenceService, type ReferenceServiceConfig } from '../../lib/reference-service';

/** Stays that still hold a bed: archiving what they point at would orphan live work. */
const liveReservation = inArray(reservations.statut, ['en_attente', 'confirmee', 'en_cours']);
const openContractEtablissement = ne(contratsEtablissement.statut, 'clos');
const openContractClient = ne(contratsClients.statut, 'clos');
const active = (archivedAt: AnyPgColumn): SQL => sql`${archivedAt} is null`;

const sortAndSearch = <C extends Record<string, AnyPgColumn>>(
  columns: C,
  defaultKey: keyof C & string,
  tieBreaker: AnyPgColumn,
) => ({
  searchable: columns,
  sortable: { ...columns, createdAt: sql`created_at` as unknown as AnyPgColumn },
  defaultSort: { key: defaultKey, order: 'asc' as const },
  tieBreaker,
});

interface ResourceDefinition {
  path: string;
  schemas: { item: TSchema; query: TSchema; create: TSchema; update: TSchema };
  /** What its list searches and sorts on. */
  list: ListSpec;
  // Each definition pairs its own table with its own row type; the array mixes them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  service: (db: Database) => ReturnType<typeof createReferenceService<any, any>>;
  agentPatch?: AgentPatch;
}

function define<Row extends { id: number; archivedAt: Date | null }, Insert>(
  path: string,
  schemas: ResourceDefinition['schemas'],
  config: ReferenceServiceConfig<Row, Insert>,
  agentPatch?: AgentPatch,
): ResourceDefinition {
  const checked = { ...config, list: listSpecFor(schemas.query, config.list) };
  return {
    path,
    schemas,
    list: checked.list,
    service: (db) => createReferenceService<Row, Insert>(db, checked),
    ...(agentPatch ? { agentPatch } : {}),
  };
}

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** The reference-data resources: what each lists, searches, checks and says. Routes are generated from it. */
export const REFERENCE_RESOURCES: ResourceDefinition[] = [
  define<Row<typeof groupesEtablissements>, Insert<typeof groupesEtablissements>>(
    REFERENTIEL_PATHS.groupesEtablissements,
    { item: Groupe, query: GroupeQuery, create: GroupeBody, update: GroupeBody },
    {
      table: groupesEtablissements,
      entity: 'groupe_etablissements',
      gender: 'm',
      describe: (row) => `le groupe d'établissements « ${row.nom} »`,
      messages: {
        notFound: "Groupe d'établissements introuvable.",
        duplicate: "Un groupe d'établissements porte déjà ce nom.",
      },
      list: {
        ...sortAndSearch({ nom: groupesEtablissements.nom }, 'nom', groupesEtablissements.id),
        archivedAt: groupesEtablissements.archivedAt,
      },
      references: [
        {
          column: etablissements.groupeId,
          activeWhen: active(etablissements.archivedAt),
          message:
            'Ce groupe contient encore des établissements actifs : archivez-les ou changez-les de groupe.',
        },
      ],
    },
  ),
  define<Row<typeof etablissements>, Insert<typeof etablissements>>(
    REFERENTIEL_PATHS.etablissements,
    { item: Etablissement, query: EtablissementQuery, create: EtablissementBody, update: EtablissementBody },
    {
      table: etablissements,
      entity: 'etablissement',
      gender: 'm',
      describe: (row) => `l'établissement « ${row.nom} »`,
      messages: {
        notFound: 'Établissement introuvable.',
        duplicate: 'Un établissement porte déjà ce nom dans cette ville.',
      },
      list: {
        ...sortAndSearch(
          { nom: etablissements.nom, ville: etablissements.ville, codePostal: etablissements.codePostal },
          'nom',
          etablissements.id,
        ),
        archivedAt: etablissements.archivedAt,
      },
      parents: [
        {
          field: 'groupeId',
          table: groupesEtablissements,
          message: "Le groupe d'établissements indiqué n'existe pas ou est archivé.",
        },
      ],
      references: [
        {
          column: contratsEtablissement.etablissementId,
          activeWhen: openContractEtablissement,
          message: 'Cet établissement a encore des contrats non clos : clôturez-les avant de l’archiver.',
        },
        {
          column: reservations.etablissementId,
          activeWhen: liveReservation,
          message: 'Cet établissement héberge encore des réservations en cours ou à venir.',
        },
      ],
    },
  ),
  define<Row<typeof typesChambre>, Insert<typeof typesChambre>>(
    REFERENTIEL_PATHS.typesChambre,
    { item: TypeChambre, query: TypeChambreQuery, create: TypeChambreBody, update: TypeChambreBody },
    {
      table: typesChambre,
      entity: 'type_chambre',
      gender: 'm',
      describe: (row) => `le type de chambre « ${row.libelle} »`,
      messages: {
        notFound: 'Type de chambre introuvable.',
        duplicate: 'Un type de chambre porte déjà ce libellé.',
      },
      list: {
        ...sortAndSearch(
          { libelle: typesChambre.libelle, capacite: typesChambre.capacite },
          'libelle',
          typesChambre.id,
        ),
        archivedAt: typesChambre.archivedAt,
      },
      references: [
        {
          column: contratEtablissementTarifs.typeChambreId,
          activeWhen: sql`exists (select 1 from contrats_etablissement c where c.id = ${contratEtablissementTarifs.contratId} and c.statut <> 'clos')`,
          message: 'Ce type de chambre figure dans des contrats établissement non clos.',
        },
        {
          column: contratClientTarifs.typeChambreId,
          activeWhen: sql`exists (select 1 from contrats_clients c where c.id = ${contratClientTarifs.contratId} and c.statut <> 'clos')`,
          message: 'Ce type de chambre figure dans des contrats clients non clos.',
        },
        {
          column: reservations.typeChambreId,
          activeWhen: liveReservation,
          message: 'Ce type de chambre est utilisé par des réservations en cours ou à venir.',
        },
      ],
    },
  ),
  define<Row<typeof groupesClients>, Insert<typeof groupesClients>>(
    REFERENTIEL_PATHS.groupesClients,
    { item: Groupe, query: GroupeQuery, create: GroupeBody, update: GroupeBody },
    {
      table: groupesClients,
      entity: 'groupe_clients',
      gender: 'm',
      describe: (row) => `le groupe de clients « ${row.nom} »`,
      messages: {
        notFound: 'Groupe de clients introuvable.',
        duplicate: 'Un groupe de clients porte déjà ce nom.',
      },
      list: {
        ...sortAndSearch({ nom: groupesClients.nom }, 'nom', groupesClients.id),
        archivedAt: groupesClients.archivedAt,
      },
      references: [
        {
          column: clients.groupeId,
          activeWhen: active(clients.archivedAt),
          message: 'Ce groupe contient encore des clients actifs : archivez-les ou changez-les de groupe.',
        },
      ],
    },
  ),
  define<Row<typeof clients>, Insert<typeof clients>>(
    REFERENTIEL_PATHS.clients,
    { item: Client, query: ClientQuery, create: ClientBody, update: ClientBody },
    {
      table: clients,
      entity: 'client',
      gender: 'm',
      describe: (row) => `le client « ${row.nom} »`,
      messages: { notFound: 'Client introuvable.', duplicate: 'Un client porte déjà ce nom.' },
      list: {
        ...sortAndSearch({ nom: clients.nom, ville: clients.ville, type: clients.type }, 'nom', clients.id),
        archivedAt: clients.archivedAt,
      },
      parents: [
        {
          field: 'groupeId',
          table: groupesClients,
          message: "Le groupe de clients indiqué n'existe pas ou est archivé.",
        },
      ],
      references: [
        {
          column: contratsClients.clientId,
          activeWhen: openContractClient,
          message: 'Ce client a encore des contrats non clos : clôturez-les avant de l’archiver.',
        },
        {
          column: reservations.clientId,
          activeWhen: liveReservation,
          message: 'Ce client a encore des réservations en cours ou à venir.',
        },
        {
          column: pensionnaires.clientId,
          activeWhen: active(pensionnaires.archivedAt),
          message: 'Ce client a encore des pensionnaires actifs : archivez-les d’abord.',
        },
      ],
    },
  ),
  define<Row<typeof pensionnaires>, Insert<typeof pensionnaires>>(
    REFERENTIEL_PATHS.pensionnaires,
    { item: Pensionnaire, query: PensionnaireQuery, create: PensionnaireBody, update: PensionnaireBody },
    {
      table: pensionnaires,
      entity: 'pensionnaire',
      gender: 'm',
      describe: (row) => `le pensionnaire ${row.prenom} ${row.nom}`,
      messages: {
        notFound: 'Pensionnaire introuvable.',
        duplicate: 'Ce numéro de dossier est déjà utilisé par un pensionnaire de ce client.',
      },
      list: {
        ...sortAndSearch(
          {
            nom: pensionnaires.nom,
            prenom: pensionnaires.prenom,
            numeroDossier: pensionnaires.numeroDossier,
          },
          'nom',
          pensionnaires.id,
        ),
        exact: { clientId: pensionnaires.clientId },
        archivedAt: pensionnaires.archivedAt,
      },
      parents: [
        { field: 'clientId', table: clients, message: "Le client indiqué n'existe pas ou est archivé." },
      ],
      references: [
        {
          column: reservations.pensionnaireId,
          activeWhen: liveReservation,
          message: 'Ce pensionnaire a encore une réservation en cours ou à venir.',
        },
      ],
    },
    {
      body: PensionnairePatchBody,
      fields: PENSIONNAIRE_AGENT_FIELDS,
      refusal: pensionnaireAgentRefusal,
    },
  ),
];
