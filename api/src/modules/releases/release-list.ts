import { desc, eq } from 'drizzle-orm';
import type { ReleaseSummary } from 'shared/contract';
import type { Executor } from '../../db/client';
import { releases } from '../../db/schema';
import { summary } from './service';

/** A remote's registered releases, newest registered first: what an administrator may promote. */
export async function listReleases(db: Executor, remote: string, limit = 100): Promise<ReleaseSummary[]> {
  const rows = await db
    .select()
    .from(releases)
    .where(eq(releases.remote, remote))
    .orderBy(desc(releases.registeredAt), desc(releases.id))
    .limit(limit);
  return rows.map(summary);
}
