/**
 * Test data for the reservation reads, written directly with Drizzle (the booking API is written in parallel):
 * a client and a hotel with active contracts, and stays with their nights, in any status.
 */
import type { FastifyInstance } from 'fastify';
import {
  contratsClients,
  contratsEtablissement,
  nuitees,
  reservations,
  reservationsMeres,
  type ReservationRow,
} from '../../db/schema';
import {
  addDays,
  insertClient,
  insertHotel,
  insertResident,
  insertRoomType,
} from '../contrats/test-fixtures';

let counter = 0;

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('no row returned');
  return row;
}

/** The business "today" (Europe/Paris), as the API computes it. */
export const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
export { addDays, insertResident };

export interface World {
  clientId: number;
  clientNom: string;
  contratClientId: number;
  etablissementId: number;
  etablissementNom: string;
  contratEtablissementId: number;
  typeChambreId: number;
}

/** A client, a hotel, a room type and one active contract each (alert delays as given, default 2). */
export async function insertWorld(
  app: FastifyInstance,
  values: { client?: string; hotel?: string; ville?: string; delaiClient?: number; delaiHotel?: number } = {},
): Promise<World> {
  counter += 1;
  const client = await insertClient(app, values.client === undefined ? {} : { nom: values.client });
  const hotel = await insertHotel(app, {
    ...(values.hotel === undefined ? {} : { nom: values.hotel }),
    ville: values.ville ?? 'Lyon',
  });
  const roomType = await insertRoomType(app);
  const period = { dateDebut: '2020-01-01', dateFin: '2040-01-01', statut: 'actif' as const };
  const vat = { modeTarification: 'par_personne' as const, tauxTvaNuitee: '10.00', tauxTvaRepas: '10.00' };
  const cc = first(
    await app.db
      .insert(contratsClients)
      .values({
        ...period,
        ...vat,
        reference: `CC-${Date.now().toString(36)}-${counter}`,
        clientId: client.id,
        delaiAlerteJours: values.delaiClient ?? 2,
        montantPafJour: '3.00',
        montantCafJour: '5.00',
      })
      .returning({ id: contratsClients.id }),
  );
  const ce = first(
    await app.db
      .insert(contratsEtablissement)
      .values({
        ...period,
        ...vat,
        reference: `CE-${Date.now().toString(36)}-${counter}`,
        etablissementId: hotel.id,
        delaiAlerteJours: values.delaiHotel ?? 2,
      })
      .returning({ id: contratsEtablissement.id }),
  );
  return {
    clientId: client.id,
    clientNom: client.nom,
    contratClientId: cc.id,
    etablissementId: hotel.id,
    etablissementNom: hotel.nom,
    contratEtablissementId: ce.id,
    typeChambreId: roomType.id,
  };
}

export type NightValues = Partial<typeof nuitees.$inferInsert>;

export interface StayValues {
  pensionnaireId: number;
  dateDebut: string;
  dateFin: string;
  statut?: ReservationRow['statut'];
  /** Parent to join (default: a new parent of one). */
  mereId?: number;
  prolongationDeId?: number;
  chambre?: string | null;
  statusPaf?: boolean;
  statusCaf?: boolean;
  etatPaymentPaf?: ReservationRow['etatPaymentPaf'];
  etatPaymentCaf?: ReservationRow['etatPaymentCaf'];
  apec?: boolean;
  /** Overrides of every night (prices, meals, states). */
  night?: NightValues;
  /** Overrides of one night, by date. */
  nights?: Record<string, NightValues>;
}

/** A stay of the world and its nights (75.00 sale / 60.00 purchase HT at 10 %, by default). */
export async function insertReservation(
  app: FastifyInstance,
  world: World,
  stay: StayValues,
): Promise<{ id: number; mereId: number }> {
  return app.db.transaction(async (tx) => {
    const common = {
      clientId: world.clientId,
      contratClientId: world.contratClientId,
      etablissementId: world.etablissementId,
      contratEtablissementId: world.contratEtablissementId,
      dateDebut: stay.dateDebut,
      dateFin: stay.dateFin,
    };
    const mereId =
      stay.mereId ??
      first(await tx.insert(reservationsMeres).values(common).returning({ id: reservationsMeres.id })).id;
    const statut = stay.statut ?? 'confirmee';
    const reservation = first(
      await tx
        .insert(reservations)
        .values({
          ...common,
          idReservationMere: mereId,
          pensionnaireId: stay.pensionnaireId,
          typeChambreId: world.typeChambreId,
          statut,
          annuleeAt: statut === 'annulee' ? new Date() : null,
          typeResa: stay.prolongationDeId === undefined ? 'initiale' : 'prolongation',
          prolongationDeId: stay.prolongationDeId ?? null,
          chambre: stay.chambre ?? null,
          statusPaf: stay.statusPaf ?? false,
          statusCaf: stay.statusCaf ?? false,
          etatPaymentPaf: stay.etatPaymentPaf ?? 'a_verifier',
          etatPaymentCaf: stay.etatPaymentCaf ?? 'a_verifier',
          apec: stay.apec ?? false,
        })
        .returning({ id: reservations.id }),
    );
    const nights: (typeof nuitees.$inferInsert)[] = [];
    for (let day = stay.dateDebut; day < stay.dateFin; day = addDays(day, 1))
      nights.push({
        reservationId: reservation.id,
        pensionnaireId: stay.pensionnaireId,
        etablissementId: world.etablissementId,
        typeChambreId: world.typeChambreId,
        dateNuit: day,
        prixAchatHt: '60.00',
        prixVenteHt: '75.00',
        tauxTvaNuitee: '10.00',
        tauxTvaRepas: '10.00',
        annulee: statut === 'annulee',
        ...stay.night,
        ...stay.nights?.[day],
      });
    if (nights.length > 0) await tx.insert(nuitees).values(nights);
    return { id: reservation.id, mereId };
  });
}

