export { StatsPerCaPage } from './components/stats-per-ca-page';
export { StatsPerMonthPage } from './components/stats-per-month-page';
export { StatsPerPaxPage } from './components/stats-per-pax-page';
