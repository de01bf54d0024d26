import { addDays } from 'shared/contract';
import type { demandesHebergement } from '../db/schema';
import type { Random } from './random';

/** One placement of the generator: a household's initial stay and its chain of extensions in one hotel. */
export interface DemoPlacement {
  clientId: number;
  foyerId: number | null;
  memberIds: number[];
  hotelId: number;
  typeId: number;
  meals: { petitDejeuner: boolean; dejeuner: boolean; diner: boolean };
  parentId: number;
  cancelled: boolean;
  /** The initial stay then each extension: its period and its stays (one per member). */
  segments: { from: string; to: string; stayIds: number[] }[];
  /** Start of the household's next placement, if any. */
  nextStart: string | null;
}

export interface DemoClientContact {
  id: number;
  contactNom: string | null;
  email: string | null;
  telephone: string | null;
}

export type DemoDemandeRow = typeof demandesHebergement.$inferInsert & { id: number; createdAt: Date };

/** An audit entry of a request, as the services write them (saisie, traitement, refus, prolongation…). */
export interface DemoDemandeEvent {
  demandeId: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  at: Date;
  /** The retrait of a request is the client's system; everything else a staff member. */
  system: boolean;
}

export interface DemoDemandes {
  demandes: DemoDemandeRow[];
  residents: { demandeId: number; pensionnaireId: number }[];
  targets: { demandeId: number; reservationId: number }[];
  events: DemoDemandeEvent[];
  /** parent id → the new-stay request that booked it; stay id → the request that produced it. */
  parentRequest: Map<number, number>;
  stayRequest: Map<number, number>;
}

const REFUSALS = [
  'Aucune place disponible sur la période dans le secteur demandé',
  'Dossier incomplet : pièces justificatives manquantes',
  'Ménage déjà hébergé par un autre dispositif',
  'Prise en charge non validée par le client',
];
const REMARKS = [
  'Proche de l’école des enfants si possible',
  'Rez-de-chaussée souhaité',
  'Animal de compagnie (petit chien)',
  'Suivi social en cours, rendez-vous hebdomadaires',
  null,
  null,
  null,
];

