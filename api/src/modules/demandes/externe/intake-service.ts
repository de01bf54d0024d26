/**
 * Requests submitted by a client organisation's system with its API key (docs/api.md « Intake by the clients' systems »).
 * Idempotent on the client's external reference: the same reference again answers the request already filed (200),
 * never a second one, even when two submissions race (the unique key (client_id, reference_externe) decides).
 * Residents are named by the client's file numbers: a known number is that resident, an unknown one is created
 * (with the household of the request when there are several).
 */
import { sql } from 'drizzle-orm';
import {
  demandeStatutLabel,
  type DemandeExterne,
  type DemandeExterneBody,
  type NouveauPensionnaire,
} from 'shared/contract';
import { SYSTEM_ACTOR } from '../../../db/audit';
import type { Database, Executor } from '../../../db/client';
import { BadRequestError, isUniqueViolation, NotFoundError } from '../../../errors';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { rowsOf } from '../../../db/raw';
import type { ClientKey } from '../cles-api/cles-api-service';
import { lockDemande, moveDemande } from '../demande-store';
import { createDemande } from '../saisie/create-demande';

export const INTAKE_MESSAGES = {
  unknownResident: (numero: string) =>
    `Le pensionnaire de dossier ${numero} est inconnu : indiquez son nom et son prénom pour le créer.`,
  unknownForTarget: (numero: string) => `Le pensionnaire de dossier ${numero} est inconnu.`,
  notFound: (reference: string) => `Aucune demande de référence ${reference}.`,
  duplicateNumber: (numero: string) => `Le numéro de dossier ${numero} est indiqué deux fois.`,
} as const;

/** First key of the intake's advisory locks (the second is a hash of client and reference). */
const INTAKE_LOCK_KEY = 0x1d7a4e;

async function byReference(
  db: Executor,
  clientId: number,
  reference: string,
): Promise<DemandeExterne | undefined> {
  const [row] = await rowsOf<Omit<DemandeExterne, 'statut_libelle'>>(
    db,
    sql`select d.id, d.reference_externe, d.type, d.statut, d.date_debut::text as date_debut,
        d.date_fin::text as date_fin, d.motif_refus, ${isoTimestamp(sql`d.created_at`)} as created_at,
        ${isoTimestamp(sql`d.updated_at`)} as updated_at
      from demandes_hebergement d where d.client_id = ${clientId} and d.reference_externe = ${reference}`,
  );
  return row === undefined ? undefined : { ...row, statut_libelle: demandeStatutLabel(row.type, row.statut) };
}

export function createIntakeService(db: Database) {
  async function get(key: ClientKey, reference: string): Promise<DemandeExterne> {
    const found = await byReference(db, key.clientId, reference);
    if (found === undefined) throw new NotFoundError(INTAKE_MESSAGES.notFound(reference));
    return found;
  }

  return {
    get,

    async submit(
      key: ClientKey,
      body: DemandeExterneBody,
    ): Promise<{ created: boolean; data: DemandeExterne }> {
      const reference = body.reference_externe.trim();
      const already = await byReference(db, key.clientId, reference);
      if (already !== undefined) return { created: false, data: already };
      let created = false;
      try {
        created = await db.transaction(async (tx) => {
          // Submissions of one reference wait for each other here: the later ones then find the request filed and
          // answer it, instead of colliding on the new residents' file numbers.
          await tx.execute(
            sql`select pg_advisory_xact_lock(${INTAKE_LOCK_KEY}, hashtext(${`${key.clientId}:${reference}`}))`,
          );
          if ((await byReference(tx, key.clientId, reference)) !== undefined) return false;
          const numbers = body.pensionnaires.map((p) => p.numero_dossier.trim());
          const repeated = numbers.find((n, index) => numbers.indexOf(n) !== index);
          if (repeated !== undefined) throw new BadRequestError(INTAKE_MESSAGES.duplicateNumber(repeated));
          const known = await rowsOf<{ id: number; numero_dossier: string }>(
            tx,
            sql`select id, numero_dossier from pensionnaires where client_id = ${key.clientId}
                and numero_dossier in (${sql.join(
                  numbers.map((n) => sql`${n}`),
                  sql`, `,
                )})`,
          );
          const byNumber = new Map(known.map((row) => [row.numero_dossier, row.id]));
          const nouveaux: NouveauPensionnaire[] = [];
          for (const person of body.pensionnaires) {
            const numero = person.numero_dossier.trim();
            if (byNumber.has(numero)) continue;
            if (body.type !== 'nouvelle') throw new NotFoundError(INTAKE_MESSAGES.unknownForTarget(numero));
            if (person.nom === undefined || person.prenom === undefined)
              throw new BadRequestError(INTAKE_MESSAGES.unknownResident(numero));
            nouveaux.push({
              numero_dossier: numero,
              nom: person.nom,
              prenom: person.prenom,
              sexe: person.sexe ?? 'X',
              date_naissance: person.date_naissance ?? null,
              telephone: person.telephone ?? null,
              email: person.email ?? null,
            });
          }
          const household =
            body.foyer?.nom ?? (nouveaux.length > 1 ? `Famille ${nouveaux[0]?.nom.toUpperCase()}` : null);
          await createDemande(tx, SYSTEM_ACTOR, {
            type: body.type,
            clientId: key.clientId,
            pensionnaireIds: [...byNumber.values()],
            nouveaux,
            nouveauFoyer: nouveaux.length > 0 ? household : null,
            reservationIds: body.reservation_ids,
            dateDebut: body.date_debut,
            dateFin: body.date_fin,
            dateAnnulation: body.date_annulation,
            referentNom: body.referent_nom,
            referentEmail: body.referent_email,
            referentTelephone: body.referent_telephone,
            urgente: body.urgente,
            souhaits: body.souhaits,
            referenceExterne: reference,
            cleApiId: key.id,
          });
          return true;
        });
      } catch (error) {
        // A concurrent submission of the same reference won: answer the request it filed. Its transaction may have
        // collided with ours on another key first (the new residents' file numbers), so any unique violation is
        // judged by the reference it leaves behind.
        if (!isUniqueViolation(error) || (await byReference(db, key.clientId, reference)) === undefined)
          throw error;
      }
      const data = await byReference(db, key.clientId, reference);
      if (data === undefined) throw new Error('request not found after intake');
      return { created, data };
    },

    /** The client withdraws its request: `annulee` while it is still open (409 otherwise). */
    async withdraw(key: ClientKey, reference: string): Promise<DemandeExterne> {
      const found = await get(key, reference);
      await db.transaction(async (tx) => {
        const demande = await lockDemande(tx, found.id);
        // Withdrawing twice is the same withdrawal: nothing written again.
        if (demande.statut === 'annulee') return;
        await moveDemande(tx, SYSTEM_ACTOR, demande, 'annulee', 'retrait', 'retrait', {
          details: { cle_api_id: key.id },
        });
      });
      return get(key, reference);
    },
  };
}
