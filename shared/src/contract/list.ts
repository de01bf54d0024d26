import { Type, type Static, type TSchema } from 'typebox';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-values';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

const baseListProperties = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  /** true: list archived records instead of active ones. */
  archived: Type.Optional(Type.Boolean()),
};

/**
 * Query of a reference-data list: `GET /etablissements?page=1&pageSize=20&sort=nom&order=asc&nom=dup&ville=lyo`.
 * Each searchable column is its own parameter, matched as a substring of the column value, case and accents aside
 * (spec §2, column search); several combine with AND. `sort` takes one of `sortable` (an enum: the OpenAPI document
 * lists them, and the API's list spec must sort on exactly these, api/src/lib/list-query.ts). Unknown parameters
 * are rejected (400).
 */
export function ListQuery<
  const C extends readonly string[],
  const S extends readonly [string, ...string[]],
  const E extends readonly string[] = [],
>(
  searchable: C,
  sortable: S,
  /** Id parameters matched exactly (`?clientId=1` must not match client 11). */
  exact: E = [] as unknown as E,
) {
  const search = Object.fromEntries(
    searchable.map((column) => [column, Type.Optional(Type.String({ minLength: 1, maxLength: 100 }))]),
  ) as { [K in C[number]]: ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>> };
  const filters = Object.fromEntries(
    exact.map((column) => [column, Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))]),
  ) as { [K in E[number]]: ReturnType<typeof Type.Optional<ReturnType<typeof Type.Integer>>> };
  return Type.Object(
    { ...baseListProperties, sort: Type.Optional(Type.Enum<[...S]>(sortable)), ...search, ...filters },
    { additionalProperties: false },
  );
}

export interface ListParams {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
  archived?: boolean;
  /** Column → substring. */
  search?: Record<string, string>;
  /** Id column → exact value. */
  filters?: Record<string, number>;
}

/** A page of a list: its rows and the total count matching the filters. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object(
    { data: Type.Array(item), total: Type.Integer({ minimum: 0 }) },
    { additionalProperties: false },
  );
export type Page<T> = { data: T[]; total: number };

export type ListQueryOf<C extends readonly string[]> = Static<
  ReturnType<typeof ListQuery<C, [string, ...string[]], []>>
>;
