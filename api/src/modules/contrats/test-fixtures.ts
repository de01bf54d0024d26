/**
 * Test data written directly with Drizzle (faster than the API, and the only way to simulate bookings until
 * the reservations module exists): hotels, room types, clients, residents, and stays with their nights.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../../../test/helper';
import {
  clients,
  etablissements,
  nuitees,
  occupationsAllotement,
  pensionnaires,
  reservations,
  reservationsMeres,
  typesChambre,
} from '../../db/schema';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('no row returned');
  return row;
}

export async function insertHotel(
  app: FastifyInstance,
  values: { nom?: string; ville?: string; archived?: boolean } = {},
): Promise<{ id: number; nom: string }> {
  return first(
    await app.db
      .insert(etablissements)
      .values({
        nom: values.nom ?? `Hôtel ${unique()}`,
        adresse: '1 rue de la Gare',
        codePostal: '69003',
        ville: values.ville ?? 'Lyon',
        archivedAt: values.archived ? new Date() : null,
      })
      .returning({ id: etablissements.id, nom: etablissements.nom }),
  );
}

export async function insertRoomType(
  app: FastifyInstance,
  values: { libelle?: string; capacite?: number; archived?: boolean } = {},
): Promise<{ id: number; libelle: string }> {
  return first(
    await app.db
      .insert(typesChambre)
      .values({
        libelle: values.libelle ?? `Type ${unique()}`,
        capacite: values.capacite ?? 2,
        archivedAt: values.archived ? new Date() : null,
      })
      .returning({ id: typesChambre.id, libelle: typesChambre.libelle }),
  );
}

export async function insertClient(
  app: FastifyInstance,
  values: { nom?: string; archived?: boolean } = {},
): Promise<{ id: number; nom: string }> {
  return first(
    await app.db
      .insert(clients)
      .values({
        nom: values.nom ?? `Client ${unique()}`,
        type: 'association',
        adresse: '2 place Bellecour',
        codePostal: '69002',
        ville: 'Lyon',
        archivedAt: values.archived ? new Date() : null,
      })
      .returning({ id: clients.id, nom: clients.nom }),
  );
}

export async function insertResident(
  app: FastifyInstance,
  clientId: number,
  values: { nom?: string; prenom?: string; numeroDossier?: string; archived?: boolean } = {},
): Promise<{ id: number }> {
  return first(
    await app.db
      .insert(pensionnaires)
      .values({
        clientId,
        nom: values.nom ?? 'Diallo',
        prenom: values.prenom ?? 'Aminata',
        sexe: 'F',
        numeroDossier: values.numeroDossier ?? `D-${unique()}`,
        archivedAt: values.archived ? new Date() : null,
      })
      .returning({ id: pensionnaires.id }),
  );
}

/** Creates a contract through the API as an administrator; optionally walks it to a status. */
export async function createContract(
  app: FastifyInstance,
  token: string,
  path: string,
  body: Record<string, unknown>,
  statut?: 'actif' | 'suspendu' | 'clos',
): Promise<{ id: number; lignes: { id: number; typeChambreId: number; dateDebut: string }[] }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json<{
    data: { id: number; lignes: { id: number; typeChambreId: number; dateDebut: string }[] };
  }>().data;
  const steps =
    statut === undefined
      ? []
      : statut === 'actif'
        ? ['actif']
        : statut === 'suspendu'
          ? ['actif', 'suspendu']
          : ['clos'];
  for (const step of steps) {
    const moved = await app.inject({
      method: 'PUT',
      url: `/api${path}/${data.id}/statut`,
      headers: bearer(token),
      payload: { statut: step },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return data;
}

export interface Booking {
  clientId: number;
  contratClientId: number;
  clientTarifId?: number | null;
  etablissementId: number;
  contratEtablissementId: number;
  etablissementTarifId?: number | null;
  typeChambreId: number;
  pensionnaireId: number;
  dateDebut: string;
  dateFin: string;
  /** Nights marked cancelled (the stay stays en_cours: the flag is what the rules read). */
  annulee?: boolean;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A stay and its nights, as the booking service will write them. Returns the reservation id. */
export async function insertStay(app: FastifyInstance, booking: Booking): Promise<number> {
  return app.db.transaction(async (tx) => {
    const common = {
      clientId: booking.clientId,
      contratClientId: booking.contratClientId,
      etablissementId: booking.etablissementId,
      contratEtablissementId: booking.contratEtablissementId,
      dateDebut: booking.dateDebut,
      dateFin: booking.dateFin,
    };
    const mere = first(
      await tx.insert(reservationsMeres).values(common).returning({ id: reservationsMeres.id }),
    );
    const reservation = first(
      await tx
        .insert(reservations)
        .values({
          ...common,
          idReservationMere: mere.id,
          pensionnaireId: booking.pensionnaireId,
          typeChambreId: booking.typeChambreId,
          statut: 'confirmee',
        })
        .returning({ id: reservations.id }),
    );
    const nights: (typeof nuitees.$inferInsert)[] = [];
    for (let day = booking.dateDebut; day < booking.dateFin; day = addDays(day, 1))
      nights.push({
        reservationId: reservation.id,
        pensionnaireId: booking.pensionnaireId,
        etablissementId: booking.etablissementId,
        typeChambreId: booking.typeChambreId,
        contratEtablissementTarifId: booking.etablissementTarifId ?? null,
        contratClientTarifId: booking.clientTarifId ?? null,
        dateNuit: day,
        prixAchatHt: '60.00',
        prixVenteHt: '75.00',
        tauxTvaNuitee: '10.00',
        tauxTvaRepas: '10.00',
        annulee: booking.annulee ?? false,
      });
    await tx.insert(nuitees).values(nights);
    return reservation.id;
  });
}

/** Rooms taken on one night of a purchase tariff line (the allotment counter). */
export async function occupy(app: FastifyInstance, tarifId: number, dateNuit: string, rooms: number) {
  await app.db.insert(occupationsAllotement).values({ tarifId, dateNuit, chambresOccupees: rooms });
}

export { addDays };
