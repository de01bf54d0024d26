/** API keys of the client organisations: their systems submit requests with them (docs/api.md « Client API keys »). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { fk, id, notBlankCheck, timestamps } from './columns';
import { users } from './core';
import { clients } from './referentiel';

export const clesApiClients = pgTable(
  'cles_api_clients',
  {
    id: id(),
    clientId: integer('client_id').notNull(),
    libelle: text('libelle').notNull(),
    /** The key's first characters, shown to tell keys apart. */
    prefixe: text('prefixe').notNull(),
    /** SHA-256 of the key (hex): a 256-bit random key needs no slow hash; the key itself is never stored. */
    hash: text('hash').notNull(),
    derniereUtilisation: timestamp('derniere_utilisation', { withTimezone: true }),
    revoqueeAt: timestamp('revoquee_at', { withTimezone: true }),
    revoqueePar: integer('revoquee_par'),
    createdBy: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    fk('cles_api_clients', [t.clientId], [clients.id]),
    fk('cles_api_clients', [t.createdBy], [users.id]),
    fk('cles_api_clients', [t.revoqueePar], [users.id]),
    unique('cles_api_clients_hash_unique').on(t.hash),
    // Target of the requests' (cle_api_id, client_id) key: a key only ever files requests for its own client.
    unique('cles_api_clients_id_client_unique').on(t.id, t.clientId),
    index('cles_api_clients_client_idx').on(t.clientId),
    notBlankCheck('cles_api_clients', t.libelle),
    check('cles_api_clients_hash_format', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type CleApiClientRow = typeof clesApiClients.$inferSelect;
