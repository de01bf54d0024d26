import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { openDatabase, type Database, type DatabaseHandle, type Executor } from './client';
import {
  clients,
  communications,
  contratClientTarifs,
  contratEtablissementTarifs,
  contratsClients,
  contratsEtablissement,
  demandePensionnaires,
  demandesHebergement,
  etablissements,
  foyers,
  groupesClients,
  groupesEtablissements,
  notifications,
  nuitees,
  occupationsAllotement,
  pensionnaires,
  repas,
  reservations,
  reservationsMeres,
  tasks,
  typesChambre,
  users,
  type NewNuiteeRow,
} from './schema';

/**
 * The domain's integrity rules, proven against the real migrations on a fresh PostgreSQL database: a minimal valid graph, then each rule rejecting bad data with its SQLSTATE.
 */

const CHECK = '23514';
const UNIQUE = '23505';
const EXCLUSION = '23P01';
const FOREIGN_KEY = '23503';

interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

/** Drizzle wraps the driver error (`cause`); node-postgres exposes code and constraint. */
function pgErrorInfo(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

async function expectViolation(action: PromiseLike<unknown>, code: string, constraint?: string) {
  let caught: unknown;
  try {
    await action;
  } catch (error) {
    caught = error;
  }
  expect(caught, `une violation ${code} ${constraint ?? ''} était attendue`).toBeDefined();
  const info = pgErrorInfo(caught);
  expect(info?.code, String(caught)).toBe(code);
  if (constraint !== undefined) expect(info?.constraint).toBe(constraint);
}

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('no row returned');
  return row;
}

let database: TestDatabase;
let handle: DatabaseHandle;
let db: Database;

/** The ids of the minimal valid graph. */
const g = {} as {
  userId: number;
  groupeEtabId: number;
  etabId: number;
  autreEtabId: number;
  typeId: number;
  autreTypeId: number;
  contratEtabId: number;
  tarifEtabId: number;
  clientId: number;
  autreClientId: number;
  contratClientId: number;
  foyerId: number;
  pensionnaireId: number;
  autrePensionnaireId: number;
  demandeId: number;
  mereId: number;
  reservationId: number;
};

const nuitee = (values: Partial<NewNuiteeRow> & Pick<NewNuiteeRow, 'reservationId' | 'dateNuit'>) => ({
  pensionnaireId: g.pensionnaireId,
  etablissementId: g.etabId,
  typeChambreId: g.typeId,
  contratEtablissementTarifId: g.tarifEtabId,
  prixAchatHt: '60.00',
  prixVenteHt: '75.00',
  tauxTvaNuitee: '10.00',
  tauxTvaRepas: '10.00',
  ...values,
});

