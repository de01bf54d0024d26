/**
 * The rooming filters (shared/contract RoomingFilters): the `filters` query parameter is JSON, parsed before
 * validation so that Ajv checks it field by field with the API's French messages; the conditions are the
 * reservation list's (same names, same meaning) plus the nights of the period.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { ROOMING_MESSAGES, ROOMING_MAX_JOURS, type RoomingFilters } from 'shared/contract';
import { BadRequestError } from '../../errors';
import { guardInput } from '../../lib/input-guards';
import { daysBetween } from '../../lib/days';
import { assertFilterPeriod, reservationConditions } from '../reservations';

/**
 * preValidation hook: `?filters=<json>` becomes the object the route's schema validates, under the input guards of
 * every request (plugins/input-guards.ts): they ran on the JSON text, where a NUL is still the escape `\u0000`.
 */
export async function parseFiltersParameter(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  const raw = query.filters;
  if (typeof raw !== 'string') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadRequestError(ROOMING_MESSAGES.json);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new BadRequestError(ROOMING_MESSAGES.json);
  query.filters = parsed;
  guardInput(request);
}

/** 400 for an empty or too long period. */
export function assertRoomingPeriod(filters: RoomingFilters): void {
  assertFilterPeriod(filters);
  if (daysBetween(filters.start_date, filters.end_date) > ROOMING_MAX_JOURS)
    throw new BadRequestError(ROOMING_MESSAGES.period);
}

/** Conditions over `r` (reservations): the stays of the filters with at least one day in the period. */
export function roomingStayConditions(filters: RoomingFilters): SQL[] {
  return reservationConditions(filters);
}

/** Conditions over `n` (nuitees): the non-cancelled nights of the period (and of the hotel, for its index). */
export function roomingNightConditions(filters: RoomingFilters): SQL[] {
  const conditions = [
    sql`not n.annulee`,
    sql`n.date_nuit >= ${filters.start_date}::date`,
    sql`n.date_nuit < ${filters.end_date}::date`,
  ];
  if (filters.etablissement_id !== undefined)
    conditions.push(sql`n.etablissement_id = ${filters.etablissement_id}`);
  if (filters.pensionnaire_id !== undefined)
    conditions.push(sql`n.pensionnaire_id = ${filters.pensionnaire_id}`);
  return conditions;
}
