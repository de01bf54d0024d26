/**
 * The morning digest (issue 12 §1 « the morning's stays to extend »): once a Paris day from 07:00, across all API
 * processes, the task `digest_prolongations` counts the stays to extend today — the dashboard's « Résa. à prolonger »
 * counter (DASHBOARD_RESERVATION_FILTERS.totalProlonger) — and notifies every active agent through the live feed,
 * the link opening /dashboard/reservations-a-prolonger. Nothing to extend: no notification (an empty digest every
 * morning would teach people to ignore it). docs/api.md « Tâches ».
 */
import fp from 'fastify-plugin';
import { DASHBOARD_RESERVATION_FILTERS } from 'shared/contract';
import { countReservations } from '../reservation-items';
import { dailyFrom } from '../../taches';

/** Paris hour from which the digest is due. */
export const DIGEST_HOUR = 7;
export const DIGEST_LINK = '/dashboard/reservations-a-prolonger';
export const DIGEST_TITLE = 'Séjours à prolonger aujourd’hui';

export const digestMessage = (total: number) =>
  total === 1
    ? '1 séjour est à prolonger aujourd’hui.'
    : `${total.toLocaleString('fr-FR')} séjours sont à prolonger aujourd’hui.`;

export const digestPlugin = fp(
  async (app) => {
    app.tasks.define('digest_prolongations', {
      run: async ({ db }) => {
        const total = await countReservations(db, { ...DASHBOARD_RESERVATION_FILTERS.totalProlonger });
        if (total === 0) return { message: 'Aucun séjour à prolonger aujourd’hui : personne n’est notifié.' };
        const { notifications } = await app.notifications.notify({
          to: { roles: ['agent'] },
          title: DIGEST_TITLE,
          message: digestMessage(total),
          lien: DIGEST_LINK,
        });
        return {
          message: `${digestMessage(total)} ${notifications.length} agent${notifications.length > 1 ? 's' : ''} notifié${notifications.length > 1 ? 's' : ''}.`,
          details: { sejours: total, notifies: notifications.length },
        };
      },
    });
    app.scheduleTask(dailyFrom('digest-prolongations', 'digest_prolongations', DIGEST_HOUR));
  },
  { name: 'digest-prolongations', dependencies: ['tasks', 'notifications'] },
);
