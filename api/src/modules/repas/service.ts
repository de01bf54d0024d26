import type { ListParams, RepasList } from 'shared/contract';
import type { Executor } from '../../db/client';
import { repas } from '../../db/schema';
import { listClauses, type ListSpec } from '../../lib/list-query';

/** One page of the meal types, by the standard list clauses (lib/list-query.ts). */
export async function listRepas(db: Executor, spec: ListSpec, params: ListParams): Promise<RepasList> {
  const clauses = listClauses(spec, params);
  const data = await db
    .select({ id: repas.id, code: repas.code, libelle: repas.libelle, ordre: repas.ordre })
    .from(repas)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit)
    .offset(clauses.offset);
  return { data, total: await db.$count(repas, clauses.where) };
}
