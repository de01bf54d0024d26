import { addDays } from 'shared/contract';
import { count, sql } from 'drizzle-orm';
import { rowsOf } from '../db/raw';
import type { PgTable } from 'drizzle-orm/pg-core';
import { recordAudit, SYSTEM_ACTOR } from '../db/audit';
import { insertDemoHistory } from './demo-history';
import { insertDemoFacturation, type DemoFacturationResult } from './demo-facturation';
import { cancelDemoStaysToRestore } from './demo-restorable';
import { insertDemoCommunications, insertDemoDemandeTrail } from './demo-communications';
import { planDemoDemandes, type DemoPlacement } from './demo-demandes';
import type { Database } from '../db/client';
import {
  clients,
  contratClientTarifs,
  contratEtablissementTarifs,
  contratsClients,
  contratsEtablissement,
  demandePensionnaires,
  demandeReservationsCibles,
  demandesHebergement,
  etablissements,
  foyers,
  groupesClients,
  groupesEtablissements,
  pensionnaires,
  reservations,
  reservationsMeres,
  typesChambre,
} from '../db/schema';
import {
  CLIENT_GROUPS,
  CLIENT_TEMPLATES,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  HOTEL_BRANDS,
  HOTEL_GROUPS,
  INDEPENDENT_HOTEL_NAMES,
  LAST_NAMES,
  STREET_NAMES,
  STREET_TYPES,
  TOWNS,
} from './french-data';
import { Random } from './random';
import { compactReservationsJours } from '../modules/reservations/reservation-items';

export interface DemoDataOptions {
  seed: number;
  hotels: number;
  clients: number;
  households: number;
  /** The day the data is built around ('YYYY-MM-DD'): stays before it are past, after it future. */
  today: string;
  /** Months of history before `today` and of bookings after it. */
  monthsBefore: number;
  monthsAfter: number;
  /**
   * Past months invoiced (demo-facturation.ts), ending the month before last; 0 or absent: no invoicing at all.
   * At most `monthsBefore` − 1 (the window's first month is the oldest invoiced).
   */
  invoicedMonths?: number;
}

/** `demo`: what `npm start` creates. `large`: ~100,000 reservations over two years, for benchmarks. */
export const DEMO_PRESETS = {
  demo: {
    seed: 2023,
    hotels: 24,
    clients: 12,
    households: 260,
    monthsBefore: 4,
    monthsAfter: 2,
    invoicedMonths: 3,
  },
  large: {
    seed: 2023,
    hotels: 320,
    clients: 60,
    households: 2_530,
    monthsBefore: 20,
    monthsAfter: 4,
    invoicedMonths: 2,
  },
} as const satisfies Record<string, Omit<DemoDataOptions, 'today'>>;

export interface DemoDataResult {
  hotels: number;
  clients: number;
  residents: number;
  reservations: number;
  nights: number;
  /** Audit entries written so that the stays have a history (demo-history.ts). */
  history: number;
  /** Accommodation requests (demo-demandes.ts) and the documents generated about them (demo-communications.ts). */
  demandes: number;
  communications: number;
  /** Purchase tariff lines given an allotment (rooms guaranteed per night), some nearly full around today. */
  allotments: number;
  /** Invoices and credit notes issued, drafts, payments, hotels' invoices (demo-facturation.ts). */
  facturation: DemoFacturationResult;
  skipped: boolean;
}

const ROOM_TYPES = [
  { libelle: 'Simple', capacite: 1, description: 'Une personne' },
  { libelle: 'Double', capacite: 2, description: 'Un grand lit ou deux lits' },
  { libelle: 'Triple', capacite: 3, description: null },
  { libelle: 'Familiale 4 places', capacite: 4, description: 'Parents et deux enfants' },
  { libelle: 'Familiale 5 places', capacite: 5, description: null },
  { libelle: 'PMR', capacite: 2, description: 'Accessible aux personnes à mobilité réduite' },
] as const;

/** Household sizes and their weights: many single adults, families of up to five. */
const HOUSEHOLD_SIZES = [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5] as const;
const BATCH = 2_000;

const addMonths = (day: string, months: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months, 1);
  return date.toISOString().slice(0, 10);
};
const pad = (value: number, size: number) => String(value).padStart(size, '0');