const reservation = (values: Partial<typeof reservations.$inferInsert> = {}) => ({
  idReservationMere: g.mereId,
  pensionnaireId: g.pensionnaireId,
  clientId: g.clientId,
  contratClientId: g.contratClientId,
  etablissementId: g.etabId,
  contratEtablissementId: g.contratEtabId,
  typeChambreId: g.typeId,
  dateDebut: '2025-03-01',
  dateFin: '2025-03-04',
  ...values,
});

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await openDatabase(database.options);
  db = handle.db;

  g.userId = first(
    await db
      .insert(users)
      .values({ email: 'agent@ebas3.fr', passwordHash: 'x', nom: 'Martin', prenom: 'Léa', role: 'agent' })
      .returning(),
  ).id;
  g.groupeEtabId = first(
    await db.insert(groupesEtablissements).values({ nom: 'Groupe Azur' }).returning(),
  ).id;
  const hotel = { adresse: '1 rue de la Gare', codePostal: '69003', ville: 'Lyon' };
  g.etabId = first(
    await db
      .insert(etablissements)
      .values({ ...hotel, nom: 'Hôtel du Parc', groupeId: g.groupeEtabId, nombreChambres: 40 })
      .returning(),
  ).id;
  g.autreEtabId = first(
    await db
      .insert(etablissements)
      .values({ ...hotel, nom: 'Hôtel des Lilas' })
      .returning(),
  ).id;
  g.typeId = first(await db.insert(typesChambre).values({ libelle: 'Double', capacite: 2 }).returning()).id;
  g.autreTypeId = first(
    await db.insert(typesChambre).values({ libelle: 'Familiale', capacite: 5 }).returning(),
  ).id;
  g.contratEtabId = first(
    await db
      .insert(contratsEtablissement)
      .values({
        etablissementId: g.etabId,
        reference: 'CE-2025-001',
        dateDebut: '2025-01-01',
        dateFin: '2026-01-01',
        statut: 'actif',
        modeTarification: 'par_chambre',
        tauxTvaNuitee: '10.00',
        tauxTvaRepas: '10.00',
      })
      .returning(),
  ).id;
  g.tarifEtabId = first(
    await db
      .insert(contratEtablissementTarifs)
      .values({
        contratId: g.contratEtabId,
        typeChambreId: g.typeId,
        dateDebut: '2025-01-01',
        dateFin: '2025-07-01',
        prixNuiteeHt: '60.00',
        prixPetitDejeunerHt: '6.50',
        prixDinerHt: '12.00',
        allotement: 2,
      })
      .returning(),
  ).id;
  const groupeClientId = first(await db.insert(groupesClients).values({ nom: 'Métropole' }).returning()).id;
  const organisation = { adresse: '2 place Bellecour', codePostal: '69002', ville: 'Lyon' };
  g.clientId = first(
    await db
      .insert(clients)
      .values({
        ...organisation,
        nom: 'SIAO 69',
        groupeId: groupeClientId,
        type: 'association',
        siret: '12345678900012',
      })
      .returning(),
  ).id;
  g.autreClientId = first(
    await db
      .insert(clients)
      .values({ ...organisation, nom: 'CCAS de Villeurbanne', type: 'collectivite' })
      .returning(),
  ).id;
  g.contratClientId = first(
    await db
      .insert(contratsClients)
      .values({
        clientId: g.clientId,
        reference: 'CC-2025-001',
        dateDebut: '2025-01-01',
        dateFin: '2026-01-01',
        statut: 'actif',
        modeTarification: 'par_personne',
        tauxTvaNuitee: '10.00',
        tauxTvaRepas: '10.00',
        montantPafJour: '3.00',
        montantCafJour: '5.00',
      })
      .returning(),
  ).id;
  await db.insert(contratClientTarifs).values({
    contratId: g.contratClientId,
    typeChambreId: g.typeId,
    dateDebut: '2025-01-01',
    dateFin: '2026-01-01',
    prixNuiteeHt: '75.00',
    prixPetitDejeunerHt: '8.00',
  });
  g.foyerId = first(
    await db.insert(foyers).values({ clientId: g.clientId, nom: 'Famille Diallo' }).returning(),
  ).id;
  const personne = { nom: 'Diallo', sexe: 'F' as const, dateNaissance: '1990-05-12' };
  g.pensionnaireId = first(
    await db
      .insert(pensionnaires)
      .values({
        ...personne,
        clientId: g.clientId,
        foyerId: g.foyerId,
        prenom: 'Awa',
        numeroDossier: 'D-001',
      })
      .returning(),
  ).id;
  g.autrePensionnaireId = first(
    await db
      .insert(pensionnaires)
      .values({
        ...personne,
        clientId: g.clientId,
        foyerId: g.foyerId,
        prenom: 'Moussa',
        numeroDossier: 'D-002',
      })
      .returning(),
  ).id;
  g.demandeId = first(
    await db
      .insert(demandesHebergement)
      .values({
        clientId: g.clientId,
        type: 'nouvelle',
        dateDebut: '2025-03-01',
        dateFin: '2025-03-04',
        nombrePersonnes: 2,
        createdBy: g.userId,
      })
      .returning(),
  ).id;
  g.mereId = first(
    await db
      .insert(reservationsMeres)
      .values({
        clientId: g.clientId,
        contratClientId: g.contratClientId,
        etablissementId: g.etabId,
        contratEtablissementId: g.contratEtabId,
        dateDebut: '2025-03-01',
        dateFin: '2025-03-04',
        demandeId: g.demandeId,
        createdBy: g.userId,
      })
      .returning(),
  ).id;
  g.reservationId = first(
    await db
      .insert(reservations)
      .values(
        reservation({
          statut: 'confirmee',
          petitDejeuner: true,
          demandeId: g.demandeId,
          createdBy: g.userId,
        }),
      )
      .returning(),
  ).id;
  await db
    .insert(nuitees)
    .values(
      ['2025-03-01', '2025-03-02', '2025-03-03'].map((dateNuit) =>
        nuitee({ reservationId: g.reservationId, dateNuit, petitDejeuner: 1 }),
      ),
    );
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe('the minimal valid graph', () => {
  it('is accepted, with money as exact strings and one night per day of the stay', async () => {
    const [stay] = await db
      .select({ nuits: sql<number>`(${reservations.dateFin} - ${reservations.dateDebut})::int` })
      .from(reservations)
      .where(eq(reservations.id, g.reservationId));
    const [nights] = await db
      .select({ nuitees: count() })
      .from(nuitees)
      .where(eq(nuitees.reservationId, g.reservationId));
    expect({ ...stay, ...nights }).toEqual({ nuits: 3, nuitees: 3 });

    const [totals] = await db
      .select({ vente: sql<string>`sum(${nuitees.prixVenteHt})::text` })
      .from(nuitees)
      .where(eq(nuitees.reservationId, g.reservationId));
    expect(totals?.vente).toBe('225.00');

    const [tarif] = await db
      .select()
      .from(contratEtablissementTarifs)
      .where(eq(contratEtablissementTarifs.id, g.tarifEtabId));
    expect(tarif).toMatchObject({
      prixNuiteeHt: '60.00',
      prixPetitDejeunerHt: '6.50',
      prixDejeunerHt: '0.00',
    });

    const [defaults] = await db.select().from(reservations).where(eq(reservations.id, g.reservationId));
    expect(defaults).toMatchObject({
      typeResa: 'initiale',
      etatPaymentPaf: 'a_verifier',
      statusPaf: false,
      version: 1,
      dateDebut: '2025-03-01',
    });
  });

  it('ships the three meal types', async () => {
    const rows = await db.select({ code: repas.code }).from(repas).orderBy(repas.ordre);
    expect(rows.map((row) => row.code)).toEqual(['petit_dejeuner', 'dejeuner', 'diner']);
  });
});