const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T07:00:00Z`) + minutes * 60_000);
const hours = (date: Date, count: number) => new Date(date.getTime() + count * 3_600_000);
const later = (a: Date, b: Date) => (a > b ? a : b);
const earlier = (a: Date, b: Date) => (a < b ? a : b);

/** When demo-history.ts says a stay was booked (same formula, in UTC). */
export function stayBookedAt(stayId: number, from: string, extension: boolean, today: string): Date {
  const day = [addDays(from, extension ? -2 : -6), addDays(today, -2)].sort()[0] ?? from;
  return new Date(Date.parse(`${day}T08:00:00Z`) + (stayId % 480) * 60_000);
}

/**
 * The requests behind the demo stays and the ones waiting for staff, drawn from the placements: each placement
 * (mostly) answers a new-stay request, each extension (often) an extension request, each cancellation a cancellation
 * request, all treated when their stays were booked — a cancelled placement only its cancellation, so that every
 * treated new-stay or extension request keeps live stays and its documents can be made; around today, open requests
 * of every kind (new stays for households without a stay ahead, extensions of running stays, cancellations of stays
 * to come), refused ones with their reason and a few withdrawn by the client. Nothing is dated after the day before
 * `today`.
 */
export function planDemoDemandes(
  random: Random,
  placements: DemoPlacement[],
  clients: DemoClientContact[],
  hotelTown: (hotelId: number) => string,
  today: string,
  windowEnd: string,
): DemoDemandes {
  const plan: DemoDemandes = {
    demandes: [],
    residents: [],
    targets: [],
    events: [],
    parentRequest: new Map(),
    stayRequest: new Map(),
  };
  const contact = new Map(clients.map((client) => [client.id, client]));
  const yesterday = addDays(today, -1);
  let closedCount = 0;
  let openExtensions = 0;

  const add = (
    placement: DemoPlacement,
    row: Pick<DemoDemandeRow, 'type' | 'statut' | 'dateDebut' | 'dateFin' | 'createdAt'> &
      Partial<DemoDemandeRow>,
    targets: number[] = [],
  ): DemoDemandeRow => {
    const id = plan.demandes.length + 1;
    const referent = contact.get(placement.clientId);
    const demande: DemoDemandeRow = {
      id,
      clientId: placement.clientId,
      nombrePersonnes: placement.memberIds.length,
      foyerId: placement.foyerId,
      referentNom: referent?.contactNom ?? null,
      referentEmail: referent?.email ?? null,
      referentTelephone: referent?.telephone ?? null,
      souhaitVille: hotelTown(placement.hotelId),
      souhaitTypeChambreId: placement.typeId,
      souhaitPetitDejeuner: placement.meals.petitDejeuner,
      souhaitDejeuner: placement.meals.dejeuner,
      souhaitDiner: placement.meals.diner,
      souhaitPmr: placement.typeId === 6,
      souhaits: random.pick(REMARKS),
      urgente: random.chance(0.12),
      updatedAt: row.createdAt,
      ...row,
    };
    plan.demandes.push(demande);
    for (const pensionnaireId of placement.memberIds) plan.residents.push({ demandeId: id, pensionnaireId });
    for (const reservationId of targets) plan.targets.push({ demandeId: id, reservationId });
    plan.events.push({
      demandeId: id,
      action: 'creation',
      before: null,
      after: {
        statut: 'a_traiter',
        type: demande.type,
        client_id: demande.clientId,
        date_debut: demande.dateDebut,
        date_fin: demande.dateFin,
        pensionnaire_ids: placement.memberIds,
        ...(targets.length > 0 ? { reservation_ids: targets } : {}),
        urgente: demande.urgente,
      },
      at: row.createdAt,
      system: false,
    });
    return demande;
  };
  const close = (
    demande: DemoDemandeRow,
    statut: DemoDemandeRow['statut'],
    action: string,
    when: Date,
    details: Record<string, unknown> = {},
  ) => {
    demande.statut = statut;
    demande.updatedAt = when;
    plan.events.push({
      demandeId: demande.id,
      action,
      before: { statut: 'a_traiter' },
      after: { statut, ...(demande.motifRefus ? { motif_refus: demande.motifRefus } : {}), ...details },
      at: when,
      system: action === 'retrait',
    });
  };
  /** A new-stay request of `createdDay` (at least two days back), refused or withdrawn within the next day. */
  const closedEarlier = (placement: DemoPlacement, createdDay: string) => {
    const createdAt = at(createdDay, random.int(0, 540));
    const demande = add(placement, {
      type: 'nouvelle',
      statut: 'a_traiter',
      dateDebut: addDays(createdDay, random.int(3, 12)),
      dateFin: addDays(createdDay, random.int(20, 45)),
      createdAt,
    });
    // Every fifth one withdrawn by the client, the others refused: both states on any day the data is built.
    if (++closedCount % 5 !== 0) {
      demande.motifRefus = random.pick(REFUSALS);
      close(demande, 'refusee', 'refus', hours(createdAt, random.int(2, 20)));
    } else close(demande, 'annulee', 'retrait', hours(createdAt, random.int(2, 20)));
  };

  // Placements in date order, so that request ids follow the calendar as they would in production.
  const ordered = [...placements].sort(
    (a, b) => (a.segments[0]?.from ?? '').localeCompare(b.segments[0]?.from ?? '') || a.parentId - b.parentId,
  );
  for (const placement of ordered) {
    const [first, ...extensions] = placement.segments;
    if (first === undefined) continue;
    const firstStay = Math.min(...first.stayIds);
    const booked = stayBookedAt(firstStay, first.from, false, today);
    // A cancelled placement answers no new-stay or extension request: a treated request keeps the live stays it
    // produced, whatever the day (its confirmation and voucher can always be made); only its cancellation is one.
    const answered = random.chance(0.85);
    if (answered && !placement.cancelled) {
      const demande = add(placement, {
        type: 'nouvelle',
        statut: 'a_traiter',
        dateDebut: first.from,
        dateFin: first.to,
        createdAt: hours(booked, -random.int(20, 90)),
      });
      close(demande, 'traitee', 'traitement', booked, { reservation_ids: first.stayIds });
      plan.parentRequest.set(placement.parentId, demande.id);
      for (const stayId of first.stayIds) plan.stayRequest.set(stayId, demande.id);
    } else if (!answered && random.chance(0.15)) {
      // Refused before this placement was found by other means.
      closedEarlier(placement, addDays([first.from, yesterday].sort()[0] ?? first.from, -random.int(5, 20)));
    }
    let previous = first;
    for (const segment of extensions) {
      const stayId = Math.min(...segment.stayIds);
      const extensionBooked = stayBookedAt(stayId, segment.from, true, today);
      if (random.chance(0.6) && !placement.cancelled) {
        const demande = add(
          placement,
          {
            type: 'prolongation',
            statut: 'a_traiter',
            dateDebut: segment.from,
            dateFin: segment.to,
            // After the stay it extends was booked, before the extension was (both clamp near today).
            createdAt: earlier(
              later(hours(extensionBooked, -random.int(20, 70)), hours(booked, 1)),
              hours(extensionBooked, -0.5),
            ),
          },
          previous.stayIds,
        );
        close(demande, 'traitee', 'prolongation', extensionBooked, {
          date_fin: segment.to,
          prolongation_ids: segment.stayIds,
        });
        for (const id of segment.stayIds) plan.stayRequest.set(id, demande.id);
      }
      previous = segment;
    }
    const last = placement.segments[placement.segments.length - 1] ?? first;
    if (placement.cancelled) {
      // Every cancelled placement answers a cancellation request, treated when its stays were cancelled.
      // demo-history.ts: cancelled on min(arrival − 3, yesterday) at 09:30, at least 4 hours after booking.
      const cancelledDay = [addDays(first.from, -3), yesterday].sort()[0] ?? yesterday;
      const when = later(new Date(`${cancelledDay}T09:30:00Z`), hours(booked, 4));
      const demande = add(
        placement,
        {
          type: 'annulation',
          statut: 'a_traiter',
          dateDebut: first.from,
          dateFin: last.to,
          createdAt: later(hours(when, -random.int(2, 20)), hours(booked, 1)),
        },
        first.stayIds,
      );
      close(demande, 'traitee', 'annulation', when, { date_annulation: first.from });
      continue;
    }
    const openCreated = () => at(addDays(today, -random.int(1, 6)), random.int(0, 600));
    // Open requests around today: an extension of a stay running now, a cancellation of a stay to come.
    const room = placement.nextStart === null ? windowEnd : placement.nextStart;
    if (last.from <= today && last.to > today && addDays(last.to, 21) < room && random.chance(0.3)) {
      const demande = add(
        placement,
        {
          type: 'prolongation',
          statut: 'a_traiter',
          dateDebut: last.to,
          dateFin: addDays(last.to, random.int(7, 21)),
          createdAt: openCreated(),
        },
        last.stayIds,
      );
      if (openExtensions++ % 6 === 0) {
        demande.motifRefus = 'Le client ne prend plus en charge ce ménage au-delà de la date prévue';
        close(demande, 'refusee', 'refus', hours(demande.createdAt, 2));
      }
    } else if (first.from > addDays(today, 2) && random.chance(0.2)) {
      add(
        placement,
        {
          type: 'annulation',
          statut: 'a_traiter',
          dateDebut: first.from,
          dateFin: last.to,
          createdAt: openCreated(),
        },
        first.stayIds,
      );
    }
    // A household with nothing booked ahead asks for a new stay (or had a recent request refused or withdrawn).
    if (placement.nextStart === null && last.to <= today && random.chance(0.45)) {
      if (random.chance(0.75)) {
        const from = addDays(today, random.int(2, 20));
        add(placement, {
          type: 'nouvelle',
          statut: 'a_traiter',
          dateDebut: from,
          dateFin: addDays(from, random.int(7, 28)),
          createdAt: openCreated(),
        });
      } else closedEarlier(placement, addDays(today, -random.int(2, 25)));
    }
  }
  return plan;
}
