/**
 * Creating a request, in the caller's transaction: typed in by staff (POST /demande_hebergement) or submitted by the
 * client's system (POST /demande_hebergement/externe). Checks the client, the residents (existing ones, or new ones
 * created with their household), the period or the targeted stays, then writes the request, its residents, its
 * targets and the audit row. Rules: docs/domain.md « Demande ».
 */
import { sql } from 'drizzle-orm';
import type { DemandeType, NouveauPensionnaire, SouhaitsBody } from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import {
  demandePensionnaires,
  demandeReservationsCibles,
  demandesHebergement,
  foyers,
  pensionnaires,
} from '../../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../../errors';
import { frenchDate } from '../../../lib/days';
import { rowsOf } from '../../../db/raw';
import { TODAY, todayOf } from '../../../db/today';

export interface CreateDemandeInput {
  type: DemandeType;
  clientId: number;
  pensionnaireIds: number[];
  nouveaux: NouveauPensionnaire[];
  /** The household of the new residents (and of the request): an existing one, or one to create. */
  foyerId?: number | null | undefined;
  nouveauFoyer?: string | null | undefined;
  reservationIds?: number[] | undefined;
  dateDebut?: string | undefined;
  dateFin?: string | undefined;
  dateAnnulation?: string | undefined;
  referentNom?: string | null | undefined;
  referentEmail?: string | null | undefined;
  referentTelephone?: string | null | undefined;
  urgente?: boolean | undefined;
  souhaits?: SouhaitsBody | undefined;
  referenceExterne?: string | null | undefined;
  cleApiId?: number | undefined;
}

export const SAISIE_MESSAGES = {
  clientNotFound: 'Client introuvable.',
  clientArchived: 'Ce client est archivé : demande impossible.',
  period: "La date de départ (date_fin) doit être postérieure à la date d'arrivée (date_debut).",
  periodRequired: "Indiquez la date d'arrivée (date_debut) et la date de départ (date_fin) demandées.",
  noResident: 'Indiquez au moins un pensionnaire (existant ou nouveau).',
  residentNotFound: (id: number) => `Pensionnaire n° ${id} introuvable.`,
  residentOther: (name: string) => `Le pensionnaire ${name} n'appartient pas à ce client.`,
  residentArchived: (name: string) => `Le pensionnaire ${name} est archivé : demande impossible.`,
  dossierTaken: (numero: string) => `Le numéro de dossier ${numero} existe déjà pour ce client.`,
  foyerNotFound: 'Foyer introuvable.',
  foyerOther: "Ce foyer n'appartient pas à ce client.",
  foyerBoth: 'Indiquez un foyer existant (foyer_id) ou un nouveau foyer (nouveau_foyer), pas les deux.',
  targetsRequired:
    'Indiquez les réservations visées (reservation_ids) ou les pensionnaires dont le séjour en cours est visé.',
  targetNotFound: (id: number) => `Réservation n° ${id} introuvable.`,
  targetOther: (id: number) => `La réservation n° ${id} n'est pas une réservation de ce client.`,
  targetClosed: (id: number, statut: string) =>
    `La réservation n° ${id} est ${statut} : elle ne peut pas être visée.`,
  noCurrentStay: (name: string) => `Le pensionnaire ${name} n'a aucun séjour en cours ou à venir.`,
  newEndRequired: 'Indiquez la nouvelle date de départ demandée (date_fin).',
  newEndTooEarly: (day: string) =>
    `La nouvelle date de départ doit être postérieure au départ prévu (${frenchDate(day)}).`,
  cancelDateRequired: 'Indiquez la date à partir de laquelle les séjours sont annulés (date_annulation).',
  nothingToCancel: (day: string) =>
    `Les séjours visés se terminent le ${frenchDate(day)} au plus tard : rien à annuler à cette date.`,
  souhaitHotelNotFound: 'Établissement souhaité introuvable.',
  souhaitTypeNotFound: 'Type de chambre souhaité introuvable.',
} as const;

interface ResidentRow {
  id: number;
  nom: string;
  prenom: string;
  client_id: number;
  foyer_id: number | null;
  archived: boolean;
}