describe('CHECK constraints', () => {
  it('rejects negative money', async () => {
    await expectViolation(
      db
        .update(contratEtablissementTarifs)
        .set({ prixNuiteeHt: '-1.00' })
        .where(eq(contratEtablissementTarifs.id, g.tarifEtabId)),
      CHECK,
      'contrat_etablissement_tarifs_prix_nuitee_ht_ge0',
    );
    await expectViolation(
      db
        .update(contratsClients)
        .set({ montantPafJour: '-0.01' })
        .where(eq(contratsClients.id, g.contratClientId)),
      CHECK,
      'contrats_clients_montant_paf_jour_ge0',
    );
    await expectViolation(
      db
        .insert(nuitees)
        .values(nuitee({ reservationId: g.reservationId, dateNuit: '2025-03-01', prixVenteHt: '-5' })),
      CHECK,
      'nuitees_prix_vente_ht_ge0',
    );
  });

  it('rejects a VAT rate outside 0–100 %', async () => {
    await expectViolation(
      db
        .update(contratsEtablissement)
        .set({ tauxTvaNuitee: '120.00' })
        .where(eq(contratsEtablissement.id, g.contratEtabId)),
      CHECK,
      'contrats_etablissement_taux_tva_nuitee_range',
    );
    await expectViolation(
      db
        .update(contratsClients)
        .set({ tauxTvaRepas: '-5.50' })
        .where(eq(contratsClients.id, g.contratClientId)),
      CHECK,
      'contrats_clients_taux_tva_repas_range',
    );
  });

  it('rejects periods whose end is not after their start', async () => {
    await expectViolation(
      db
        .update(contratsEtablissement)
        .set({ dateFin: '2025-01-01' })
        .where(eq(contratsEtablissement.id, g.contratEtabId)),
      CHECK,
      'contrats_etablissement_periode_valide',
    );
    await expectViolation(
      db.insert(reservations).values(reservation({ dateDebut: '2025-03-04', dateFin: '2025-03-01' })),
      CHECK,
      'reservations_periode_valide',
    );
    await expectViolation(
      db
        .update(contratEtablissementTarifs)
        .set({ dateFin: '2024-12-01' })
        .where(eq(contratEtablissementTarifs.id, g.tarifEtabId)),
      CHECK,
      'contrat_etablissement_tarifs_periode_valide',
    );
    await expectViolation(
      db
        .update(demandesHebergement)
        .set({ dateFin: '2025-02-01' })
        .where(eq(demandesHebergement.id, g.demandeId)),
      CHECK,
      'demandes_hebergement_periode_valide',
    );
  });

  it('rejects values outside each enumeration', async () => {
    await expectViolation(
      db
        .update(reservations)
        .set({ statut: 'validee' as never })
        .where(eq(reservations.id, g.reservationId)),
      CHECK,
      'reservations_statut_valid',
    );
    await expectViolation(
      db
        .update(reservations)
        .set({ etatPaymentCaf: 'ok' as never })
        .where(eq(reservations.id, g.reservationId)),
      CHECK,
      'reservations_etat_payment_caf_valid',
    );
    await expectViolation(
      db
        .update(nuitees)
        .set({ presence: 'oui' as never })
        .where(eq(nuitees.reservationId, g.reservationId)),
      CHECK,
      'nuitees_presence_valid',
    );
    await expectViolation(
      db
        .update(pensionnaires)
        .set({ sexe: 'Z' as never })
        .where(eq(pensionnaires.id, g.pensionnaireId)),
      CHECK,
      'pensionnaires_sexe_valid',
    );
    await expectViolation(
      db
        .update(contratsClients)
        .set({ statut: 'termine' as never })
        .where(eq(contratsClients.id, g.contratClientId)),
      CHECK,
      'contrats_clients_statut_valid',
    );
    await expectViolation(
      db
        .update(demandesHebergement)
        .set({ type: 'autre' as never })
        .where(eq(demandesHebergement.id, g.demandeId)),
      CHECK,
      'demandes_hebergement_type_valid',
    );
  });

  it('rejects malformed reference data', async () => {
    await expectViolation(
      db.update(clients).set({ siret: '1234' }).where(eq(clients.id, g.clientId)),
      CHECK,
      'clients_siret_format',
    );
    await expectViolation(
      db.update(etablissements).set({ codePostal: '6900' }).where(eq(etablissements.id, g.etabId)),
      CHECK,
      'etablissements_code_postal_format',
    );
    await expectViolation(
      db.update(typesChambre).set({ capacite: 13 }).where(eq(typesChambre.id, g.typeId)),
      CHECK,
      'types_chambre_capacite_range',
    );
    await expectViolation(
      db
        .update(contratsClients)
        .set({ delaiAlerteJours: 61 })
        .where(eq(contratsClients.id, g.contratClientId)),
      CHECK,
      'contrats_clients_delai_alerte_range',
    );
    await expectViolation(
      db
        .update(pensionnaires)
        .set({ dateNaissance: '1899-12-31' })
        .where(eq(pensionnaires.id, g.pensionnaireId)),
      CHECK,
      'pensionnaires_date_naissance_min',
    );
    await expectViolation(
      db
        .update(groupesEtablissements)
        .set({ nom: '   ' })
        .where(eq(groupesEtablissements.id, g.groupeEtabId)),
      CHECK,
      'groupes_etablissements_nom_not_blank',
    );
  });

  it('rejects a refused demand without a reason, accepts it with one', async () => {
    await expectViolation(
      db
        .update(demandesHebergement)
        .set({ statut: 'refusee' })
        .where(eq(demandesHebergement.id, g.demandeId)),
      CHECK,
      'demandes_hebergement_refus_motive',
    );
    const [refused] = await db
      .insert(demandesHebergement)
      .values({
        clientId: g.clientId,
        type: 'nouvelle',
        statut: 'refusee',
        motifRefus: 'Aucune chambre disponible sur la période.',
        dateDebut: '2025-04-01',
        dateFin: '2025-04-10',
        nombrePersonnes: 1,
      })
      .returning();
    expect(refused?.statut).toBe('refusee');
    await expectViolation(
      db.insert(demandesHebergement).values({
        clientId: g.clientId,
        type: 'nouvelle',
        dateDebut: '2025-04-01',
        dateFin: '2025-04-02',
        nombrePersonnes: 0,
      }),
      CHECK,
      'demandes_hebergement_nombre_personnes_gt0',
    );
    await expectViolation(
      db.insert(demandesHebergement).values({
        clientId: g.clientId,
        type: 'nouvelle',
        reservationCibleId: g.reservationId,
        dateDebut: '2025-04-01',
        dateFin: '2025-04-02',
        nombrePersonnes: 1,
      }),
      CHECK,
      'demandes_hebergement_cible_coherente',
    );
  });

  it('ties a cancelled reservation to its cancellation time', async () => {
    await expectViolation(
      db.update(reservations).set({ statut: 'annulee' }).where(eq(reservations.id, g.reservationId)),
      CHECK,
      'reservations_annulation_datee',
    );
    await expectViolation(
      db.update(reservations).set({ annuleeAt: new Date() }).where(eq(reservations.id, g.reservationId)),
      CHECK,
      'reservations_annulation_datee',
    );
  });

  it('keeps communications, notifications and tasks well formed', async () => {
    await expectViolation(
      db.insert(communications).values({ canal: 'email', objet: 'Confirmation' }),
      CHECK,
      'communications_sujet_present',
    );
    await expectViolation(
      db
        .insert(communications)
        .values({ demandeId: g.demandeId, canal: 'fax' as never, objet: 'Confirmation' }),
      CHECK,
      'communications_canal_valid',
    );
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]);
    const [saved] = await db
      .insert(communications)
      .values({
        demandeId: g.demandeId,
        canal: 'document',
        objet: 'Attestation',
        document: pdf,
        documentNom: 'a.pdf',
      })
      .returning();
    expect(Array.from(saved?.document ?? [])).toEqual(Array.from(pdf));

    const [notification] = await db
      .insert(notifications)
      .values({ userId: g.userId, message: 'Nouvelle demande' })
      .returning();
    expect(notification).toMatchObject({ title: 'Nouvelle notification', isRead: false });

    await expectViolation(
      db.insert(tasks).values({ type: 'export', progression: 101 }),
      CHECK,
      'tasks_progression_range',
    );
    await expectViolation(
      db.insert(tasks).values({ type: 'sync', statut: 'echec' }),
      CHECK,
      'tasks_echec_explique',
    );
  });
});

