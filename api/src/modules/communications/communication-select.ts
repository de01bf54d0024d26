import { sql } from 'drizzle-orm';
import { isoTimestamp } from '../../db/iso-timestamp';

/** The Communication columns (shared/contract) of `cm` = communications. */
export const communicationSelect = sql`cm.id, cm.demande_id, cm.pensionnaire_id, cm.type_document, cm.objet,
  cm.destinataires, cm.statut, cm.tentatives, cm.derniere_erreur,
  ${isoTimestamp(sql`cm.envoye_at`)} as envoye_at, cm.document_nom, ${isoTimestamp(sql`cm.created_at`)} as created_at,
  (select u.prenom || ' ' || u.nom from users u where u.id = cm.created_by) as created_by`;
