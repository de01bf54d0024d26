import type { ComponentType } from 'react';
import { StatsPerCaPage, StatsPerMonthPage, StatsPerPaxPage } from '../features/stats';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  'stats-per-pax': StatsPerPaxPage,
  'stats-per-month': StatsPerMonthPage,
  'stats-per-ca': StatsPerCaPage,
};

export default pages;