describe('extensions (prolongations)', () => {
  it('requires prolongation_de_id exactly for a prolongation', async () => {
    await expectViolation(
      db
        .insert(reservations)
        .values(reservation({ typeResa: 'prolongation', dateDebut: '2025-03-04', dateFin: '2025-03-10' })),
      CHECK,
      'reservations_prolongation_coherente',
    );
    await expectViolation(
      db
        .insert(reservations)
        .values(
          reservation({ prolongationDeId: g.reservationId, dateDebut: '2025-03-04', dateFin: '2025-03-10' }),
        ),
      CHECK,
      'reservations_prolongation_coherente',
    );
  });

  it("extends only the same resident's stay, and only once unless the extension is cancelled", async () => {
    const extension = reservation({
      typeResa: 'prolongation',
      prolongationDeId: g.reservationId,
      dateDebut: '2025-03-04',
      dateFin: '2025-03-10',
    });
    await expectViolation(
      db.insert(reservations).values({ ...extension, pensionnaireId: g.autrePensionnaireId }),
      FOREIGN_KEY,
      'reservations_prolongation_de_fk',
    );
    const [first] = await db.insert(reservations).values(extension).returning();
    await expectViolation(
      db.insert(reservations).values(extension),
      UNIQUE,
      'reservations_prolongee_une_fois',
    );

    await db
      .update(reservations)
      .set({ statut: 'annulee', annuleeAt: new Date() })
      .where(eq(reservations.id, first?.id ?? 0));
    const [second] = await db.insert(reservations).values(extension).returning();
    expect(second?.prolongationDeId).toBe(g.reservationId);
  });
});