const name = (r: { nom: string; prenom: string }) => `${r.prenom} ${r.nom}`;
const ids = (values: number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

interface TargetRow {
  id: number;
  client_id: number;
  pensionnaire_id: number;
  statut: string;
  /** The departure of the last non-cancelled stay of its chain (itself when not extended). */
  fin_chaine: string;
}

/** The stays, with the end of their chain of extensions. */
async function targetsOf(tx: Executor, reservationIds: number[]): Promise<TargetRow[]> {
  if (reservationIds.length === 0) return [];
  return rowsOf<TargetRow>(
    tx,
    sql`with recursive chaine(origine, id, date_fin) as (
          select r.id, r.id, r.date_fin from reservations r where r.id in (${ids(reservationIds)})
          union all
          select c.origine, x.id, x.date_fin from chaine c
          join reservations x on x.prolongation_de_id = c.id and x.statut <> 'annulee')
        select r.id, r.client_id, r.pensionnaire_id, r.statut,
          (select max(c.date_fin) from chaine c where c.origine = r.id)::text as fin_chaine
        from reservations r where r.id in (${ids(reservationIds)})`,
  );
}

/** The current (or next) stay of each resident: active, the last of its chain. */
async function currentStays(
  tx: Executor,
  clientId: number,
  residentIds: number[],
): Promise<Map<number, number>> {
  if (residentIds.length === 0) return new Map();
  const rows = await rowsOf<{ pensionnaire_id: number; id: number }>(
    tx,
    sql`select distinct on (r.pensionnaire_id) r.pensionnaire_id, r.id from reservations r
        where r.pensionnaire_id in (${ids(residentIds)}) and r.client_id = ${clientId}
          and r.statut in ('en_attente', 'confirmee', 'en_cours')
          and r.date_fin >= ${TODAY}
          and r.prolongee_par_id is null
        order by r.pensionnaire_id, r.date_debut, r.id`,
  );
  return new Map(rows.map((row) => [row.pensionnaire_id, row.id]));
}

async function assertClient(tx: Executor, clientId: number): Promise<void> {
  const [client] = await rowsOf<{ archived: boolean }>(
    tx,
    sql`select archived_at is not null as archived from clients where id = ${clientId}`,
  );
  if (client === undefined) throw new NotFoundError(SAISIE_MESSAGES.clientNotFound);
  if (client.archived) throw new ConflictError(SAISIE_MESSAGES.clientArchived);
}

async function residentsOf(tx: Executor, clientId: number, residentIds: number[]): Promise<ResidentRow[]> {
  if (residentIds.length === 0) return [];
  const rows = await rowsOf<ResidentRow>(
    tx,
    sql`select id, nom, prenom, client_id, foyer_id, archived_at is not null as archived
        from pensionnaires where id in (${ids(residentIds)})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return residentIds.map((id) => {
    const row = byId.get(id);
    if (row === undefined) throw new NotFoundError(SAISIE_MESSAGES.residentNotFound(id));
    if (row.client_id !== clientId) throw new BadRequestError(SAISIE_MESSAGES.residentOther(name(row)));
    if (row.archived) throw new ConflictError(SAISIE_MESSAGES.residentArchived(name(row)));
    return row;
  });
}

/** The household named or created for the request (null: none). */
async function householdOf(tx: Executor, input: CreateDemandeInput): Promise<number | null> {
  const foyerId = input.foyerId ?? null;
  const nouveauFoyer = input.nouveauFoyer ?? null;
  if (foyerId !== null && nouveauFoyer !== null) throw new BadRequestError(SAISIE_MESSAGES.foyerBoth);
  if (foyerId !== null) {
    const [foyer] = await rowsOf<{ client_id: number }>(
      tx,
      sql`select client_id from foyers where id = ${foyerId} and archived_at is null`,
    );
    if (foyer === undefined) throw new NotFoundError(SAISIE_MESSAGES.foyerNotFound);
    if (foyer.client_id !== input.clientId) throw new BadRequestError(SAISIE_MESSAGES.foyerOther);
    return foyerId;
  }
  if (nouveauFoyer !== null && nouveauFoyer.trim() !== '') {
    const [created] = await tx
      .insert(foyers)
      .values({ clientId: input.clientId, nom: nouveauFoyer.trim() })
      .returning({ id: foyers.id });
    return created?.id ?? null;
  }
  return null;
}

async function assertSouhaits(tx: Executor, souhaits: SouhaitsBody | undefined): Promise<void> {
  const hotelId = souhaits?.etablissement_id ?? null;
  const typeId = souhaits?.type_chambre_id ?? null;
  if (hotelId !== null) {
    const [hotel] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from etablissements where id = ${hotelId}`,
    );
    if (hotel === undefined) throw new NotFoundError(SAISIE_MESSAGES.souhaitHotelNotFound);
  }
  if (typeId !== null) {
    const [type] = await rowsOf<{ id: number }>(tx, sql`select id from types_chambre where id = ${typeId}`);
    if (type === undefined) throw new NotFoundError(SAISIE_MESSAGES.souhaitTypeNotFound);
  }
}

