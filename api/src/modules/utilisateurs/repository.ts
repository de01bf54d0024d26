import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser, Role, UserItem, UserStatut } from 'shared/contract';
import type { Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema';
import { containsText } from '../../lib/text-search';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    nom: row.nom,
    prenom: row.prenom,
    role: row.role,
    active: row.active,
  };
}

/** Where the account stands (USER_STATUTS): active, never activated yet, or shut out after being active. */
export function userStatut(row: Pick<UserRow, 'active' | 'activatedAt'>): UserStatut {
  if (row.active) return 'actif';
  return row.activatedAt === null ? 'en_attente' : 'desactive';
}

export const toUserItem = (row: UserRow): UserItem => ({ ...toCurrentUser(row), statut: userStatut(row) });

/** What the audit trail keeps of a user: everything but the password hash. */
export function auditSnapshot(row: UserRow): Record<string, unknown> {
  return toCurrentUser(row);
}

export async function findUserById(
  db: Executor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Uses the unique index on lower(email). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)));
  return row;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .returning();
  if (row === undefined) throw new Error('insert into users returned no row');
  return row;
}

export interface UserFilters {
  /** Substring of nom, prénom or e-mail, case and accents aside (lib/text-search.ts). */
  search?: string | undefined;
  role?: Role | undefined;
  statut?: UserStatut | undefined;
}

const STATUT_CONDITIONS: Record<UserStatut, SQL> = {
  actif: sql`${users.active}`,
  en_attente: sql`not ${users.active} and ${users.activatedAt} is null`,
  desactive: sql`not ${users.active} and ${users.activatedAt} is not null`,
};

function userConditions(filters: UserFilters): SQL | undefined {
  const search = filters.search?.trim();
  return and(
    search
      ? or(
          containsText(users.nom, search),
          containsText(users.prenom, search),
          containsText(users.email, search),
        )
      : undefined,
    filters.role === undefined ? undefined : eq(users.role, filters.role),
    filters.statut === undefined ? undefined : STATUT_CONDITIONS[filters.statut],
  );
}

export async function listUsers(
  db: Executor,
  page: { limit: number; offset: number },
  filters: UserFilters = {},
): Promise<{ rows: UserRow[]; total: number }> {
  const where = userConditions(filters);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.nom), asc(users.prenom), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function setUserActive(db: Executor, id: number, active: boolean): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ active }).where(eq(users.id, id)).returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<Pick<NewUserRow, 'role' | 'passwordHash'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Raises the token version: every token signed before no longer passes `authenticate`, whatever its session
 * (« Déconnecter toutes mes sessions »). Password, role and activation changes raise it by themselves (trigger
 * users_revoke_tokens, migration 0004).
 */
export async function revokeUserTokens(db: Executor, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

export async function hasAdmin(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}
