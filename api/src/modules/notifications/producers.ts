/**
 * What produces notifications (docs/api.md « Notifications », who receives what):
 * - a request arrives (typed in by staff or submitted by a client's system) → every active staff account that handles
 *   requests (agents and administrators); a cancellation or an extension request is worded as such;
 * - a request or stay is changed by someone else while a user has it open (its followers: the sockets that sent
 *   'suivre') → those users, once per burst of changes; every follower also gets the non-persisted 'changement'
 *   event so that an open card reloads;
 * - an administrator's broadcast (POST /notifications, routes.ts);
 * - the morning's stays to extend and the end of an export or sync: the tasks module calls `app.notifications.notify`.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REALTIME_EVENTS, type ChangementEvent, type Role, type SuiviEntite } from 'shared/contract';
import { clients, users } from '../../db/schema';
import type { DemandeArrivee } from '../demandes';

const ARRIVEE_TITRES = {
  nouvelle: "Nouvelle demande d'hébergement",
  prolongation: 'Nouvelle demande de prolongation',
  annulation: "Nouvelle demande d'annulation",
} as const;

/**
 * Who handles requests: agents treat them all day, and administrators treat them too (every call of the requests'
 * module is open to both roles, docs/api.md), so a new request reaches both. `notify` keeps active accounts only.
 */
export const DEMANDE_HANDLER_ROLES: readonly Role[] = ['agent', 'admin'];

const ENTITES: Record<string, SuiviEntite> = { demande_hebergement: 'demande', reservation: 'reservation' };

export const lienDe = (entite: SuiviEntite, id: number) =>
  entite === 'demande' ? `/dashboard/demande-hebergement/${id}` : `/dashboard/fiche-resa/${id}`;

/** Changes of one request or stay within this window become one notification per follower. */
export const SUIVI_COALESCE_MS = 300;

/**
 * One « … modifiée » per user within this window, whichever node produced it (notification-service.ts
 * `unlessNotifiedWithinMs`): the nodes' bursts of one change end within a coalescing window of each other.
 */
export const SUIVI_DEDUPE_MS = 2_000;

async function arrivee(app: FastifyInstance, demande: DemandeArrivee): Promise<void> {
  const [client] = await app.db
    .select({ nom: clients.nom })
    .from(clients)
    .where(eq(clients.id, demande.clientId));
  const source = demande.origine === 'api' ? 'transmise par' : 'saisie pour';
  await app.notifications.notify({
    to: { roles: DEMANDE_HANDLER_ROLES },
    title: ARRIVEE_TITRES[demande.type],
    message: `${demande.urgente ? 'Urgent — ' : ''}Demande n° ${demande.id} ${source} ${client?.nom ?? 'un client'}.`,
    lien: lienDe('demande', demande.id),
  });
}

async function suivis(
  app: FastifyInstance,
  entite: SuiviEntite,
  id: number,
  par: number | null,
): Promise<void> {
  const event: ChangementEvent = { entite, id, par };
  app.realtime.emitToLocalFollowers(entite, id, REALTIME_EVENTS.changement, event);
  // A change by the system (the hourly status update) reloads the cards but notifies nobody.
  if (par === null) return;
  const followers = [...app.realtime.localFollowers(entite, id)].filter((userId) => userId !== par);
  if (followers.length === 0) return;
  const [auteur] = await app.db
    .select({ nom: users.nom, prenom: users.prenom })
    .from(users)
    .where(eq(users.id, par));
  const qui = auteur ? `${auteur.prenom} ${auteur.nom}` : 'un collègue';
  await app.notifications.notify({
    to: { userIds: followers },
    title: entite === 'demande' ? 'Demande modifiée' : 'Réservation modifiée',
    message: `${entite === 'demande' ? 'La demande' : 'La réservation'} n° ${id} que vous consultez a été modifiée par ${qui}.`,
    lien: lienDe(entite, id),
    // Each node notifies the followers connected to it: a user with tabs on two nodes is told once.
    unlessNotifiedWithinMs: SUIVI_DEDUPE_MS,
  });
}

export default fp(
  async (app) => {
    app.demandeArrivals.subscribe((demande) => arrivee(app, demande));

    const pending = new Map<string, { timer: NodeJS.Timeout; par: number | null }>();
    app.realtime.onChangement((changement) => {
      const entite = ENTITES[changement.entite];
      const id = Number(changement.id);
      if (entite === undefined || !Number.isSafeInteger(id)) return;
      const key = `${entite}:${id}`;
      const waiting = pending.get(key);
      if (waiting) {
        // The last user of the burst is named; a user's change wins over the system's.
        if (changement.par !== null) waiting.par = changement.par;
        return;
      }
      const entry = {
        par: changement.par,
        timer: setTimeout(() => {
          pending.delete(key);
          suivis(app, entite, id, entry.par).catch((error: unknown) =>
            app.log.error({ err: error }, 'notification des suiveurs échouée'),
          );
        }, SUIVI_COALESCE_MS),
      };
      pending.set(key, entry);
    });
    app.addHook('preClose', async () => {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
    });
  },
  { name: 'notification-producers', dependencies: ['notifications', 'realtime', 'demande-arrivals'] },
);
