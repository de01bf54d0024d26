/** Reference data: hotel and client groups, hotels, room types, clients, households, residents, meal types. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLIENT_TYPES, REPAS_CODES, SEXES, type ClientType, type RepasCode, type Sexe } from '../enums';
import {
  archivedAt,
  day,
  enumCheck,
  fk,
  id,
  itemJson,
  lower,
  nombreSejours,
  nomRecherche,
  normalised,
  notArchived,
  notBlankCheck,
  sqlName,
  timestamps,
  trigramIndex,
} from './columns';

const codePostalCheck = (table: string, column: Parameters<typeof lower>[0]) =>
  check(sqlName(`${table}_code_postal_format`), sql`${column} ~ '^[0-9]{5}$'`);

export const groupesEtablissements = pgTable(
  'groupes_etablissements',
  {
    id: id(),
    nom: text('nom').notNull(),
    ...timestamps(),
    archivedAt: archivedAt(),
  },
  (t) => [
    uniqueIndex('groupes_etablissements_nom_unique').on(lower(t.nom)).where(notArchived(t.archivedAt)),
    notBlankCheck('groupes_etablissements', t.nom),
  ],
);

export const etablissements = pgTable(
  'etablissements',
  {
    id: id(),
    nom: text('nom').notNull(),
    groupeId: integer('groupe_id'),
    adresse: text('adresse').notNull(),
    codePostal: text('code_postal').notNull(),
    ville: text('ville').notNull(),
    telephone: text('telephone'),
    email: text('email'),
    nombreChambres: integer('nombre_chambres'),
    notes: text('notes'),
    nombreSejours: nombreSejours(),
    itemJson: itemJson([
      ['etablissement_id', 'id'],
      ['etablissement_nom', 'nom'],
      ['etablissement_ville', 'ville'],
    ]),
    nomRecherche: nomRecherche('"nom"'),
    ...timestamps(),
    archivedAt: archivedAt(),
  },
  (t) => [
    fk('etablissements', [t.groupeId], [groupesEtablissements.id]),
    uniqueIndex('etablissements_nom_ville_unique')
      .on(lower(t.nom), lower(t.ville))
      .where(notArchived(t.archivedAt)),
    index('etablissements_groupe_idx').on(t.groupeId),
    // Reservation pages sorted by hotel (reservations.ts).
    index('etablissements_nom_id_idx').on(t.nom, t.id),
    notBlankCheck('etablissements', t.nom),
    codePostalCheck('etablissements', t.codePostal),
    check('etablissements_nombre_chambres_gt0', sql`${t.nombreChambres} > 0`),
  ],
);

export const typesChambre = pgTable(
  'types_chambre',
  {
    id: id(),
    libelle: text('libelle').notNull(),
    capacite: integer('capacite').notNull(),
    description: text('description'),
    itemJson: itemJson([
      ['type_chambre_id', 'id'],
      ['type_chambre_libelle', 'libelle'],
    ]),
    ...timestamps(),
    archivedAt: archivedAt(),
  },
  (t) => [
    uniqueIndex('types_chambre_libelle_unique').on(lower(t.libelle)).where(notArchived(t.archivedAt)),
    notBlankCheck('types_chambre', t.libelle),
    check('types_chambre_capacite_range', sql`${t.capacite} between 1 and 12`),
  ],
);

export const groupesClients = pgTable(
  'groupes_clients',
  {
    id: id(),
    nom: text('nom').notNull(),
    ...timestamps(),
    archivedAt: archivedAt(),
  },
  (t) => [
    uniqueIndex('groupes_clients_nom_unique').on(lower(t.nom)).where(notArchived(t.archivedAt)),
    notBlankCheck('groupes_clients', t.nom),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: id(),
    nom: text('nom').notNull(),
    groupeId: integer('groupe_id'),
    type: text('type').$type<ClientType>().notNull(),
    siret: text('siret'),
    adresse: text('adresse').notNull(),
    codePostal: text('code_postal').notNull(),
    ville: text('ville').notNull(),
    contactNom: text('contact_nom'),
    email: text('email'),
    telephone: text('telephone'),
    nombreSejours: nombreSejours(),
    itemJson: itemJson([
      ['client_id', 'id'],
      ['client_nom', 'nom'],
    ]),
    nomRecherche: nomRecherche('"nom"'),
    ...timestamps(),
    archivedAt: archivedAt(),
  },
  (t) => [
    fk('clients', [t.groupeId], [groupesClients.id]),
    uniqueIndex('clients_nom_unique').on(lower(t.nom)).where(notArchived(t.archivedAt)),
    index('clients_groupe_idx').on(t.groupeId),
    // Reservation pages sorted by client (reservations.ts).
    index('clients_nom_id_idx').on(t.nom, t.id),
    notBlankCheck('clients', t.nom),
    enumCheck('clients', t.type, CLIENT_TYPES),
    check('clients_siret_format', sql`${t.siret} ~ '^[0-9]{14}$'`),
    codePostalCheck('clients', t.codePostal),
  ],
);

/** A household ('Famille Diallo'): residents of one client who are housed together. */
export const foyers = pgTable(
  'foyers',
  {
    id: id(),
    clientId: integer('client_id').notNull(),
    nom: text('nom').notNull(),
    notes: text('notes'),
    ...timestamps(),
    archivedAt: archivedAt(),
  },
  (t) => [
    fk('foyers', [t.clientId], [clients.id]),
    // Target of pensionnaires' (foyer_id, client_id) key: a household never mixes clients.
    unique('foyers_id_client_unique').on(t.id, t.clientId),
    index('foyers_client_idx').on(t.clientId),
    notBlankCheck('foyers', t.nom),
  ],
);