async function insertAll<T extends PgTable>(
  db: Database,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insert(table)
      .overridingSystemValue()
      .values(rows.slice(start, start + BATCH) as never);
  }
}

export interface DemoGenerationControl {
  /**
   * All or nothing: the whole generation in one transaction (the chunks' transactions become savepoints), so that a
   * first start stopped half-way leaves no half dataset that the next start would skip (it only looks for hotels).
   * `npm start`'s demo preset (≈ 54,000 nights); the large preset keeps one transaction per chunk, whose deferred
   * checks would otherwise queue millions of events until the commit.
   */
  atomic?: boolean;
  /** Looked at between steps and chunks: once aborted, the generation throws its reason (atomic: all rolled back). */
  signal?: AbortSignal | undefined;
  /** Called once the database is found empty, as the generation begins (not when it is skipped). */
  onBegin?: () => void;
}

/**
 * Deterministic, realistic French demo data: hotels in real towns under purchase contracts, client
 * organisations under sale contracts, households of residents, and their stays (initial bookings and chains of
 * extensions) with every night priced from the contracts. The same options always give the same data.
 * Runs only on a database without hotels; returns `skipped` otherwise.
 */
export async function generateDemoData(
  db: Database,
  options: DemoDataOptions,
  control: DemoGenerationControl = {},
): Promise<DemoDataResult> {
  if (!control.atomic) return generate(db, options, control);
  return db.transaction((tx) => generate(tx as unknown as Database, options, control));
}