/** Creates new residents (409 on a file number the client already uses). */
async function createResidents(
  tx: Executor,
  clientId: number,
  foyerId: number | null,
  nouveaux: NouveauPensionnaire[],
): Promise<number[]> {
  if (nouveaux.length === 0) return [];
  const numbers = nouveaux.map((p) => p.numero_dossier.trim());
  const duplicate = numbers.find((n, index) => numbers.indexOf(n) !== index);
  if (duplicate !== undefined) throw new BadRequestError(SAISIE_MESSAGES.dossierTaken(duplicate));
  const [taken] = await rowsOf<{ numero_dossier: string }>(
    tx,
    sql`select numero_dossier from pensionnaires where client_id = ${clientId}
        and numero_dossier in (${sql.join(
          numbers.map((n) => sql`${n}`),
          sql`, `,
        )}) limit 1`,
  );
  if (taken !== undefined) throw new ConflictError(SAISIE_MESSAGES.dossierTaken(taken.numero_dossier));
  const created = await tx
    .insert(pensionnaires)
    .values(
      nouveaux.map((p) => ({
        clientId,
        foyerId,
        nom: p.nom.trim(),
        prenom: p.prenom.trim(),
        dateNaissance: p.date_naissance ?? null,
        sexe: p.sexe,
        numeroDossier: p.numero_dossier.trim(),
        telephone: p.telephone ?? null,
        email: p.email ?? null,
      })),
    )
    .returning({ id: pensionnaires.id });
  return created.map((row) => row.id);
}

