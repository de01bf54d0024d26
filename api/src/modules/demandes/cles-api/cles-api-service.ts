/**
 * Client API keys: an administrator issues one on the client's card (shown once: only its SHA-256 is stored) and
 * revokes it; the client's system sends it in X-Api-Key to submit requests. A key is 256 random bits, so a fast
 * hash is enough (nothing to brute-force), and looking it up by hash is one index read.
 */
import { CLE_API_MESSAGES } from 'shared/contract';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CleApi, CleApiCreateAnswer, CleApiWriteAnswer } from 'shared/contract';
import { recordAudit, type Actor } from '../../../db/audit';
import type { Database } from '../../../db/client';
import { clesApiClients } from '../../../db/schema';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../../errors';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { rowsOf } from '../../../db/raw';

const PREFIX = 'ebas3_';

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

const cleSelect = sql`k.id, k.client_id, k.libelle, k.prefixe, ${isoTimestamp(sql`k.created_at`)} as created_at,
  (select u.prenom || ' ' || u.nom from users u where u.id = k.created_by) as created_by,
  ${isoTimestamp(sql`k.derniere_utilisation`)} as derniere_utilisation,
  ${isoTimestamp(sql`k.revoquee_at`)} as revoquee_at`;

export interface ClientKey {
  id: number;
  clientId: number;
}

export function createClesApiService(db: Database) {
  async function one(clientId: number, id: number): Promise<CleApi> {
    const [row] = await rowsOf<CleApi>(
      db,
      sql`select ${cleSelect} from cles_api_clients k where k.id = ${id} and k.client_id = ${clientId}`,
    );
    if (row === undefined) throw new NotFoundError(CLE_API_MESSAGES.notFound);
    return row;
  }

  async function assertClient(clientId: number): Promise<void> {
    const [client] = await rowsOf<{ id: number }>(db, sql`select id from clients where id = ${clientId}`);
    if (client === undefined) throw new NotFoundError(CLE_API_MESSAGES.clientNotFound);
  }

  return {
    async list(clientId: number): Promise<CleApi[]> {
      await assertClient(clientId);
      return rowsOf<CleApi>(
        db,
        sql`select ${cleSelect} from cles_api_clients k where k.client_id = ${clientId}
            order by k.revoquee_at is not null, k.created_at desc, k.id desc`,
      );
    },

    async create(actor: Actor, clientId: number, libelle: string): Promise<CleApiCreateAnswer> {
      await assertClient(clientId);
      const key = `${PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clesApiClients)
          .values({
            clientId,
            libelle: libelle.trim(),
            prefixe: key.slice(0, PREFIX.length + 6),
            hash: hashKey(key),
            createdBy: actor.kind === 'user' ? actor.userId : null,
          })
          .returning({ id: clesApiClients.id });
        if (row === undefined) throw new Error('key not created');
        // The key itself never reaches the audit trail: its prefix is enough to recognise it.
        await recordAudit(tx, {
          entity: 'cle_api_client',
          entityId: row.id,
          action: 'creation',
          after: { client_id: clientId, libelle: libelle.trim(), prefixe: key.slice(0, PREFIX.length + 6) },
          actor,
        });
        return row.id;
      });
      return {
        message: CLE_API_MESSAGES.created,
        data: await one(clientId, id),
        cle: key,
      };
    },

    async revoke(actor: Actor, clientId: number, id: number): Promise<CleApiWriteAnswer> {
      await db.transaction(async (tx) => {
        const [row] = await rowsOf<{ revoked: boolean }>(
          tx,
          sql`select revoquee_at is not null as revoked from cles_api_clients
              where id = ${id} and client_id = ${clientId} for update`,
        );
        if (row === undefined) throw new NotFoundError(CLE_API_MESSAGES.notFound);
        if (row.revoked) throw new ConflictError(CLE_API_MESSAGES.revoked);
        await tx.execute(sql`update cles_api_clients set revoquee_at = now(),
            revoquee_par = ${actor.kind === 'user' ? actor.userId : null}, updated_at = now() where id = ${id}`);
        await recordAudit(tx, {
          entity: 'cle_api_client',
          entityId: id,
          action: 'revocation',
          before: { revoquee: false },
          after: { revoquee: true },
          actor,
        });
      });
      return {
        message: CLE_API_MESSAGES.revokedDone,
        data: await one(clientId, id),
      };
    },

    /** The key's client, or 401 (unknown, revoked, or its client archived). Records the last use (once a minute). */
    async verify(key: string | undefined): Promise<ClientKey> {
      if (key === undefined || key.trim() === '') throw new UnauthorizedError(CLE_API_MESSAGES.missing);
      if (key.length > 200 || !key.startsWith(PREFIX)) throw new UnauthorizedError(CLE_API_MESSAGES.invalid);
      const [row] = await rowsOf<{ id: number; client_id: number }>(
        db,
        sql`update cles_api_clients k set derniere_utilisation = now()
            where k.hash = ${hashKey(key)} and k.revoquee_at is null
              and exists (select 1 from clients c where c.id = k.client_id and c.archived_at is null)
              and (k.derniere_utilisation is null or k.derniere_utilisation < now() - interval '1 minute')
            returning k.id, k.client_id`,
      );
      if (row !== undefined) return { id: row.id, clientId: row.client_id };
      const [recent] = await rowsOf<{ id: number; client_id: number }>(
        db,
        sql`select k.id, k.client_id from cles_api_clients k
            where k.hash = ${hashKey(key)} and k.revoquee_at is null
              and exists (select 1 from clients c where c.id = k.client_id and c.archived_at is null)`,
      );
      if (recent === undefined) throw new UnauthorizedError(CLE_API_MESSAGES.invalid);
      return { id: recent.id, clientId: recent.client_id };
    },
  };
}

export type ClesApiService = ReturnType<typeof createClesApiService>;
