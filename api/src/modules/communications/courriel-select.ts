import { sql } from 'drizzle-orm';
import { isoTimestamp } from '../../db/iso-timestamp';

/** The Courriel columns (shared/contract) of `co` = courriels. */
export const courrielSelect = sql`co.id, co.statut, co.transport, co.expediteur, co.destinataires, co.objet,
  co.tentatives, co.derniere_erreur, ${isoTimestamp(sql`co.envoye_at`)} as envoye_at, co.communication_id,
  coalesce((select json_agg(json_build_object('index', pj.index, 'nom', pj.nom, 'taille', octet_length(pj.contenu))
              order by pj.index) from courriel_pieces_jointes pj where pj.courriel_id = co.id), '[]'::json)
    as pieces_jointes,
  co.confidentiel, ${isoTimestamp(sql`co.created_at`)} as created_at`;
