import dayjs from 'dayjs';
import { useMemo } from 'react';
import { API_DATE_FORMAT, isApiDate } from 'shared';
import { useRememberedSearchParams } from 'shared/ui';
import { parisToday } from 'shared/contract/values';
import type { RoomingFilters } from 'shared/contract';

export const ROOMING_PAGE_SIZES = [20, 50, 100];
/** The URL parameters of a rooming list, remembered for it (`useRememberedSearchParams`). */
const ROOMING_PARAMS = [
  'start_date',
  'end_date',
  'etablissement_id',
  'client_id',
  'pensionnaire',
  'page',
  'pageSize',
];
const DEFAULT_PAGE_SIZE = 50;

/** The business today's calendar month (Paris) as a half-open period. */
export function currentMonth(now: Date = new Date()) {
  const start = dayjs(parisToday(now)).startOf('month');
  return {
    start_date: start.format(API_DATE_FORMAT),
    end_date: start.add(1, 'month').format(API_DATE_FORMAT),
  };
}

/** `YYYY-MM` when the period is exactly one calendar month (what « Envoyer à l'établissement » sends), else null. */
export function monthOf(filters: Pick<RoomingFilters, 'start_date' | 'end_date'>): string | null {
  const start = dayjs(filters.start_date);
  return start.date() === 1 && start.add(1, 'month').format(API_DATE_FORMAT) === filters.end_date
    ? start.format('YYYY-MM')
    : null;
}

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * The rooming filters kept in the URL (`?start_date=…&end_date=…&etablissement_id=…&client_id=…&pensionnaire=…
 * &page=…&pageSize=…`), so a rooming is bookmarkable and the dashboard or a colleague can link to it. The period is
 * required by the API: without one in the URL the screen shows the current month.
 */
export function useRoomingFilters() {
  const [searchParams, setSearchParams] = useRememberedSearchParams(ROOMING_PARAMS);
  const state = useMemo(() => {
    const start = searchParams.get('start_date');
    const end = searchParams.get('end_date');
    const period =
      isApiDate(start) && isApiDate(end) && start < end
        ? { start_date: start, end_date: end }
        : currentMonth();
    const pensionnaire = searchParams.get('pensionnaire')?.trim().slice(0, 100);
    const filters: RoomingFilters = {
      ...period,
      ...(positiveId(searchParams.get('etablissement_id'))
        ? { etablissement_id: positiveId(searchParams.get('etablissement_id')) }
        : {}),
      ...(positiveId(searchParams.get('client_id'))
        ? { client_id: positiveId(searchParams.get('client_id')) }
        : {}),
      ...(pensionnaire ? { pensionnaire } : {}),
    };
    const pageSize = Number(searchParams.get('pageSize'));
    return {
      filters,
      page: Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1),
      pageSize: ROOMING_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    };
  }, [searchParams]);

  /** Sets filters (undefined clears one); any change but the page goes back to page 1. */
  const update = (changes: Record<string, string | number | undefined>) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  return { ...state, update };
}