async function generate(
  db: Database,
  options: DemoDataOptions,
  { signal, onBegin }: DemoGenerationControl,
): Promise<DemoDataResult> {
  signal?.throwIfAborted();
  const [existing] = await db.select({ total: count() }).from(etablissements);
  if ((existing?.total ?? 0) > 0) {
    return {
      hotels: 0,
      clients: 0,
      residents: 0,
      reservations: 0,
      nights: 0,
      history: 0,
      demandes: 0,
      communications: 0,
      allotments: 0,
      facturation: { factures: 0, avoirs: 0, brouillons: 0, paiements: 0, facturesEtablissements: 0 },
      skipped: true,
    };
  }
  onBegin?.();
  const random = new Random(options.seed);
  const windowStart = addMonths(options.today, -options.monthsBefore);
  const windowEnd = addMonths(options.today, options.monthsAfter + 1);
  const priceChange = addMonths(windowStart, 12);
  const periods: [string, string][] =
    priceChange < windowEnd
      ? [
          [windowStart, priceChange],
          [priceChange, windowEnd],
        ]
      : [[windowStart, windowEnd]];

  // Reference data.
  const roomTypes = ROOM_TYPES.map((type, index) => ({ id: index + 1, ...type }));
  await insertAll(db, typesChambre, roomTypes);
  const hotelGroups = HOTEL_GROUPS.map((nom, index) => ({ id: index + 1, nom }));
  await insertAll(db, groupesEtablissements, hotelGroups);
  const clientGroups = CLIENT_GROUPS.map((nom, index) => ({ id: index + 1, nom }));
  await insertAll(db, groupesClients, clientGroups);

  const address = () => `${random.int(1, 180)} ${random.pick(STREET_TYPES)} ${random.pick(STREET_NAMES)}`;
  const phone = () =>
    `0${random.int(1, 5)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`;

  const hotelNames = new Set<string>();
  const hotelRows: (typeof etablissements.$inferInsert & { id: number })[] = [];
  while (hotelRows.length < options.hotels) {
    const town = random.pick(TOWNS);
    const branded = random.chance(0.6);
    const base = branded
      ? `${random.pick(HOTEL_BRANDS)} ${town.ville}`
      : random.pick(INDEPENDENT_HOTEL_NAMES);
    let nom = base;
    for (let n = 2; hotelNames.has(`${nom}|${town.ville}`.toLowerCase()); n++) nom = `${base} ${n}`;
    hotelNames.add(`${nom}|${town.ville}`.toLowerCase());
    hotelRows.push({
      id: hotelRows.length + 1,
      nom,
      groupeId: branded ? random.int(1, 3) : random.chance(0.7) ? random.int(4, 6) : null,
      adresse: address(),
      codePostal: town.codePostal,
      ville: town.ville,
      telephone: phone(),
      email: random.chance(0.6) ? `reservation.h${hotelRows.length + 1}@hotel-demo.fr` : null,
      nombreChambres: random.int(20, 140),
    });
  }
  await insertAll(db, etablissements, hotelRows);

  // Purchase contracts: one per hotel over the window, prices per person and night, two yearly price periods.
  const hotelOffers = new Map<number, number[]>();
  const hotelContracts = hotelRows.map((hotel) => ({
    id: hotel.id,
    etablissementId: hotel.id,
    reference: `CE-${windowStart.slice(0, 4)}-${pad(hotel.id, 4)}`,
    dateDebut: windowStart,
    dateFin: windowEnd,
    statut: 'actif' as const,
    modeTarification: 'par_personne' as const,
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: random.int(2, 5),
  }));
  await insertAll(db, contratsEtablissement, hotelContracts);
  const purchaseLines: (typeof contratEtablissementTarifs.$inferInsert & { id: number })[] = [];
  for (const hotel of hotelRows) {
    // Every hotel has singles and doubles; most have family rooms.
    const offered = roomTypes
      .filter((type) => type.capacite <= 2 || random.chance(0.7))
      .map((type) => type.id);
    hotelOffers.set(hotel.id, offered);
    for (const typeId of offered) {
      const capacity = roomTypes[typeId - 1]?.capacite ?? 1;
      let night = 26 + random.int(0, 14) - capacity * 2;
      for (const [dateDebut, dateFin] of periods) {
        purchaseLines.push({
          id: purchaseLines.length + 1,
          contratId: hotel.id,
          typeChambreId: typeId,
          dateDebut,
          dateFin,
          prixNuiteeHt: night.toFixed(2),
          prixPetitDejeunerHt: random.money(4.5, 7.5),
          prixDejeunerHt: random.money(8.5, 12),
          prixDinerHt: random.money(9.5, 13.5),
          allotement: null,
        });
        night = Math.round(night * 103) / 100;
      }
    }
  }
  await insertAll(db, contratEtablissementTarifs, purchaseLines);

  // Clients and their sale contracts (one line per room type for every hotel).
  const clientNames = new Set<string>();
  const clientRows: (typeof clients.$inferInsert & { id: number })[] = [];
  while (clientRows.length < options.clients) {
    const town = random.pick(TOWNS);
    const template = random.pick(CLIENT_TEMPLATES);
    const nom = template.nom.replace('{ville}', town.ville).replace('{dep}', town.codePostal.slice(0, 2));
    if (clientNames.has(nom.toLowerCase())) continue;
    clientNames.add(nom.toLowerCase());
    clientRows.push({
      id: clientRows.length + 1,
      nom,
      groupeId: random.int(1, clientGroups.length),
      type: template.type,
      siret: random.chance(0.8) ? random.digits(14) : null,
      adresse: address(),
      codePostal: town.codePostal,
      ville: town.ville,
      contactNom: `${random.pick([...FIRST_NAMES_F, ...FIRST_NAMES_M])} ${random.pick(LAST_NAMES)}`,
      email: `hebergement.c${clientRows.length + 1}@client-demo.fr`,
      telephone: phone(),
    });
  }
  await insertAll(db, clients, clientRows);
  await insertAll(
    db,
    contratsClients,
    clientRows.map((client) => ({
      id: client.id,
      clientId: client.id,
      reference: `CC-${windowStart.slice(0, 4)}-${pad(client.id, 4)}`,
      dateDebut: windowStart,
      dateFin: windowEnd,
      statut: 'actif' as const,
      modeTarification: 'par_personne' as const,
      tauxTvaNuitee: '10.00',
      tauxTvaRepas: '10.00',
      delaiAlerteJours: random.int(2, 5),
      montantPafJour: random.money(2, 6),
      montantCafJour: random.money(3, 9),
    })),
  );
  const saleLines: (typeof contratClientTarifs.$inferInsert & { id: number })[] = [];
  for (const client of clientRows) {
    for (const type of roomTypes) {
      // Above every purchase price of the same room type (at most 40 − 2 × capacity), so no night sells at a loss.
      let night = 44 + random.int(0, 10) - type.capacite * 2;
      for (const [dateDebut, dateFin] of periods) {
        saleLines.push({
          id: saleLines.length + 1,
          contratId: client.id,
          typeChambreId: type.id,
          etablissementId: null,
          dateDebut,
          dateFin,
          prixNuiteeHt: night.toFixed(2),
          prixPetitDejeunerHt: random.money(6, 9),
          prixDejeunerHt: random.money(10, 14),
          prixDinerHt: random.money(11, 15),
        });
        night = Math.round(night * 103) / 100;
      }
    }
  }
  await insertAll(db, contratClientTarifs, saleLines);

  // Households, residents and their stays.
  const hotelsByType = new Map<number, number[]>();
  for (const [hotelId, offered] of hotelOffers) {
    for (const typeId of offered) hotelsByType.set(typeId, [...(hotelsByType.get(typeId) ?? []), hotelId]);
  }
  const typeForSize = (size: number) =>
    size === 1 ? 1 : size === 2 ? random.pick([2, 2, 2, 6]) : Math.min(size, 5);
  const householdRows: (typeof foyers.$inferInsert & { id: number })[] = [];
  const residentRows: (typeof pensionnaires.$inferInsert & { id: number })[] = [];
  const parentRows: (typeof reservationsMeres.$inferInsert & { id: number })[] = [];
  const stayRows: (typeof reservations.$inferInsert & { id: number })[] = [];
  const fileNumbers = new Map<number, number>();
  const placements: (DemoPlacement & { household: number })[] = [];
  let futurePlacements = 0;
  const today = options.today;
  const currentYear = Number(today.slice(0, 4));

  for (let h = 0; h < options.households; h++) {
    const client = random.pick(clientRows);
    const size = random.pick(HOUSEHOLD_SIZES);
    const lastName = random.pick(LAST_NAMES);
    const foyerId = size > 1 ? householdRows.length + 1 : null;
    if (foyerId !== null)
      householdRows.push({ id: foyerId, clientId: client.id, nom: `Famille ${lastName}` });
    const members = Array.from({ length: size }, (_, index) => {
      const female = index === 0 ? random.chance(0.55) : random.chance(0.5);
      const adult = index < (size > 2 ? 2 : size);
      const birthYear = adult
        ? random.int(currentYear - 65, currentYear - 19)
        : random.int(currentYear - 17, currentYear - 1);
      const sequence = (fileNumbers.get(client.id) ?? 0) + 1;
      fileNumbers.set(client.id, sequence);
      const resident = {
        id: residentRows.length + 1,
        clientId: client.id,
        foyerId,
        nom: lastName,
        prenom: random.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M),
        dateNaissance: random.chance(0.9)
          ? `${birthYear}-${pad(random.int(1, 12), 2)}-${pad(random.int(1, 28), 2)}`
          : null,
        sexe: female ? ('F' as const) : ('M' as const),
        numeroDossier: `${pad(client.id, 3)}-${pad(sequence, 6)}`,
        telephone:
          adult && random.chance(0.4)
            ? `06 ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`
            : null,
      };
      residentRows.push(resident);
      return resident;
    });
    const statusPaf = random.chance(0.6);
    const statusCaf = random.chance(0.4);
    const typeId = typeForSize(size);
    const candidates = hotelsByType.get(typeId) ?? [];
    if (candidates.length === 0) continue;

    // Placements one after the other, each an initial stay then a chain of extensions, with gaps between.
    let start = addDays(windowStart, random.int(0, 75));
    while (addDays(start, 7) < windowEnd) {
      const hotelId = random.pick(candidates);
      const segments: number[] = [random.int(7, 35)];
      const extensions = random.pick([0, 1, 1, 2, 2, 3, 4]);
      for (let e = 0; e < extensions; e++) segments.push(random.int(7, 28));
      let end = start;
      const bounds = segments
        .map((nights) => {
          const from = end;
          end = addDays(end, nights);
          return [from, end] as const;
        })
        .filter(([from]) => from < windowEnd)
        .map(([from, to]) => [from, to < windowEnd ? to : windowEnd] as const);
      end = bounds[bounds.length - 1]?.[1] ?? end;
      // Drawn, and one placement ahead in twelve at least, so that cancellations exist whatever the day.
      const ahead = start > today;
      const cancelled = ahead && (random.chance(0.05) || futurePlacements % 12 === 0);
      if (ahead) futurePlacements++;
      const parentId = parentRows.length + 1;
      parentRows.push({
        id: parentId,
        clientId: client.id,
        contratClientId: client.id,
        etablissementId: hotelId,
        contratEtablissementId: hotelId,
        dateDebut: start,
        dateFin: end,
      });
      const meals = {
        petitDejeuner: random.chance(0.7),
        dejeuner: random.chance(0.2),
        diner: random.chance(0.5),
      };
      const room = String(random.int(1, 3) * 100 + random.int(1, 40));
      const segmentStays = bounds.map(([from, to]) => ({ from, to, stayIds: [] as number[] }));
      placements.push({
        household: h,
        clientId: client.id,
        foyerId,
        memberIds: members.map((member) => member.id),
        hotelId,
        typeId,
        meals,
        parentId,
        cancelled,
        segments: segmentStays,
        nextStart: null,
      });
      for (const member of members) {
        let previous: number | null = null;
        for (const [index, [from, to]] of bounds.entries()) {
          const statut = cancelled
            ? ('annulee' as const)
            : to <= today
              ? ('terminee' as const)
              : from <= today
                ? ('en_cours' as const)
                : random.chance(0.85)
                  ? ('confirmee' as const)
                  : ('en_attente' as const);
          const settled = statut === 'terminee';
          const payment = () =>
            settled
              ? random.chance(0.88)
                ? ('paye' as const)
                : random.chance(0.6)
                  ? ('non_paye' as const)
                  : ('a_verifier' as const)
              : ('a_verifier' as const);
          const id = stayRows.length + 1;
          segmentStays[index]?.stayIds.push(id);
          stayRows.push({
            id,
            idReservationMere: parentId,
            pensionnaireId: member.id,
            clientId: client.id,
            contratClientId: client.id,
            etablissementId: hotelId,
            contratEtablissementId: hotelId,
            typeChambreId: typeId,
            chambre: room,
            dateDebut: from,
            dateFin: to,
            statut,
            typeResa: index === 0 ? 'initiale' : 'prolongation',
            prolongationDeId: index === 0 ? null : previous,
            ...meals,
            statusPaf,
            statusCaf,
            etatPaymentPaf: statusPaf ? payment() : 'a_verifier',
            etatPaymentCaf: statusCaf ? payment() : 'a_verifier',
            // Cancelled three days before arrival, or yesterday for a stay still ahead: never in the future.
            annuleeAt: cancelled
              ? new Date(`${[addDays(from, -3), addDays(today, -1)].sort()[0]}T09:30:00Z`)
              : null,
          });
          previous = id;
        }
      }
      start = addDays(end, random.int(15, 150));
    }
  }
  // The requests behind the stays and those waiting for staff (a random stream of their own: the stays above stay
  // the same whatever is drawn here).
  placements.forEach((placement, index) => {
    const next = placements[index + 1];
    if (next?.household === placement.household) placement.nextStart = next.segments[0]?.from ?? null;
  });
  const towns = new Map(hotelRows.map((hotel) => [hotel.id, hotel.ville]));
  const requests = planDemoDemandes(
    new Random(options.seed + 1),
    placements,
    clientRows.map((client) => ({
      id: client.id,
      contactNom: client.contactNom ?? null,
      email: client.email ?? null,
      telephone: client.telephone ?? null,
    })),
    (hotelId) => towns.get(hotelId) ?? '',
    today,
    windowEnd,
  );
  for (const parent of parentRows) parent.demandeId = requests.parentRequest.get(parent.id) ?? null;
  for (const stay of stayRows) stay.demandeId = requests.stayRequest.get(stay.id) ?? null;

  await insertAll(db, foyers, householdRows);
  await insertAll(db, pensionnaires, residentRows);
  await insertAll(db, demandesHebergement, requests.demandes);
  await insertAll(db, demandePensionnaires, requests.residents);
  await insertAll(db, reservationsMeres, parentRows);

  // Stays and their nights, chunk by chunk, each chunk in one transaction so the deferred checks run per chunk.
  let nights = 0;
  for (let start = 0; start < stayRows.length; start += BATCH * 5) {
    const chunk = stayRows.slice(start, start + BATCH * 5);
    signal?.throwIfAborted();
    await db.transaction(async (tx) => {
      for (let offset = 0; offset < chunk.length; offset += BATCH) {
        await tx
          .insert(reservations)
          .overridingSystemValue()
          .values(chunk.slice(offset, offset + BATCH));
      }
      nights += await insertNights(tx, chunk[0]?.id ?? 0, chunk[chunk.length - 1]?.id ?? 0, today);
    });
  }

  signal?.throwIfAborted();
  const history = await insertDemoHistory(db, today);
  await insertAll(db, demandeReservationsCibles, requests.targets);
  await insertDemoDemandeTrail(db, requests);
  signal?.throwIfAborted();
  const communications = await insertDemoCommunications(db, today);

  // The allotments first, then the counters: each counter copies its line's allotment as it is inserted.
  const allotments = await insertDemoAllotments(db, new Random(options.seed + 2), today);
  await db.execute(sql`insert into occupations_allotement (tarif_id, date_nuit, chambres_occupees)
    select tarif_id, date_nuit, rooms from (${ROOMS_TAKEN}) taken`);

  for (const table of [
    'types_chambre',
    'groupes_etablissements',
    'groupes_clients',
    'etablissements',
    'contrats_etablissement',
    'contrat_etablissement_tarifs',
    'clients',
    'contrats_clients',
    'contrat_client_tarifs',
    'foyers',
    'pensionnaires',
    'reservations_meres',
    'reservations',
    'demandes_hebergement',
  ]) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
    );
  }

  // The stays went in by batches, each adding its variations of the stays counted by day: one row per day again.
  await compactReservationsJours(db);
  // After the sequences: the service inserts rows (liberations, history) of its own.
  await cancelDemoStaysToRestore(db, today);
  signal?.throwIfAborted();
  const facturation = await insertDemoFacturation(
    db,
    today,
    Math.min(options.invoicedMonths ?? 0, options.monthsBefore - 1),
  );

  const result = {
    hotels: hotelRows.length,
    clients: clientRows.length,
    residents: residentRows.length,
    reservations: stayRows.length,
    nights,
    history,
    demandes: requests.demandes.length,
    communications,
    allotments,
    facturation,
    skipped: false,
  };
  // Generated "as of" `today`: stamped now, or at the last instant of `today` in Paris when `today` is in the past
  // (a fixed --today, a test's date), so that the dataset's own trail never reaches beyond its today.
  await recordAudit(db, {
    entity: 'demo_data',
    entityId: options.seed,
    action: 'generate',
    after: { ...result, today: options.today, windowStart, windowEnd },
    actor: SYSTEM_ACTOR,
    at: sql`least(now(), ((${options.today}::date + 1)::timestamp at time zone 'Europe/Paris') - interval '1 microsecond')`,
  });
  return result;
}