/** Creates the request; returns its id. */
export async function createDemande(tx: Executor, actor: Actor, input: CreateDemandeInput): Promise<number> {
  await assertClient(tx, input.clientId);
  await assertSouhaits(tx, input.souhaits);
  const today = await todayOf(tx);
  let dateDebut: string;
  let dateFin: string;
  let residentIds: number[];
  let targetIds: number[] = [];
  let foyerId: number | null;

  if (input.type === 'nouvelle') {
    if (input.dateDebut === undefined || input.dateFin === undefined)
      throw new BadRequestError(SAISIE_MESSAGES.periodRequired);
    if (input.dateFin <= input.dateDebut) throw new BadRequestError(SAISIE_MESSAGES.period);
    if (input.pensionnaireIds.length + input.nouveaux.length === 0)
      throw new BadRequestError(SAISIE_MESSAGES.noResident);
    const existing = await residentsOf(tx, input.clientId, input.pensionnaireIds);
    foyerId = await householdOf(tx, input);
    const created = await createResidents(tx, input.clientId, foyerId, input.nouveaux);
    residentIds = [...existing.map((r) => r.id), ...created];
    // Residents who all share one household make it the request's household.
    if (foyerId === null) {
      const households = [...new Set(existing.map((r) => r.foyer_id))];
      if (created.length === 0 && households.length === 1 && households[0] !== null)
        foyerId = households[0] ?? null;
    }
    dateDebut = input.dateDebut;
    dateFin = input.dateFin;
  } else {
    const named = await residentsOf(tx, input.clientId, input.pensionnaireIds);
    targetIds = input.reservationIds ?? [];
    if (targetIds.length === 0) {
      if (named.length === 0) throw new BadRequestError(SAISIE_MESSAGES.targetsRequired);
      const current = await currentStays(
        tx,
        input.clientId,
        named.map((r) => r.id),
      );
      targetIds = named.map((resident) => {
        const stay = current.get(resident.id);
        if (stay === undefined) throw new ConflictError(SAISIE_MESSAGES.noCurrentStay(name(resident)));
        return stay;
      });
    }
    const targets = await targetsOf(tx, targetIds);
    const byId = new Map(targets.map((t) => [t.id, t]));
    for (const id of targetIds) {
      const target = byId.get(id);
      if (target === undefined) throw new NotFoundError(SAISIE_MESSAGES.targetNotFound(id));
      if (target.client_id !== input.clientId) throw new BadRequestError(SAISIE_MESSAGES.targetOther(id));
      if (!['en_attente', 'confirmee', 'en_cours'].includes(target.statut))
        throw new ConflictError(
          SAISIE_MESSAGES.targetClosed(id, target.statut === 'annulee' ? 'annulée' : 'terminée'),
        );
    }
    const ends = targets.map((t) => t.fin_chaine).sort();
    const firstEnd = ends[0] ?? today;
    const lastEnd = ends[ends.length - 1] ?? today;
    if (input.type === 'prolongation') {
      if (input.dateFin === undefined) throw new BadRequestError(SAISIE_MESSAGES.newEndRequired);
      if (input.dateFin <= lastEnd) throw new BadRequestError(SAISIE_MESSAGES.newEndTooEarly(lastEnd));
      dateDebut = firstEnd;
      dateFin = input.dateFin;
    } else {
      if (input.dateAnnulation === undefined) throw new BadRequestError(SAISIE_MESSAGES.cancelDateRequired);
      if (input.dateAnnulation >= lastEnd)
        throw new BadRequestError(SAISIE_MESSAGES.nothingToCancel(lastEnd));
      dateDebut = input.dateAnnulation;
      dateFin = lastEnd;
    }
    residentIds = [...new Set([...named.map((r) => r.id), ...targets.map((t) => t.pensionnaire_id)])];
    foyerId = await householdOf(tx, input);
    if (foyerId === null) {
      const households = await rowsOf<{ foyer_id: number | null }>(
        tx,
        sql`select distinct foyer_id from pensionnaires where id in (${ids(residentIds)})`,
      );
      const only = households.length === 1 ? (households[0]?.foyer_id ?? null) : null;
      if (only !== null) foyerId = only;
    }
  }

  const souhaits = input.souhaits ?? {};
  const [demande] = await tx
    .insert(demandesHebergement)
    .values({
      clientId: input.clientId,
      type: input.type,
      dateDebut,
      dateFin,
      nombrePersonnes: residentIds.length,
      souhaits: souhaits.remarques ?? null,
      referenceExterne: input.referenceExterne ?? null,
      reservationCibleId: targetIds[0] ?? null,
      origine: input.cleApiId === undefined ? 'saisie' : 'api',
      urgente: input.urgente ?? false,
      foyerId,
      referentNom: input.referentNom ?? null,
      referentEmail: input.referentEmail ?? null,
      referentTelephone: input.referentTelephone ?? null,
      souhaitVille: souhaits.ville ?? null,
      souhaitEtablissementId: souhaits.etablissement_id ?? null,
      souhaitTypeChambreId: souhaits.type_chambre_id ?? null,
      souhaitPetitDejeuner: souhaits.petit_dejeuner ?? false,
      souhaitDejeuner: souhaits.dejeuner ?? false,
      souhaitDiner: souhaits.diner ?? false,
      souhaitPmr: souhaits.accessibilite_pmr ?? false,
      cleApiId: input.cleApiId ?? null,
      createdBy: actor.kind === 'user' ? actor.userId : null,
    })
    .returning({ id: demandesHebergement.id });
  if (demande === undefined) throw new Error('demande not created');
  await tx
    .insert(demandePensionnaires)
    .values(residentIds.map((pensionnaireId) => ({ demandeId: demande.id, pensionnaireId })));
  if (targetIds.length > 0)
    await tx
      .insert(demandeReservationsCibles)
      .values(targetIds.map((reservationId) => ({ demandeId: demande.id, reservationId })));
  await recordAudit(tx, {
    entity: 'demande_hebergement',
    entityId: demande.id,
    action: 'creation',
    after: {
      statut: 'a_traiter',
      type: input.type,
      client_id: input.clientId,
      date_debut: dateDebut,
      date_fin: dateFin,
      pensionnaire_ids: residentIds,
      ...(targetIds.length > 0 ? { reservation_ids: targetIds } : {}),
      ...(input.referenceExterne ? { reference_externe: input.referenceExterne } : {}),
      ...(input.cleApiId === undefined ? {} : { cle_api_id: input.cleApiId }),
      urgente: input.urgente ?? false,
    },
    actor,
  });
  return demande.id;
}
