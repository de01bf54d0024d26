/**
 * The names behind the ids of an export's filters (client, hotel, resident, room type, read in one statement), so
 * that the summary printed in a file says « Établissement : Hôtel du Parc » and not a number only the database
 * knows. An id that matches nothing keeps its number.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw';
import type { FilterNames } from './export-format';

interface FilterIds {
  client_id?: number | undefined;
  etablissement_id?: number | undefined;
  pensionnaire_id?: number | undefined;
  type_chambre_id?: number | undefined;
}

export async function filterNames(db: Executor, filters: FilterIds): Promise<FilterNames> {
  const {
    client_id: client,
    etablissement_id: hotel,
    pensionnaire_id: resident,
    type_chambre_id: room,
  } = filters;
  if (client === undefined && hotel === undefined && resident === undefined && room === undefined) return {};
  const [row] = await rowsOf<{
    client: string | null;
    etablissement: string | null;
    pensionnaire: string | null;
    type_chambre: string | null;
  }>(
    db,
    sql`select (select nom from clients where id = ${client ?? null}::int) as client,
          (select nom from etablissements where id = ${hotel ?? null}::int) as etablissement,
          (select upper(nom) || ' ' || prenom from pensionnaires where id = ${resident ?? null}::int) as pensionnaire,
          (select libelle from types_chambre where id = ${room ?? null}::int) as type_chambre`,
  );
  const names: FilterNames = {};
  if (row?.client) names.client = row.client;
  if (row?.etablissement) names.etablissement = row.etablissement;
  if (row?.pensionnaire) names.pensionnaire = row.pensionnaire;
  if (row?.type_chambre) names.type_chambre = row.type_chambre;
  return names;
}