describe('coherence keys (same client, same hotel, same resident)', () => {
  it("rejects another client's resident or contract, and another hotel's contract", async () => {
    const etranger = first(
      await db
        .insert(pensionnaires)
        .values({ clientId: g.autreClientId, nom: 'Petit', prenom: 'Jean', sexe: 'M', numeroDossier: 'V-1' })
        .returning(),
    );
    await expectViolation(
      db.insert(reservations).values(reservation({ pensionnaireId: etranger.id })),
      FOREIGN_KEY,
      'reservations_pensionnaire_client_fk',
    );
    await expectViolation(
      db.insert(reservations).values(reservation({ clientId: g.autreClientId, pensionnaireId: etranger.id })),
      FOREIGN_KEY,
    );
    await expectViolation(
      db.insert(reservations).values(reservation({ etablissementId: g.autreEtabId })),
      FOREIGN_KEY,
    );
    await expectViolation(
      db.insert(pensionnaires).values({
        clientId: g.autreClientId,
        foyerId: g.foyerId,
        nom: 'Petit',
        prenom: 'Lou',
        sexe: 'X',
        numeroDossier: 'V-2',
      }),
      FOREIGN_KEY,
      'pensionnaires_foyer_meme_client_fk',
    );
  });

  it("rejects a night that does not carry its reservation's resident and hotel", async () => {
    // The resident's own stay has every night booked: take a stay with a free night (2025-03-03).
    const mere = first(
      await db
        .insert(reservationsMeres)
        .values({
          clientId: g.clientId,
          contratClientId: g.contratClientId,
          etablissementId: g.etabId,
          contratEtablissementId: g.contratEtabId,
          dateDebut: '2025-03-03',
          dateFin: '2025-03-04',
        })
        .returning(),
    );
    const stay = first(
      await db
        .insert(reservations)
        .values(reservation({ idReservationMere: mere.id, dateDebut: '2025-03-03', dateFin: '2025-03-04' }))
        .returning(),
    );
    await expectViolation(
      db
        .insert(nuitees)
        .values(
          nuitee({ reservationId: stay.id, dateNuit: '2025-03-03', pensionnaireId: g.autrePensionnaireId }),
        ),
      FOREIGN_KEY,
      'nuitees_reservation_fk',
    );
  });
});