/** Rooms taken per purchase tariff line and night by the stays' nights (the booking services' count). */
const ROOMS_TAKEN = sql`select tarif_id, date_nuit, sum(rooms)::int as rooms from (
    select n.contrat_etablissement_tarif_id as tarif_id, n.date_nuit, r.id_reservation_mere, r.chambre,
           ceil(count(*)::numeric / t.capacite) as rooms
    from nuitees n
    join reservations r on r.id = n.reservation_id
    join types_chambre t on t.id = n.type_chambre_id
    where not n.annulee and n.contrat_etablissement_tarif_id is not null
    group by 1, 2, 3, 4, t.capacite) per_room
  group by tarif_id, date_nuit`;

/** Nights ahead of `today` an allotment is made nearly full on (what the booking screens ask most). */
const ALLOTMENT_HORIZON = 14;

/**
 * Allotments, as hotels sign them: half the hotels (drawn) guarantee a number of rooms per night on each of their
 * purchase tariff lines. Set from the rooms the stays take (`ROOMS_TAKEN`), never below a line's busiest night, so the data keeps the rule bookings obey; about half the lines of those hotels
 * are nearly full — one room left on their busiest night of the coming two weeks, when their past allows it — the
 * others keep 2 to 8 rooms spare, so the booking screens show both. The counters, inserted next, copy it
 * (migration 0002's trigger) and its check holds. Its own random stream: the data drawn before it stays the same. Returns the lines given
 * an allotment.
 */
