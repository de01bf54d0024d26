/**
 * Nights of new stays, priced in SQL (docs/domain.md "Prices of a night"): one `nuitees` row per night with the
 * snapshots of the purchase line of the stay's contract and room type, the sale line for the hotel (else the
 * every-hotel line), the sale contract's VAT rates and PAF/CAF daily amounts, and meal counts from the options.
 * `par_chambre`: the room-night price is split across the residents created together who share a room (groups
 * of `capacite` in reservation id order, per parent, room type and room number), remainder cents on the lowest id.
 */
import { RESERVATION_WRITE_MESSAGES } from 'shared/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { oneOf } from '../../../db/raw';
import { ConflictError } from '../../../errors';
import { roomShare } from '../rooms/room-shares';

export interface Coverage {
  contratClientId: number;
  contratEtablissementId: number;
  etablissementId: number;
  typeChambreId: number;
  typeLibelle: string;
  start: string;
  end: string;
}

/** 409 naming the first night without a purchase or a sale tariff line. */
export async function assertTariffCoverage(db: Executor, c: Coverage): Promise<void> {
  const gap = await oneOf<{ d: string; achat: boolean; vente: boolean }>(
    db,
    sql`select d::text as d, achat, vente from (
      select g.d::date as d,
        exists (select 1 from contrat_etablissement_tarifs te
                where te.contrat_id = ${c.contratEtablissementId} and te.type_chambre_id = ${c.typeChambreId}
                  and g.d::date >= te.date_debut and g.d::date < te.date_fin) as achat,
        exists (select 1 from contrat_client_tarifs tc
                where tc.contrat_id = ${c.contratClientId} and tc.type_chambre_id = ${c.typeChambreId}
                  and (tc.etablissement_id = ${c.etablissementId} or tc.etablissement_id is null)
                  and g.d::date >= tc.date_debut and g.d::date < tc.date_fin) as vente
      from generate_series(${c.start}::date, ${c.end}::date - 1, interval '1 day') as g(d)) nights
    where not (achat and vente) order by d limit 1`,
  );
  if (gap === undefined) return;
  throw new ConflictError(
    gap.achat
      ? RESERVATION_WRITE_MESSAGES.noSaleLine(gap.d, c.typeLibelle)
      : RESERVATION_WRITE_MESSAGES.noPurchaseLine(gap.d, c.typeLibelle),
  );
}

/** Creates every night of the given (new) stays, priced and snapshotted. Returns the number of nights. */
export async function insertNights(tx: Executor, reservationIds: number[]): Promise<number> {
  if (reservationIds.length === 0) return 0;
  const ids = sql.join(
    reservationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with base as (
      select r.id as reservation_id, r.pensionnaire_id, r.etablissement_id, r.type_chambre_id, g.d::date as d,
        t.capacite, te.id as te_id, tc.id as tc_id, te.prix_nuitee_ht as achat, tc.prix_nuitee_ht as vente,
        ce.mode_tarification as mode_achat, cc.mode_tarification as mode_vente,
        cc.taux_tva_nuitee, cc.taux_tva_repas,
        tc.prix_petit_dejeuner_ht, tc.prix_dejeuner_ht, tc.prix_diner_ht,
        te.prix_petit_dejeuner_ht as achat_pdj, te.prix_dejeuner_ht as achat_dej, te.prix_diner_ht as achat_din,
        r.petit_dejeuner::int as n_pdj, r.dejeuner::int as n_dej, r.diner::int as n_din,
        case when r.status_paf then cc.montant_paf_jour else 0 end as montant_paf,
        case when r.status_caf then cc.montant_caf_jour else 0 end as montant_caf,
        row_number() over (w order by r.id) - 1 as rn, count(*) over w as n
      from reservations r
      join types_chambre t on t.id = r.type_chambre_id
      join contrats_clients cc on cc.id = r.contrat_client_id
      join contrats_etablissement ce on ce.id = r.contrat_etablissement_id
      cross join lateral generate_series(r.date_debut, r.date_fin - 1, interval '1 day') as g(d)
      join contrat_etablissement_tarifs te on te.contrat_id = r.contrat_etablissement_id
        and te.type_chambre_id = r.type_chambre_id and g.d::date >= te.date_debut and g.d::date < te.date_fin
      join lateral (
        select * from contrat_client_tarifs x
        where x.contrat_id = r.contrat_client_id and x.type_chambre_id = r.type_chambre_id
          and (x.etablissement_id = r.etablissement_id or x.etablissement_id is null)
          and g.d::date >= x.date_debut and g.d::date < x.date_fin
        order by x.etablissement_id nulls last limit 1) tc on true
      where r.id in (${ids})
      window w as (partition by r.id_reservation_mere, r.type_chambre_id, r.chambre, g.d)
    ), shares as (
      select *, least(capacite, n - (rn / capacite) * capacite) as size, rn % capacite as idx from base
    )
    insert into nuitees (reservation_id, pensionnaire_id, etablissement_id, type_chambre_id,
      contrat_etablissement_tarif_id, contrat_client_tarif_id, date_nuit, prix_achat_ht, prix_vente_ht,
      taux_tva_nuitee, prix_petit_dejeuner_ht, prix_dejeuner_ht, prix_diner_ht, prix_achat_petit_dejeuner_ht,
      prix_achat_dejeuner_ht, prix_achat_diner_ht, taux_tva_repas, petit_dejeuner, dejeuner, diner,
      montant_paf, montant_caf)
    select reservation_id, pensionnaire_id, etablissement_id, type_chambre_id, te_id, tc_id, d,
      ${roomShare('achat', 'mode_achat')}, ${roomShare('vente', 'mode_vente')},
      taux_tva_nuitee, prix_petit_dejeuner_ht, prix_dejeuner_ht, prix_diner_ht, achat_pdj, achat_dej, achat_din,
      taux_tva_repas, n_pdj, n_dej, n_din, montant_paf, montant_caf
    from shares order by reservation_id, d`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}