describe('nights (nuitees)', () => {
  it('has one row per reservation and night', async () => {
    await expectViolation(
      db
        .insert(nuitees)
        .values(nuitee({ reservationId: g.reservationId, dateNuit: '2025-03-02', annulee: true })),
      UNIQUE,
      'nuitees_reservation_nuit_unique',
    );
  });

  it('rejects a night outside its reservation, and a reservation shrunk below its nights', async () => {
    await expectViolation(
      db.insert(nuitees).values(nuitee({ reservationId: g.reservationId, dateNuit: '2025-03-04' })),
      CHECK,
      'nuitees_dans_reservation',
    );
    await expectViolation(
      db.update(reservations).set({ dateFin: '2025-03-03' }).where(eq(reservations.id, g.reservationId)),
      CHECK,
      'nuitees_dans_reservation',
    );
  });

  it('never books one resident twice on the same night, unless one of the nights is cancelled', async () => {
    // A second stay of the same resident (another parent), overlapping the night of 2025-03-02.
    const mere = first(
      await db
        .insert(reservationsMeres)
        .values({
          clientId: g.clientId,
          contratClientId: g.contratClientId,
          etablissementId: g.etabId,
          contratEtablissementId: g.contratEtabId,
          dateDebut: '2025-03-02',
          dateFin: '2025-03-03',
        })
        .returning(),
    );
    const doublon = first(
      await db
        .insert(reservations)
        .values(reservation({ idReservationMere: mere.id, dateDebut: '2025-03-02', dateFin: '2025-03-03' }))
        .returning(),
    );
    await expectViolation(
      db.insert(nuitees).values(nuitee({ reservationId: doublon.id, dateNuit: '2025-03-02' })),
      UNIQUE,
      'nuitees_pensionnaire_nuit_unique',
    );

    await db
      .update(nuitees)
      .set({ annulee: true })
      .where(sql`${nuitees.reservationId} = ${g.reservationId} and ${nuitees.dateNuit} = '2025-03-02'`);
    await db.insert(nuitees).values(nuitee({ reservationId: doublon.id, dateNuit: '2025-03-02' }));
    // Restoring the cancelled night would book the resident twice again.
    await expectViolation(
      db
        .update(nuitees)
        .set({ annulee: false })
        .where(sql`${nuitees.reservationId} = ${g.reservationId} and ${nuitees.dateNuit} = '2025-03-02'`),
      UNIQUE,
      'nuitees_pensionnaire_nuit_unique',
    );
  });

  it('cascades from its reservation', async () => {
    const mere = first(
      await db
        .insert(reservationsMeres)
        .values({
          clientId: g.clientId,
          contratClientId: g.contratClientId,
          etablissementId: g.etabId,
          contratEtablissementId: g.contratEtabId,
          dateDebut: '2025-05-01',
          dateFin: '2025-05-03',
        })
        .returning(),
    );
    const stay = first(
      await db
        .insert(reservations)
        .values(reservation({ idReservationMere: mere.id, dateDebut: '2025-05-01', dateFin: '2025-05-03' }))
        .returning(),
    );
    await db
      .insert(nuitees)
      .values([
        nuitee({ reservationId: stay.id, dateNuit: '2025-05-01' }),
        nuitee({ reservationId: stay.id, dateNuit: '2025-05-02' }),
      ]);
    await db.delete(reservations).where(eq(reservations.id, stay.id));
    const [left] = await db.select({ n: count() }).from(nuitees).where(eq(nuitees.reservationId, stay.id));
    expect(left?.n).toBe(0);
    // The parent reservation is not a cascade target: it stays until deleted on purpose.
    await expectViolation(
      db.delete(reservationsMeres).where(eq(reservationsMeres.id, g.mereId)),
      FOREIGN_KEY,
      'reservations_id_reservation_mere_fk',
    );
  });
});

describe('tariff lines', () => {
  it('rejects overlapping purchase tariff periods for one contract and room type', async () => {
    const line = {
      contratId: g.contratEtabId,
      typeChambreId: g.typeId,
      prixNuiteeHt: '65.00',
    };
    await expectViolation(
      db
        .insert(contratEtablissementTarifs)
        .values({ ...line, dateDebut: '2025-06-01', dateFin: '2025-08-01' }),
      EXCLUSION,
      'contrat_etablissement_tarifs_sans_chevauchement',
    );
    // Half-open periods: a line may start on the day the previous one ends; another room type is independent.
    await db
      .insert(contratEtablissementTarifs)
      .values({ ...line, dateDebut: '2025-07-01', dateFin: '2026-01-01' });
    await db
      .insert(contratEtablissementTarifs)
      .values({ ...line, typeChambreId: g.autreTypeId, dateDebut: '2025-01-01', dateFin: '2026-01-01' });
  });

  it('rejects overlapping sale tariff periods per contract, room type and hotel (null = every hotel)', async () => {
    const line = { contratId: g.contratClientId, typeChambreId: g.typeId, prixNuiteeHt: '80.00' };
    await expectViolation(
      db.insert(contratClientTarifs).values({ ...line, dateDebut: '2025-02-01', dateFin: '2025-03-01' }),
      EXCLUSION,
      'contrat_client_tarifs_sans_chevauchement',
    );
    // A hotel's own line may overlap the every-hotel line (it wins), but not another line of that hotel.
    await db
      .insert(contratClientTarifs)
      .values({ ...line, etablissementId: g.etabId, dateDebut: '2025-02-01', dateFin: '2025-03-01' });
    await expectViolation(
      db
        .insert(contratClientTarifs)
        .values({ ...line, etablissementId: g.etabId, dateDebut: '2025-02-15', dateFin: '2025-04-01' }),
      EXCLUSION,
      'contrat_client_tarifs_sans_chevauchement',
    );
    await db
      .insert(contratClientTarifs)
      .values({ ...line, etablissementId: g.autreEtabId, dateDebut: '2025-02-15', dateFin: '2025-04-01' });
  });

  it('keeps each line inside its contract, checked at commit', async () => {
    await expectViolation(
      db.insert(contratClientTarifs).values({
        contratId: g.contratClientId,
        typeChambreId: g.autreTypeId,
        dateDebut: '2025-12-01',
        dateFin: '2026-02-01',
      }),
      CHECK,
      'contrat_client_tarifs_dans_contrat',
    );
    await expectViolation(
      db
        .update(contratsEtablissement)
        .set({ dateFin: '2025-12-01' })
        .where(eq(contratsEtablissement.id, g.contratEtabId)),
      CHECK,
      'contrat_etablissement_tarifs_dans_contrat',
    );

    // Deferred: in one transaction the contract may shrink first and its lines follow.
    const contrat = first(
      await db
        .insert(contratsEtablissement)
        .values({
          etablissementId: g.autreEtabId,
          reference: 'CE-2025-002',
          dateDebut: '2025-01-01',
          dateFin: '2026-01-01',
          modeTarification: 'par_personne',
          tauxTvaNuitee: '10.00',
          tauxTvaRepas: '10.00',
        })
        .returning(),
    );
    const tarif = first(
      await db
        .insert(contratEtablissementTarifs)
        .values({
          contratId: contrat.id,
          typeChambreId: g.typeId,
          dateDebut: '2025-01-01',
          dateFin: '2026-01-01',
        })
        .returning(),
    );
    await db.transaction(async (tx) => {
      await tx
        .update(contratsEtablissement)
        .set({ dateFin: '2025-07-01' })
        .where(eq(contratsEtablissement.id, contrat.id));
      await tx
        .update(contratEtablissementTarifs)
        .set({ dateFin: '2025-07-01' })
        .where(eq(contratEtablissementTarifs.id, tarif.id));
    });
    // Deleting a contract with no stay takes its lines with it.
    await db.delete(contratsEtablissement).where(eq(contratsEtablissement.id, contrat.id));
    const [left] = await db
      .select({ n: count() })
      .from(contratEtablissementTarifs)
      .where(eq(contratEtablissementTarifs.contratId, contrat.id));
    expect(left?.n).toBe(0);
  });
});

