/**
 * The request card (GET /demande_hebergement/:id): the request, its residents, wishes, targeted and produced stays,
 * communications, history and the actions its kind and state allow; POST /resas_per_demande/:id (its stays) and
 * GET /demandes_hebergement_previous/:id (the earlier requests of the same residents or household).
 */
import { sql } from 'drizzle-orm';
import {
  type Communication,
  type DemandeActions,
  type DemandeDetail,
  type DemandeItem,
  type DemandeReservation,
  type DemandeStatut,
  type DemandeType,
  type HistoriqueEntry,
  DEMANDE_STATUTS_OUVERTS,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { NotFoundError } from '../../../errors';
import { auditEntrySelect, historiqueEntryOf, type AuditRow } from '../../reservations';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { rowsOf } from '../../../db/raw';
import { DEMANDE_MESSAGES } from '../demande-store';
import { demandeItemSelect } from '../list/list-query';
import { communicationSelect } from '../../communications';

/** What staff may do now; the write calls enforce the same (409). */
export function demandeActions(type: DemandeType, statut: DemandeStatut): DemandeActions {
  const open = (DEMANDE_STATUTS_OUVERTS as readonly string[]).includes(statut);
  return {
    traiter: open && type === 'nouvelle',
    refuser: open,
    prolonger: open && type === 'prolongation',
    confirmer_annulation: open && type === 'annulation',
    synchroniser: statut !== 'refusee' && statut !== 'annulee',
  };
}

/** The stays a request produced (reservations.demande_id) or targets, targets first, then by arrival. */
export async function reservationsOfDemande(db: Executor, id: number): Promise<DemandeReservation[]> {
  return rowsOf<DemandeReservation>(
    db,
    sql`select r.id, l.role, r.id_reservation_mere, r.type_resa, r.statut, r.pensionnaire_id,
        p.nom as pensionnaire_nom, p.prenom as pensionnaire_prenom, r.etablissement_id,
        e.nom as etablissement_nom, tc.libelle as type_chambre_libelle, r.chambre,
        r.date_debut::text as date_debut, r.date_fin::text as date_fin, r.prolongee_par_id
      from (select rc.reservation_id as id, 'cible' as role from demande_reservations_cibles rc
              where rc.demande_id = ${id}
            union
            select rp.id, 'produite' from reservations rp where rp.demande_id = ${id}) l
      join reservations r on r.id = l.id
      join pensionnaires p on p.id = r.pensionnaire_id
      join etablissements e on e.id = r.etablissement_id
      join types_chambre tc on tc.id = r.type_chambre_id
      order by l.role, r.date_debut, p.nom, p.prenom, r.id`,
  );
}

export async function assertDemandeExists(db: Executor, id: number): Promise<void> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from demandes_hebergement where id = ${id}`);
  if (row === undefined) throw new NotFoundError(DEMANDE_MESSAGES.notFound(id));
}

/** The request's audit trail and its communications', newest first. */
async function historiqueOf(db: Executor, id: number): Promise<HistoriqueEntry[]> {
  const rows = await rowsOf<AuditRow>(
    db,
    sql`select ${auditEntrySelect}
      from audit_log a
      -- Two index lookups on (entity, entity_id): an OR of them walks the whole trail by date (as the stays'
      -- history did, reservations/historiques).
      where a.id in (
        select b.id from audit_log b where b.entity = 'demande_hebergement' and b.entity_id = ${String(id)}
        union all
        select b.id from audit_log b where b.entity = 'communication' and b.entity_id = any(array(
          select cm.id::text from communications cm where cm.demande_id = ${id})))
      order by a.at desc, a.id desc`,
  );
  return rows.map(historiqueEntryOf);
}

type DetailRow = Omit<DemandeDetail, 'cibles' | 'reservations' | 'communications' | 'historique' | 'actions'>;

export async function getDemandeDetail(db: Executor, id: number): Promise<DemandeDetail> {
  const [row] = await rowsOf<DetailRow>(
    db,
    sql`select ${demandeItemSelect}, c.email as client_email, d.referent_email, d.referent_telephone,
        (select json_build_object('id', f.id, 'nom', f.nom) from foyers f where f.id = d.foyer_id) as foyer,
        coalesce((select json_agg(json_build_object('id', p.id, 'nom', p.nom, 'prenom', p.prenom,
                    'numero_dossier', p.numero_dossier, 'date_naissance', p.date_naissance::text,
                    'sexe', p.sexe, 'foyer_id', p.foyer_id) order by p.nom, p.prenom, p.id)
                  from demande_pensionnaires dp join pensionnaires p on p.id = dp.pensionnaire_id
                  where dp.demande_id = d.id), '[]'::json) as pensionnaires,
        json_build_object(
          'ville', d.souhait_ville,
          'etablissement', (select json_build_object('id', e.id, 'nom', e.nom) from etablissements e
                            where e.id = d.souhait_etablissement_id),
          'type_chambre', (select json_build_object('id', t.id, 'libelle', t.libelle) from types_chambre t
                           where t.id = d.souhait_type_chambre_id),
          'petit_dejeuner', d.souhait_petit_dejeuner, 'dejeuner', d.souhait_dejeuner, 'diner', d.souhait_diner,
          'accessibilite_pmr', d.souhait_pmr, 'remarques', d.souhaits) as souhaits,
        d.motif_refus,
        (select u.prenom || ' ' || u.nom from users u where u.id = d.created_by) as created_by,
        ${isoTimestamp(sql`d.updated_at`)} as updated_at
      from demandes_hebergement d join clients c on c.id = d.client_id
      where d.id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(DEMANDE_MESSAGES.notFound(id));
  const stays = await reservationsOfDemande(db, id);
  const communications = await rowsOf<Communication>(
    db,
    sql`select ${communicationSelect} from communications cm where cm.demande_id = ${id}
        order by cm.created_at desc, cm.id desc`,
  );
  return {
    ...row,
    cibles: stays.filter((stay) => stay.role === 'cible'),
    reservations: stays.filter((stay) => stay.role === 'produite'),
    communications,
    historique: await historiqueOf(db, id),
    actions: demandeActions(row.type, row.statut),
  };
}

/** Earlier requests (created before this one) naming one of its residents or for its household, newest first. */
export async function previousDemandes(db: Executor, id: number): Promise<DemandeItem[]> {
  await assertDemandeExists(db, id);
  return rowsOf<DemandeItem>(
    db,
    sql`select ${demandeItemSelect}
      from demandes_hebergement d join clients c on c.id = d.client_id
      join demandes_hebergement cur on cur.id = ${id}
      where d.id <> cur.id and (d.created_at, d.id) < (cur.created_at, cur.id)
        and (exists (select 1 from demande_pensionnaires a join demande_pensionnaires b
                       on b.pensionnaire_id = a.pensionnaire_id
                     where a.demande_id = d.id and b.demande_id = cur.id)
             or (cur.foyer_id is not null and d.foyer_id = cur.foyer_id))
      order by d.created_at desc, d.id desc
      limit 100`,
  );
}