async function insertDemoAllotments(db: Database, random: Random, today: string): Promise<number> {
  const lines = await rowsOf<{ id: number; hotel: number; busiest: number; busiest_soon: number }>(
    db,
    sql`select t.id, t.contrat_id as hotel,
        coalesce(max(o.rooms), 0)::int as busiest,
        coalesce(max(o.rooms) filter (where o.date_nuit >= ${today}::date
          and o.date_nuit < ${today}::date + ${ALLOTMENT_HORIZON}::int), 0)::int as busiest_soon
      from contrat_etablissement_tarifs t left join (${ROOMS_TAKEN}) o on o.tarif_id = t.id
      group by t.id order by t.id`,
  );
  const hotels = [...new Set(lines.map((line) => line.hotel))];
  const limited = new Set(hotels.filter(() => random.chance(0.5)));
  const allotted: { id: number; allotement: number }[] = [];
  for (const line of lines) {
    if (!limited.has(line.hotel)) continue;
    const nearlyFull = line.busiest_soon > 0 && line.busiest <= line.busiest_soon + 1 && random.chance(0.5);
    allotted.push({
      id: line.id,
      allotement: nearlyFull ? line.busiest_soon + 1 : Math.max(line.busiest, 1) + random.int(2, 8),
    });
  }
  for (const line of allotted)
    await db.execute(
      sql`update contrat_etablissement_tarifs set allotement = ${line.allotement} where id = ${line.id}`,
    );
  return allotted.length;
}