describe('allotment', () => {
  /** What the booking transaction does for each night of a tariff line: take `rooms` rooms. */
  const take = (executor: Executor, dateNuit: string, rooms = 1) =>
    executor
      .insert(occupationsAllotement)
      .values({ tarifId: g.tarifEtabId, dateNuit, chambresOccupees: rooms })
      .onConflictDoUpdate({
        target: [occupationsAllotement.tarifId, occupationsAllotement.dateNuit],
        set: {
          chambresOccupees: sql`${occupationsAllotement.chambresOccupees} + excluded.chambres_occupees`,
        },
      });

  it('copies the allotment from the tariff line and refuses to exceed it', async () => {
    await db
      .insert(occupationsAllotement)
      .values({ tarifId: g.tarifEtabId, dateNuit: '2025-03-10', chambresOccupees: 1, allotement: 99 });
    const [row] = await db
      .select()
      .from(occupationsAllotement)
      .where(eq(occupationsAllotement.dateNuit, '2025-03-10'));
    expect(row).toMatchObject({ chambresOccupees: 1, allotement: 2 });

    await take(db, '2025-03-10');
    await expectViolation(take(db, '2025-03-10'), CHECK, 'occupations_allotement_depassement');
  });

  it('lets exactly the allotment through under concurrent bookings', async () => {
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => db.transaction(async (tx) => take(tx, '2025-03-11'))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    const failures = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    expect(failures.map((failure) => pgErrorInfo(failure.reason)?.code)).toEqual([CHECK, CHECK]);
  });

  it('follows the tariff line: no lowering below the rooms taken, null = no limit', async () => {
    await expectViolation(
      db
        .update(contratEtablissementTarifs)
        .set({ allotement: 1 })
        .where(eq(contratEtablissementTarifs.id, g.tarifEtabId)),
      CHECK,
      'occupations_allotement_depassement',
    );
    await db
      .update(contratEtablissementTarifs)
      .set({ allotement: null })
      .where(eq(contratEtablissementTarifs.id, g.tarifEtabId));
    await take(db, '2025-03-10', 5);
    const [row] = await db
      .select()
      .from(occupationsAllotement)
      .where(eq(occupationsAllotement.dateNuit, '2025-03-10'));
    expect(row).toMatchObject({ chambresOccupees: 7, allotement: null });
  });
});