/**
 * The stays every read test uses, around today (T), in two worlds:
 *   A (client 'Association Alpha', hotel 'Hôtel Zénith', alert delays 2 / 4 → 4 days):
 *     s1 Diallo Aminata [T−1, T+1) confirmee, room 12B, CAF à vérifier     → commence_h, a_prolonger, prolongable
 *     s2 Martin Paul    [T−10, T−3) terminee, PAF à vérifier, apec
 *     s4 Martin Paul    [T, T+3) en_cours                                 → prolongable (T+3 ≤ T+4)
 *     s7 Diallo Aminata [T+10, T+12) annulee
 *   B (client 'Collectif Bravo', hotel 'Hôtel Rivage', delays 2 / 2):
 *     s3 Durand Léa     [T+5, T+9) en_attente, room 101
 *     s5 Durand Léa     [T−3, T) en_cours, extended by s6                 → a_prolonger, not prolongable
 *     s6 Durand Léa     [T, T+2) en_attente, prolongation of s5 (same parent)
 */
export async function insertScenario(app: FastifyInstance) {
  const T = today;
  const a = await insertWorld(app, {
    client: `Association Alpha ${Date.now()}`,
    hotel: `Hôtel Zénith ${Date.now()}`,
    delaiClient: 2,
    delaiHotel: 4,
  });
  const b = await insertWorld(app, {
    client: `Collectif Bravo ${Date.now()}`,
    hotel: `Hôtel Rivage ${Date.now()}`,
  });
  const diallo = await insertResident(app, a.clientId, {
    nom: 'Diallo',
    prenom: 'Aminata',
    numeroDossier: 'AX-1001',
  });
  const martin = await insertResident(app, a.clientId, {
    nom: 'Martin',
    prenom: 'Paul',
    numeroDossier: 'AX-1002',
  });
  const durand = await insertResident(app, b.clientId, {
    nom: 'Durand',
    prenom: 'Léa',
    numeroDossier: 'BX-2001',
  });
  const s1 = await insertReservation(app, a, {
    pensionnaireId: diallo.id,
    dateDebut: addDays(T, -1),
    dateFin: addDays(T, 1),
    chambre: '12B',
    statusCaf: true,
  });
  const s2 = await insertReservation(app, a, {
    pensionnaireId: martin.id,
    dateDebut: addDays(T, -10),
    dateFin: addDays(T, -3),
    statut: 'terminee',
    statusPaf: true,
    apec: true,
  });
  const s3 = await insertReservation(app, b, {
    pensionnaireId: durand.id,
    dateDebut: addDays(T, 5),
    dateFin: addDays(T, 9),
    statut: 'en_attente',
    chambre: '101',
  });
  const s4 = await insertReservation(app, a, {
    pensionnaireId: martin.id,
    dateDebut: T,
    dateFin: addDays(T, 3),
    statut: 'en_cours',
  });
  const s5 = await insertReservation(app, b, {
    pensionnaireId: durand.id,
    dateDebut: addDays(T, -3),
    dateFin: T,
    statut: 'en_cours',
  });
  const s6 = await insertReservation(app, b, {
    pensionnaireId: durand.id,
    dateDebut: T,
    dateFin: addDays(T, 2),
    statut: 'en_attente',
    mereId: s5.mereId,
    prolongationDeId: s5.id,
  });
  const s7 = await insertReservation(app, a, {
    pensionnaireId: diallo.id,
    dateDebut: addDays(T, 10),
    dateFin: addDays(T, 12),
    statut: 'annulee',
  });
  return { a, b, diallo, martin, durand, s1, s2, s3, s4, s5, s6, s7 };
}
export type Scenario = Awaited<ReturnType<typeof insertScenario>>;
