/**
 * Test world of the reservation writes, dated around the business "today": one hotel with a purchase contract
 * (par_chambre: Double 60.00 then 70.00 from today + 30, allotment 5; Simple 40.00, allotment 1) and one client
 * with a sale contract (par_personne: Double 75.00 for every hotel, 80.00 for this hotel from today + 30; meals;
 * PAF 3.50 and CAF 2.00 a day). Rows are written directly (faster than the contract API).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, userToken } from '../../../test/helper';
import {
  contratClientTarifs,
  contratEtablissementTarifs,
  contratsClients,
  contratsEtablissement,
} from '../../db/schema';
import { insertClient, insertHotel, insertResident, insertRoomType } from '../contrats/test-fixtures';
import { addDays, rowsOf } from './write-common';

/** The business "today" (Europe/Paris), as the API computes it. */
export const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
export const day = (offset: number) => addDays(today, offset);

let counter = 0;

export interface World {
  app: FastifyInstance;
  admin: string;
  agent: string;
  double: { id: number };
  simple: { id: number };
  hotel: { id: number };
  client: { id: number };
  otherClient: { id: number };
  ce: { id: number; doubleH1: number; doubleH2: number; simple: number };
  cc: { id: number; double: number; doubleHotel: number; simple: number };
}

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('no row returned');
  return row;
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  counter += 1;
  const admin = (await userToken(app, 'admin')).token;
  const agent = (await userToken(app, 'agent')).token;
  const double = await insertRoomType(app, { libelle: `Double ${counter}`, capacite: 2 });
  const simple = await insertRoomType(app, { libelle: `Simple ${counter}`, capacite: 1 });
  const hotel = await insertHotel(app);
  const client = await insertClient(app);
  const otherClient = await insertClient(app);
  const period = { dateDebut: day(-60), dateFin: day(400), statut: 'actif' as const };
  const rates = { tauxTvaNuitee: '10.00', tauxTvaRepas: '5.50' };
  const ce = first(
    await app.db
      .insert(contratsEtablissement)
      .values({
        ...period,
        ...rates,
        reference: `CE-${counter}-${Date.now()}`,
        modeTarification: 'par_chambre',
        etablissementId: hotel.id,
      })
      .returning(),
  );
  const purchase = (
    typeChambreId: number,
    dateDebut: string,
    dateFin: string,
    prix: string,
    allotement: number,
  ) =>
    app.db
      .insert(contratEtablissementTarifs)
      .values({
        contratId: ce.id,
        typeChambreId,
        dateDebut,
        dateFin,
        prixNuiteeHt: prix,
        prixPetitDejeunerHt: '5.00',
        allotement,
      })
      .returning()
      .then(first);
  const doubleH1 = await purchase(double.id, day(-60), day(30), '60.00', 5);
  const doubleH2 = await purchase(double.id, day(30), day(400), '70.00', 5);
  const simpleLine = await purchase(simple.id, day(-60), day(400), '40.00', 1);
  const cc = first(
    await app.db
      .insert(contratsClients)
      .values({
        ...period,
        ...rates,
        reference: `CC-${counter}-${Date.now()}`,
        modeTarification: 'par_personne',
        clientId: client.id,
        montantPafJour: '3.50',
        montantCafJour: '2.00',
      })
      .returning(),
  );
  const sale = (typeChambreId: number, etablissementId: number | null, dateDebut: string, prix: string) =>
    app.db
      .insert(contratClientTarifs)
      .values({
        contratId: cc.id,
        typeChambreId,
        etablissementId,
        dateDebut,
        dateFin: day(400),
        prixNuiteeHt: prix,
        prixPetitDejeunerHt: '6.50',
        prixDejeunerHt: '12.00',
        prixDinerHt: '14.00',
      })
      .returning()
      .then(first);
  const saleDouble = await sale(double.id, null, day(-60), '75.00');
  const saleDoubleHotel = await sale(double.id, hotel.id, day(30), '80.00');
  const saleSimple = await sale(simple.id, null, day(-60), '50.00');
  return {
    app,
    admin,
    agent,
    double,
    simple,
    hotel,
    client,
    otherClient,
    ce: { id: ce.id, doubleH1: doubleH1.id, doubleH2: doubleH2.id, simple: simpleLine.id },
    cc: { id: cc.id, double: saleDouble.id, doubleHotel: saleDoubleHotel.id, simple: saleSimple.id },
  };
}

export async function residents(w: World, count: number, clientId = w.client.id): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await insertResident(w.app, clientId, { nom: `Nom${i}`, prenom: `Prénom${i}` })).id);
  return ids;
}

export function addBody(w: World, pensionnaireIds: number[], overrides: Record<string, unknown> = {}) {
  return {
    client_id: w.client.id,
    contrat_client_id: w.cc.id,
    etablissement_id: w.hotel.id,
    contrat_etablissement_id: w.ce.id,
    type_chambre_id: w.double.id,
    pensionnaire_ids: pensionnaireIds,
    start_date: day(10),
    end_date: day(13),
    ...overrides,
  };
}

