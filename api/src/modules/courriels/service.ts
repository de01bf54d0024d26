/**
 * The outbox's reads in SQL (the routes of routes.ts call them): an e-mail as the contract's `Courriel`, a page of
 * them, one with its text (hidden when confidential), an attachment.
 */
import { sql } from 'drizzle-orm';
import { COURRIEL_MESSAGES, type Courriel, type CourrielDetail, type CourrielStatut } from 'shared/contract';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import { courrielSelect } from '../communications';

/** Shown instead of the text of a confidential message (a password-reset link: lib/mail.ts `confidential`). */
export const TEXTE_CONFIDENTIEL = COURRIEL_MESSAGES.confidentialText;

export async function findCourriel(db: Executor, id: number): Promise<Courriel | undefined> {
  const [row] = await rowsOf<Courriel>(
    db,
    sql`select ${courrielSelect} from courriels co where co.id = ${id}`,
  );
  return row;
}

/** A page of e-mails, newest first, of one status or all. */
export async function listCourriels(
  db: Executor,
  { page, pageSize, statut }: { page: number; pageSize: number; statut: CourrielStatut | undefined },
): Promise<{ data: Courriel[]; total: number }> {
  const where = statut === undefined ? sql`` : sql`where co.statut = ${statut}`;
  const [row] = await rowsOf<{ total: number; items: Courriel[] }>(
    db,
    sql`select (select count(*)::int from courriels co ${where}) as total,
      (select coalesce(json_agg(to_jsonb(i) order by i.created_at desc, i.id desc), '[]'::json) from (
        select ${courrielSelect} from courriels co ${where}
        order by co.created_at desc, co.id desc limit ${pageSize} offset ${(page - 1) * pageSize}) i) as items`,
  );
  return { data: row?.items ?? [], total: Number(row?.total ?? 0) };
}

/** One e-mail with its text; a confidential one's text is replaced by TEXTE_CONFIDENTIEL. */
export async function courrielDetail(db: Executor, id: number): Promise<CourrielDetail | undefined> {
  const [data] = await rowsOf<CourrielDetail>(
    db,
    sql`select ${courrielSelect},
          case when co.confidentiel then ${TEXTE_CONFIDENTIEL} else co.texte end as texte
        from courriels co where co.id = ${id}`,
  );
  return data;
}

/** An attachment of an e-mail, with whether the e-mail is confidential. */
export async function findPieceJointe(
  db: Executor,
  id: number,
  index: number,
): Promise<{ nom: string; type_contenu: string; contenu: Uint8Array; confidentiel: boolean } | undefined> {
  const [row] = await rowsOf<{
    nom: string;
    type_contenu: string;
    contenu: Uint8Array;
    confidentiel: boolean;
  }>(
    db,
    sql`select pj.nom, pj.type_contenu, pj.contenu, co.confidentiel
        from courriel_pieces_jointes pj join courriels co on co.id = pj.courriel_id
        where pj.courriel_id = ${id} and pj.index = ${index}`,
  );
  return row;
}
