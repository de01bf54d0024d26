import { inArray } from 'drizzle-orm';
import type { Role } from 'shared/contract';
import { recordAudit, SYSTEM_ACTOR } from '../db/audit';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { PasswordHasher } from '../modules/auth';
import { auditSnapshot } from '../modules/utilisateurs';
import { hasAdmin } from '../modules/utilisateurs/repository';

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  prenom: string;
  nom: string;
}

/** Printed at start-up and documented in the README: demo data only, never created when DEMO_MODE=0. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@ebas3.fr', password: 'Admin!2023', role: 'admin', prenom: 'Camille', nom: 'Martin' },
  { email: 'agent@ebas3.fr', password: 'Agent!2023', role: 'agent', prenom: 'Julien', nom: 'Bernard' },
];

export interface DemoSeedResult {
  /** E-mails of the accounts created by this call (empty when an administrator already existed). */
  created: string[];
  /** Demo accounts present in the database after the call, created now or at an earlier start. */
  available: DemoAccount[];
}

/**
 * Creates the demo administrator and agent when the database has no administrator yet. Idempotent, safe
 * when several API nodes start together (ON CONFLICT DO NOTHING), and audited as the system.
 */
export async function seedDemoUsers(db: Database, hasher: PasswordHasher): Promise<DemoSeedResult> {
  const created = (await hasAdmin(db)) ? [] : await createDemoUsers(db, hasher);
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const present = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (row) => row.email,
    ),
  );
  return { created, available: DEMO_ACCOUNTS.filter((account) => present.has(account.email)) };
}

async function createDemoUsers(db: Database, hasher: PasswordHasher): Promise<string[]> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hasher.hash(account.password)));
  const created: string[] = [];
  await db.transaction(async (tx) => {
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash: hashes[index] as string,
          nom: account.nom,
          prenom: account.prenom,
          role: account.role,
          active: true,
        })
        .onConflictDoNothing()
        .returning();
      if (row === undefined) continue;
      created.push(row.email);
      await recordAudit(tx, {
        entity: 'user',
        entityId: row.id,
        action: 'demo-seed',
        after: auditSnapshot(row),
        actor: SYSTEM_ACTOR,
      });
    }
  });
  return created;
}