/** A request as a user (the agent unless a token is given). */
export function call(
  w: World,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  token: string | null = w.agent,
) {
  return w.app.inject({
    method,
    url: `/api${url}`,
    headers: token === null ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Books and returns { id_reservation_mere, reservation_ids }, failing the test otherwise. */
export async function book(w: World, pensionnaireIds: number[], overrides: Record<string, unknown> = {}) {
  const response = await call(w, 'POST', '/reservations/add', addBody(w, pensionnaireIds, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id_reservation_mere: number; reservation_ids: number[]; message: string }>();
}

export interface NightRow {
  reservation_id: number;
  date_nuit: string;
  prix_achat_ht: string;
  prix_vente_ht: string;
  petit_dejeuner: number;
  diner: number;
  montant_paf: string;
  montant_caf: string;
  annulee: boolean;
  presence: string;
  etat_paf: string;
}

export function nightsOf(w: World, reservationId: number): Promise<NightRow[]> {
  return rowsOf<NightRow>(
    w.app.db,
    sql`select reservation_id, date_nuit::text as date_nuit, prix_achat_ht::text as prix_achat_ht,
    prix_vente_ht::text as prix_vente_ht, petit_dejeuner, diner, montant_paf::text as montant_paf,
    montant_caf::text as montant_caf, annulee, presence, etat_paf
    from nuitees where reservation_id = ${reservationId} order by date_nuit`,
  );
}

export async function stayOf(w: World, id: number) {
  const [row] = await rowsOf<{
    statut: string;
    date_debut: string;
    date_fin: string;
    version: number;
    type_resa: string;
    prolongation_de_id: number | null;
    etat_payment_paf: string;
    apec: boolean;
    chambre: string | null;
  }>(
    w.app.db,
    sql`select statut, date_debut::text as date_debut, date_fin::text as date_fin, version, type_resa,
      prolongation_de_id, etat_payment_paf, apec, chambre from reservations where id = ${id}`,
  );
  return row;
}

export async function occupied(w: World, tarifId: number, date: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    w.app.db,
    sql`select chambres_occupees as n from occupations_allotement where tarif_id = ${tarifId} and date_nuit = ${date}`,
  );
  return row?.n ?? 0;
}

export async function auditActions(w: World, entity: string, id: number): Promise<string[]> {
  const rows = await rowsOf<{ action: string }>(
    w.app.db,
    sql`select action from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`,
  );
  return rows.map((r) => r.action);
}

/**
 * Invariants after any mix of writes: no resident with two non-cancelled nights on one date, no counter above
 * its allotment, every counter equal to its recomputation from the nights, and from today on every per-room
 * price paid exactly once per room (the shares of a room number's occupants sum to rooms × the line's price).
 * Returns the violations found.
 */
export async function invariantViolations(w: World): Promise<unknown[]> {
  return rowsOf(
    w.app.db,
    sql`select 'double' as kind, pensionnaire_id::text as k, date_nuit::text as d from nuitees where not annulee
          group by pensionnaire_id, date_nuit having count(*) > 1
        union all
        select 'over', tarif_id::text, date_nuit::text from occupations_allotement
          where allotement is not null and chambres_occupees > allotement
        union all
        select 'count', coalesce(o.tarif_id, x.tarif_id)::text, coalesce(o.date_nuit, x.date_nuit)::text
        from occupations_allotement o
        full join (select tarif_id, date_nuit, sum(rooms)::int as rooms from (
            select n.contrat_etablissement_tarif_id as tarif_id, n.date_nuit, r.id_reservation_mere, r.chambre,
                   ceil(count(*)::numeric / t.capacite) as rooms
            from nuitees n join reservations r on r.id = n.reservation_id
            join types_chambre t on t.id = n.type_chambre_id
            where not n.annulee and n.contrat_etablissement_tarif_id is not null
            group by 1, 2, 3, 4, t.capacite) p group by tarif_id, date_nuit) x
          on x.tarif_id = o.tarif_id and x.date_nuit = o.date_nuit
        where coalesce(o.chambres_occupees, 0) <> coalesce(x.rooms, 0)
        union all
        select 'share', n.contrat_etablissement_tarif_id::text, n.date_nuit::text
        from nuitees n join reservations r on r.id = n.reservation_id
        join types_chambre t on t.id = n.type_chambre_id
        join contrats_etablissement ce on ce.id = r.contrat_etablissement_id
        join contrat_etablissement_tarifs te on te.id = n.contrat_etablissement_tarif_id
        where not n.annulee and ce.mode_tarification = 'par_chambre'
          and n.date_nuit >= (now() at time zone 'Europe/Paris')::date
        group by r.id_reservation_mere, r.chambre, n.contrat_etablissement_tarif_id, n.date_nuit, t.capacite,
          te.prix_nuitee_ht
        having sum(n.prix_achat_ht) <> ceil(count(*)::numeric / t.capacite) * te.prix_nuitee_ht`,
  );
}
