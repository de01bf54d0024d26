/** What « Rétablir » may undo on stays, for the cards (GET /reservations/:id, GET /reservations_integrales/:id). */
import type { Retablissement } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { todayOf } from '../../../db/today';
import { actFrom, latestLiberations } from './liberation-store';
import { restoreRefusal, retablissementOf } from './retablissement-rules';

/** The stays of `ids` whose last liberation may be undone now, each with what « Rétablir » would do. */
export async function readRetablissements(db: Executor, ids: number[]): Promise<Retablissement[]> {
  const today = await todayOf(db);
  const found: Retablissement[] = [];
  for (const row of await latestLiberations(db, ids))
    if (restoreRefusal(row, today) === null) found.push(retablissementOf(row, await actFrom(db, row)));
  return found;
}