export const pensionnaires = pgTable(
  'pensionnaires',
  {
    id: id(),
    clientId: integer('client_id').notNull(),
    foyerId: integer('foyer_id'),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    /** Null when unknown (undocumented arrivals are common in emergency housing). */
    dateNaissance: day('date_naissance'),
    sexe: text('sexe').$type<Sexe>().notNull(),
    /** The client's file number: unique per client, two clients may use the same one. */
    numeroDossier: text('numero_dossier').notNull(),
    telephone: text('telephone'),
    email: text('email'),
    notes: text('notes'),
    nombreSejours: nombreSejours(),
    itemJson: itemJson([
      ['pensionnaire_id', 'id'],
      ['pensionnaire_nom', 'nom'],
      ['pensionnaire_prenom', 'prenom'],
      ['numero_dossier', 'numero_dossier'],
    ]),
    /** « nom prénom nom » normalised: holds « nom », « prénom » and both orders of the two, one search for the four. */
    nomRecherche: nomRecherche(`"nom" || ' ' || "prenom" || ' ' || "nom"`),
    ...timestamps(),
    archivedAt: archivedAt(),
  },
  (t) => [
    fk('pensionnaires', [t.clientId], [clients.id]),
    fk('pensionnaires', [t.foyerId, t.clientId], [foyers.id, foyers.clientId], {
      name: 'pensionnaires_foyer_meme_client_fk',
    }),
    unique('pensionnaires_numero_dossier_unique').on(t.clientId, t.numeroDossier),
    // Target of the (pensionnaire_id, client_id) keys of reservations.
    unique('pensionnaires_id_client_unique').on(t.id, t.clientId),
    index('pensionnaires_foyer_idx').on(t.foyerId),
    // Reservation pages sorted by resident (reservations.ts); with each one's number of stays, a deep page's first
    // name is found by summing them in this order from the index alone (list-service.ts `nameGroupPageIdsQuery`).
    index('pensionnaires_nom_prenom_id_sejours_idx').on(t.nom, t.prenom, t.id, t.nombreSejours),
    // Substring searches on a resident, normalised (lib/text-search.ts): « nom prénom nom » in the stay, request and
    // household lists and the booking's resident search; the file number; the residents list's name and first name
    // columns. Trigram indexes (pg_trgm) on the expressions the searches write.
    trigramIndex('pensionnaires_nom_recherche_trgm_idx', t.nomRecherche),
    trigramIndex('pensionnaires_numero_dossier_trgm_idx', normalised(t.numeroDossier)),
    trigramIndex('pensionnaires_nom_trgm_idx', normalised(t.nom)),
    trigramIndex('pensionnaires_prenom_trgm_idx', normalised(t.prenom)),
    notBlankCheck('pensionnaires', t.nom),
    enumCheck('pensionnaires', t.sexe, SEXES),
    check('pensionnaires_date_naissance_min', sql`${t.dateNaissance} >= '1900-01-01'`),
    notBlankCheck('pensionnaires', t.numeroDossier),
  ],
);

/** Meal types (fixed list, seeded by migration 0002). Prices live in tariffs, choices on reservations. */
export const repas = pgTable(
  'repas',
  {
    id: id(),
    code: text('code').$type<RepasCode>().notNull().unique('repas_code_unique'),
    libelle: text('libelle').notNull(),
    ordre: integer('ordre').notNull(),
    ...timestamps(),
  },
  (t) => [enumCheck('repas', t.code, REPAS_CODES), notBlankCheck('repas', t.libelle)],
);

export type GroupeEtablissementRow = typeof groupesEtablissements.$inferSelect;
export type EtablissementRow = typeof etablissements.$inferSelect;
export type TypeChambreRow = typeof typesChambre.$inferSelect;
export type GroupeClientRow = typeof groupesClients.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type FoyerRow = typeof foyers.$inferSelect;
export type PensionnaireRow = typeof pensionnaires.$inferSelect;
export type RepasRow = typeof repas.$inferSelect;
