import type { CurrentUser } from 'shared/contract';
import { recordAudit } from '../../db/audit';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../errors';
import { auditSnapshot, findUserById, listUsers, setUserActive, toCurrentUser } from './repository';

export function createUsersService(db: Database) {
  return {
    async list(query: { page: number; pageSize: number }): Promise<{ users: CurrentUser[]; total: number }> {
      const { rows, total } = await listUsers(db, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { users: rows.map(toCurrentUser), total };
    },

    /** Activates or deactivates an account; a deactivated user's tokens stop working at their next request. */
    async setActivation(actor: CurrentUser, id: number, active: boolean): Promise<string> {
      if (actor.id === id && !active) {
        throw new BadRequestError('Vous ne pouvez pas désactiver votre propre compte.');
      }
      return db.transaction(async (tx) => {
        const before = await findUserById(tx, id, { forUpdate: true });
        if (before === undefined) throw new NotFoundError('Utilisateur introuvable.');
        const fullName = `${before.prenom} ${before.nom}`;
        if (before.active === active) {
          return `Le compte de ${fullName} est déjà ${active ? 'actif' : 'désactivé'}.`;
        }
        const after = await setUserActive(tx, id, active);
        if (after === undefined) throw new NotFoundError('Utilisateur introuvable.');
        await recordAudit(tx, {
          entity: 'user',
          entityId: id,
          action: active ? 'activate' : 'deactivate',
          before: auditSnapshot(before),
          after: auditSnapshot(after),
          actor: { kind: 'user', userId: actor.id },
        });
        return `Le compte de ${fullName} a été ${active ? 'activé' : 'désactivé'}.`;
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
