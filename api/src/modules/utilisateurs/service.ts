import {
  COMMON_MESSAGES,
  USERS_MESSAGES,
  type CreateUserBody,
  type CurrentUser,
  type Role,
  type UserItem,
  type UsersQuery,
} from 'shared/contract';
import { recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { BadRequestError, ConflictError, isUniqueViolation, NotFoundError } from '../../errors';
import {
  auditSnapshot,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  normalizeEmail,
  setUserActive,
  toCurrentUser,
  toUserItem,
  updateUser,
} from './repository';

const fullName = (user: Pick<UserRow, 'prenom' | 'nom'>) => `${user.prenom} ${user.nom}`;

function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new BadRequestError(COMMON_MESSAGES.field.required(field), { champ: field });
  return trimmed;
}

/**
 * What the service needs of the password hasher: auth's (`app.passwordHasher`), handed in by the routes, so that
 * users imports nothing of auth (auth builds on users' repository, not the other way round).
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
}

export function createUsersService(deps: { db: Database; hasher: PasswordHashing }) {
  const { db, hasher } = deps;

  async function locked(tx: Executor, id: number): Promise<UserRow> {
    const user = await findUserById(tx, id, { forUpdate: true });
    if (user === undefined) throw new NotFoundError(USERS_MESSAGES.notFound);
    return user;
  }

  return {
    async list(query: UsersQuery): Promise<{ users: UserItem[]; total: number }> {
      const { rows, total } = await listUsers(
        db,
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        { search: query.search, role: query.role, statut: query.statut },
      );
      return { users: rows.map(toUserItem), total };
    },

    /**
     * An administrator creates an active account with a temporary password they hand over to its owner
     * (there is no e-mail sending); the password can be reset later with PUT /users/:id/password.
     */
    async create(actor: CurrentUser, body: CreateUserBody): Promise<{ message: string; data: CurrentUser }> {
      const email = normalizeEmail(body.email);
      const nom = requiredText(body.nom, 'nom');
      const prenom = requiredText(body.prenom, 'prenom');
      if ((await findUserByEmail(db, email)) !== undefined)
        throw new ConflictError(USERS_MESSAGES.emailTaken);
      const passwordHash = await hasher.hash(body.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            email,
            passwordHash,
            nom,
            prenom,
            role: body.role,
            active: true,
          });
          await recordAudit(tx, {
            entity: 'user',
            entityId: user.id,
            action: 'create',
            after: auditSnapshot(user),
            actor: { kind: 'user', userId: actor.id },
          });
          return {
            message: USERS_MESSAGES.created(fullName(user), user.role),
            data: toCurrentUser(user),
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(USERS_MESSAGES.emailTaken, { cause: error });
        throw error;
      }
    },

    /** Changes another user's role; their earlier tokens are revoked (trigger users_revoke_tokens): it applies at their next login. */
    async setRole(actor: CurrentUser, id: number, role: Role): Promise<string> {
      if (actor.id === id) throw new BadRequestError(USERS_MESSAGES.ownRole);
      return db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.role === role) return USERS_MESSAGES.alreadyRole(fullName(before), role);
        const after = await updateUser(tx, id, { role });
        if (after === undefined) throw new NotFoundError(USERS_MESSAGES.notFound);
        await recordAudit(tx, {
          entity: 'user',
          entityId: id,
          action: 'role',
          before: auditSnapshot(before),
          after: auditSnapshot(after),
          actor: { kind: 'user', userId: actor.id },
        });
        return USERS_MESSAGES.roleChanged(fullName(after), role);
      });
    },

    /** Sets a new (temporary) password and revokes the user's earlier tokens; the audit row records the reset, never the hash. */
    async resetPassword(actor: CurrentUser, id: number, password: string): Promise<string> {
      const passwordHash = await hasher.hash(password);
      return db.transaction(async (tx) => {
        const before = await locked(tx, id);
        const after = await updateUser(tx, id, { passwordHash });
        if (after === undefined) throw new NotFoundError(USERS_MESSAGES.notFound);
        await recordAudit(tx, {
          entity: 'user',
          entityId: id,
          action: 'password_reset',
          before: auditSnapshot(before),
          after: auditSnapshot(after),
          actor: { kind: 'user', userId: actor.id },
        });
        return USERS_MESSAGES.passwordReset(fullName(after));
      });
    },

    /**
     * Activates or deactivates an account. Either change revokes the user's earlier tokens: a token signed before a
     * deactivation never works again, even after a reactivation.
     */
    async setActivation(actor: CurrentUser, id: number, active: boolean): Promise<string> {
      if (actor.id === id && !active) {
        throw new BadRequestError(USERS_MESSAGES.ownDeactivation);
      }
      return db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.active === active) {
          return USERS_MESSAGES.alreadyActive(fullName(before), active);
        }
        const after = await setUserActive(tx, id, active);
        if (after === undefined) throw new NotFoundError(USERS_MESSAGES.notFound);
        await recordAudit(tx, {
          entity: 'user',
          entityId: id,
          action: active ? 'activate' : 'deactivate',
          before: auditSnapshot(before),
          after: auditSnapshot(after),
          actor: { kind: 'user', userId: actor.id },
        });
        return USERS_MESSAGES.activated(fullName(after), active);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