/**
 * Creates the nights of stays `fromId..toId` in SQL: one row per night, priced from the purchase and sale tariff
 * lines valid on that night (snapshots), meals from the stay's options, presence and payment states of the past
 * drawn from a hash of (stay, night) so they are deterministic — except the first night of yesterday's arrivals,
 * left for the morning's attendance check (the dashboard's « commencées hier »).
 */
async function insertNights(db: Database, fromId: number, toId: number, today: string): Promise<number> {
  const result = await db.execute(sql`insert into nuitees (
      reservation_id, pensionnaire_id, etablissement_id, type_chambre_id, contrat_etablissement_tarif_id,
      contrat_client_tarif_id, date_nuit, prix_achat_ht, prix_vente_ht, taux_tva_nuitee, prix_petit_dejeuner_ht,
      prix_dejeuner_ht, prix_diner_ht, prix_achat_petit_dejeuner_ht, prix_achat_dejeuner_ht, prix_achat_diner_ht,
      taux_tva_repas, petit_dejeuner, dejeuner, diner, presence, etat_paf, etat_caf, montant_paf, montant_caf, annulee)
    select r.id, r.pensionnaire_id, r.etablissement_id, r.type_chambre_id, te.id, tc.id, g.d::date,
      te.prix_nuitee_ht, tc.prix_nuitee_ht, cc.taux_tva_nuitee, tc.prix_petit_dejeuner_ht, tc.prix_dejeuner_ht,
      tc.prix_diner_ht, te.prix_petit_dejeuner_ht, te.prix_dejeuner_ht, te.prix_diner_ht, cc.taux_tva_repas,
      r.petit_dejeuner::int, r.dejeuner::int, r.diner::int,
      case when g.d::date >= ${today}::date or r.statut = 'annulee' or r.date_debut = ${today}::date - 1
        then 'non_pointe'
           when (r.id::bigint * 7919 + (g.d::date - date '2000-01-01')) % 100 < 94 then 'present' else 'absent' end,
      case when g.d::date < ${today}::date - 14 and r.status_paf then r.etat_payment_paf else 'a_verifier' end,
      case when g.d::date < ${today}::date - 14 and r.status_caf then r.etat_payment_caf else 'a_verifier' end,
      case when r.status_paf then cc.montant_paf_jour else 0 end,
      case when r.status_caf then cc.montant_caf_jour else 0 end,
      r.statut = 'annulee'
    from reservations r
    cross join lateral generate_series(r.date_debut, r.date_fin - 1, interval '1 day') as g(d)
    join contrat_etablissement_tarifs te on te.contrat_id = r.contrat_etablissement_id
      and te.type_chambre_id = r.type_chambre_id and g.d::date >= te.date_debut and g.d::date < te.date_fin
    join contrats_clients cc on cc.id = r.contrat_client_id
    join contrat_client_tarifs tc on tc.contrat_id = r.contrat_client_id and tc.type_chambre_id = r.type_chambre_id
      and tc.etablissement_id is null and g.d::date >= tc.date_debut and g.d::date < tc.date_fin
    where r.id between ${fromId} and ${toId}`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}
