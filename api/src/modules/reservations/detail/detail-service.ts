/**
 * GET /reservations/:id: one stay with its chain (initial stay and extensions), nights, totals and the actions
 * its state allows now (docs/domain.md "State machines"; the write calls enforce the same rules with 409), with
 * what « Rétablir » would undo while it may.
 */
import { sql } from 'drizzle-orm';
import type { Nuitee, ReservationActions, ReservationDetail, ReservationItem } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { TODAY } from '../../../db/today';
import { NotFoundError } from '../../../errors';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { reservationItemJoins, reservationItemSelect } from '../reservation-items';
import { readRetablissements } from '../retablissement/read-retablissements';
import { totauxOf } from '../totaux';

export const DETAIL_MESSAGES = { notFound: 'Réservation introuvable.' } as const;

/** The actions of a stay `r` as boolean columns (also aggregated with bool_or for a parent). */
export const actionColumns = {
  confirmer: sql`(r.statut = 'en_attente')`,
  annuler: sql`(r.statut in ('en_attente', 'confirmee', 'en_cours'))`,
  prolonger: sql`(r.statut in ('en_attente', 'confirmee', 'en_cours') and r.date_fin >= ${TODAY}
    and r.prolongee_par_id is null)`,
  modifier: sql`(r.statut not in ('terminee', 'annulee'))`,
  pointer: sql`(r.statut <> 'annulee' and r.date_debut <= ${TODAY})`,
};

type DetailRow = ReservationItem & {
  contrat_client_id: number;
  contrat_client_reference: string;
  contrat_etablissement_id: number;
  contrat_etablissement_reference: string;
  type_chambre_capacite: number;
  demande_id: number | null;
  annulee_at: string | null;
  created_by: string | null;
  updated_at: string;
} & ReservationActions;

type NuiteeRow = Omit<Nuitee, 'id'> & { id: number | string };

export async function getReservationDetail(db: Executor, id: number): Promise<ReservationDetail> {
  const [row] = await rowsOf<DetailRow>(
    db,
    sql`select ${reservationItemSelect},
      cc.id as contrat_client_id, cc.reference as contrat_client_reference,
      ce.id as contrat_etablissement_id, ce.reference as contrat_etablissement_reference,
      tc.capacite as type_chambre_capacite, r.demande_id,
      ${isoTimestamp(sql`r.annulee_at`)} as annulee_at,
      (select u.prenom || ' ' || u.nom from users u where u.id = r.created_by) as created_by,
      ${isoTimestamp(sql`r.updated_at`)} as updated_at,
      ${actionColumns.confirmer} as confirmer, ${actionColumns.annuler} as annuler,
      ${actionColumns.prolonger} as prolonger, ${actionColumns.modifier} as modifier,
      ${actionColumns.pointer} as pointer
    from reservations r ${reservationItemJoins}
    join contrats_clients cc on cc.id = r.contrat_client_id
    join contrats_etablissement ce on ce.id = r.contrat_etablissement_id
    where r.id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(DETAIL_MESSAGES.notFound);

  const chaine = await rowsOf<ReservationDetail['chaine'][number]>(
    db,
    sql`with recursive up as (
        select id, prolongation_de_id from reservations where id = ${id}
        union all
        select r.id, r.prolongation_de_id from reservations r join up on r.id = up.prolongation_de_id
      ),
      down as (
        select r.id from reservations r where r.id = (select id from up where prolongation_de_id is null)
        union all
        select r.id from reservations r join down on r.prolongation_de_id = down.id
      )
      select r.id, r.type_resa, r.statut, r.date_debut::text as date_debut, r.date_fin::text as date_fin
      from down join reservations r on r.id = down.id order by r.date_debut, r.id`,
  );

  const nights = await rowsOf<NuiteeRow>(
    db,
    sql`select id, date_nuit::text as date_nuit, prix_achat_ht::text as prix_achat_ht,
      prix_vente_ht::text as prix_vente_ht, taux_tva_nuitee::text as taux_tva_nuitee,
      taux_tva_repas::text as taux_tva_repas, prix_petit_dejeuner_ht::text as prix_petit_dejeuner_ht,
      prix_dejeuner_ht::text as prix_dejeuner_ht, prix_diner_ht::text as prix_diner_ht,
      petit_dejeuner::int as petit_dejeuner, dejeuner::int as dejeuner, diner::int as diner, presence,
      etat_paf, etat_caf, montant_paf::text as montant_paf, montant_caf::text as montant_caf, annulee
    from nuitees where reservation_id = ${id} order by date_nuit`,
  );
  const totaux = await totauxOf(db, sql`n.reservation_id = ${id}`);
  const [retablissement] = await readRetablissements(db, [id]);

  const {
    contrat_client_id,
    contrat_client_reference,
    contrat_etablissement_id,
    contrat_etablissement_reference,
    confirmer,
    annuler,
    prolonger,
    modifier,
    pointer,
    ...rest
  } = row;
  return {
    ...rest,
    contrat_client: { id: contrat_client_id, reference: contrat_client_reference },
    contrat_etablissement: { id: contrat_etablissement_id, reference: contrat_etablissement_reference },
    chaine,
    nuitees: nights.map((night) => ({ ...night, id: Number(night.id) })),
    totaux,
    actions: { confirmer, annuler, prolonger, modifier, pointer, retablir: retablissement !== undefined },
    retablissement: retablissement ?? null,
  };
}