describe('uniqueness', () => {
  it('makes numero_dossier unique per client only', async () => {
    await expectViolation(
      db
        .insert(pensionnaires)
        .values({ clientId: g.clientId, nom: 'Sow', prenom: 'Ibrahima', sexe: 'M', numeroDossier: 'D-001' }),
      UNIQUE,
      'pensionnaires_numero_dossier_unique',
    );
    await db.insert(pensionnaires).values({
      clientId: g.autreClientId,
      nom: 'Sow',
      prenom: 'Ibrahima',
      sexe: 'M',
      numeroDossier: 'D-001',
    });
  });

  it('makes names unique, case-insensitively, among non-archived rows only', async () => {
    await expectViolation(
      db.insert(groupesEtablissements).values({ nom: 'groupe AZUR' }),
      UNIQUE,
      'groupes_etablissements_nom_unique',
    );
    await db
      .update(groupesEtablissements)
      .set({ archivedAt: new Date() })
      .where(eq(groupesEtablissements.id, g.groupeEtabId));
    await db.insert(groupesEtablissements).values({ nom: 'groupe AZUR' });
    // Two archived homonyms are fine too.
    await db.insert(groupesEtablissements).values({ nom: 'Groupe Azur', archivedAt: new Date() });

    const hotel = { nom: 'HÔTEL DU PARC', adresse: '3 quai Perrache', codePostal: '69002' };
    await expectViolation(
      db.insert(etablissements).values({ ...hotel, ville: 'lyon' }),
      UNIQUE,
      'etablissements_nom_ville_unique',
    );
    await db.insert(etablissements).values({ ...hotel, ville: 'Grenoble', codePostal: '38000' });

    await expectViolation(db.insert(typesChambre).values({ libelle: 'DOUBLE', capacite: 2 }), UNIQUE);
    await expectViolation(
      db
        .insert(clients)
        .values({ nom: 'siao 69', type: 'autre', adresse: 'x', codePostal: '75001', ville: 'Paris' }),
      UNIQUE,
      'clients_nom_unique',
    );
    await expectViolation(
      db.insert(contratsClients).values({
        clientId: g.autreClientId,
        reference: 'CC-2025-001',
        dateDebut: '2025-01-01',
        dateFin: '2025-06-01',
        modeTarification: 'par_personne',
        tauxTvaNuitee: '10.00',
        tauxTvaRepas: '10.00',
      }),
      UNIQUE,
      'contrats_clients_reference_unique',
    );
  });
});

describe('foreign keys restrict deletion (archive instead)', () => {
  it('refuses to delete a hotel that has a contract', async () => {
    const hotel = first(
      await db
        .insert(etablissements)
        .values({ nom: 'Hôtel Bellevue', adresse: '5 rue Neuve', codePostal: '69001', ville: 'Lyon' })
        .returning(),
    );
    await db.insert(contratsEtablissement).values({
      etablissementId: hotel.id,
      reference: 'CE-2025-003',
      dateDebut: '2025-01-01',
      dateFin: '2026-01-01',
      modeTarification: 'par_chambre',
      tauxTvaNuitee: '10.00',
      tauxTvaRepas: '10.00',
    });
    await expectViolation(
      db.delete(etablissements).where(eq(etablissements.id, hotel.id)),
      FOREIGN_KEY,
      'contrats_etablissement_etablissement_id_fk',
    );
  });

  it('refuses to delete referenced reference data', async () => {
    await expectViolation(db.delete(etablissements).where(eq(etablissements.id, g.etabId)), FOREIGN_KEY);
    await expectViolation(db.delete(clients).where(eq(clients.id, g.clientId)), FOREIGN_KEY);
    await expectViolation(db.delete(typesChambre).where(eq(typesChambre.id, g.typeId)), FOREIGN_KEY);
    await expectViolation(
      db.delete(pensionnaires).where(eq(pensionnaires.id, g.pensionnaireId)),
      FOREIGN_KEY,
    );
    await expectViolation(
      db.delete(contratsEtablissement).where(eq(contratsEtablissement.id, g.contratEtabId)),
      FOREIGN_KEY,
    );
    await expectViolation(db.delete(users).where(eq(users.id, g.userId)), FOREIGN_KEY);
  });

  it('cascades only where named: a demand takes its resident links, a user its notifications', async () => {
    const demande = first(
      await db
        .insert(demandesHebergement)
        .values({
          clientId: g.clientId,
          type: 'nouvelle',
          dateDebut: '2025-06-01',
          dateFin: '2025-06-08',
          nombrePersonnes: 1,
        })
        .returning(),
    );
    await db.insert(demandePensionnaires).values({ demandeId: demande.id, pensionnaireId: g.pensionnaireId });
    await expectViolation(
      db.delete(pensionnaires).where(eq(pensionnaires.id, g.pensionnaireId)),
      FOREIGN_KEY,
    );
    await db.delete(demandesHebergement).where(eq(demandesHebergement.id, demande.id));
    const [links] = await db
      .select({ n: count() })
      .from(demandePensionnaires)
      .where(eq(demandePensionnaires.demandeId, demande.id));
    expect(links?.n).toBe(0);

    const user = first(
      await db
        .insert(users)
        .values({ email: 'parti@ebas3.fr', passwordHash: 'x', nom: 'Parti', prenom: 'Paul', role: 'agent' })
        .returning(),
    );
    await db.insert(notifications).values({ userId: user.id, message: 'Bienvenue' });
    await db.delete(users).where(eq(users.id, user.id));
    const [left] = await db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(left?.n).toBe(0);
  });
});
