/**
 * The files of an issued invoice or credit note: its Factur-X PDF (PDF/A-3 with the CII XML inside) and that XML
 * alone, both rendered once at issue (lib/facturx) and kept with it — the record sent to the client, never rendered
 * again (docs/invoicing.md « Factur-X »).
 */
import { sql } from 'drizzle-orm';
import { FACTURATION_MESSAGES } from 'shared/contract';
import type { Executor } from '../../db/client';
import { oneOf } from '../../db/raw';
import { ConflictError, NotFoundError } from '../../errors';

export interface FactureFichier {
  nom: string;
  contenu: Buffer;
}

/** The PDF or the XML of an invoice; 404 for an unknown one, 409 for a draft (it has no file yet). */
export async function readFactureFichier(
  db: Executor,
  id: number,
  kind: 'pdf' | 'xml',
): Promise<FactureFichier> {
  const row = await oneOf<{ numero: string | null; pdf: Buffer | null; xml: string | null }>(
    db,
    sql`select numero, ${kind === 'pdf' ? sql`pdf` : sql`null::bytea as pdf`},
      ${kind === 'xml' ? sql`xml` : sql`null::text as xml`} from factures where id = ${id}`,
  );
  if (row === undefined) throw new NotFoundError(FACTURATION_MESSAGES.notFound);
  if (row.numero === null) throw new ConflictError(FACTURATION_MESSAGES.notIssued);
  const contenu = kind === 'pdf' ? row.pdf : row.xml === null ? null : Buffer.from(row.xml, 'utf8');
  if (contenu === null) throw new ConflictError(FACTURATION_MESSAGES.notIssued);
  return { nom: `${row.numero}.${kind}`, contenu };
}
