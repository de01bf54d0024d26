import { Grid } from 'antd';
import { Link } from 'react-router-dom';
import {
  ACTION_PARAM,
  DASHBOARD_BADGES,
  DASHBOARD_PATH,
  DASHBOARD_RESERVATION_FILTERS,
  dashboardUrl,
} from 'shared';
import { Heading, Panel } from '../../../lib/plain-ui';
import { Figure } from './figure';
import { useDashboardCounters } from '../api/count-reservations';

/**
 * The list a badge opens, with the filter its counter counts: a reservation counter's POST /reservationsNumber
 * body becomes the list's URL filters (`?jours=a_prolonger&etat=prolongable`), so the badge and the list it opens
 * show the same set; a request counter carries its action.
 */
export function badgeUrl(badge: (typeof DASHBOARD_BADGES)[number]): string {
  if ('action' in badge) return `${dashboardUrl(badge.routeId)}?${ACTION_PARAM}=${badge.action}`;
  const filters: Record<string, string | boolean> =
    badge.counter in DASHBOARD_RESERVATION_FILTERS
      ? DASHBOARD_RESERVATION_FILTERS[badge.counter as keyof typeof DASHBOARD_RESERVATION_FILTERS]
      : {};
  const query = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
  return query.size > 0 ? `${dashboardUrl(badge.routeId)}?${query}` : dashboardUrl(badge.routeId);
}

/**
 * The invoicing badges (issue 39 §3), each opening its list in mf-stats with the filter its counter counts (the
 * totals of GET /facturation/compteurs are those lists' totals). Their paths are the ones fixed for the invoicing
 * screens (docs/invoicing.md « Dashboard counters »), written out: the host carries no remote's declarations.
 */
export const FACTURATION_BADGES = [
  {
    counter: 'facturesEnRetard',
    label: 'Factures en retard',
    href: `${DASHBOARD_PATH}/Factures?enRetard=1`,
  },
  {
    counter: 'facturesEtablissementsEcart',
    label: 'Factures établissements en écart',
    href: `${DASHBOARD_PATH}/FacturesEtablissements?etat=ecart`,
  },
] as const;

/** Every badge in the dashboard's order: the reservations' and requests' (spec §1), then the invoicing's. */
const badges = () => [
  ...DASHBOARD_BADGES.map((badge) => ({ counter: badge.counter, label: badge.label, href: badgeUrl(badge) })),
  ...FACTURATION_BADGES,
];

/**
 * Badges per row at the screen's width: what antd's `<Col xs={24} sm={12} lg={8} xl={6}>` gave. A CSS grid draws
 * them instead of antd's Row and Col, whose styles (every span of every breakpoint) antd computes at their first
 * render, before the home's first paint (docs/performance.md « The home without antd's grid »).
 */
export function badgesPerRow(screens: Partial<Record<'sm' | 'lg' | 'xl', boolean>>): number {
  if (screens.xl) return 4;
  if (screens.lg) return 3;
  if (screens.sm) return 2;
  return 1;
}

/**
 * Dashboard home: one shortcut badge per kind of work to handle (spec §1). The figures are plain markup (Figure), not
 * antd's Statistic, whose styles antd would compute before the home's first paint (docs/performance.md).
 */
export default function DashboardHome() {
  const counters = useDashboardCounters();
  const columns = badgesPerRow(Grid.useBreakpoint());
  return (
    <section aria-labelledby="dashboard-title">
      <Heading level={3} id="dashboard-title">
        Tableau de bord
      </Heading>
      <div
        data-testid="dashboard-badges"
        style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 16 }}
      >
        {badges().map((badge) => (
          <Link
            key={badge.counter}
            to={badge.href}
            data-counter={badge.counter}
            style={{ display: 'block', height: '100%' }}
          >
            <Panel hoverable style={{ height: '100%' }}>
              <Figure title={badge.label} value={counters[badge.counter] ?? '—'} />
            </Panel>
          </Link>
        ))}
      </div>
    </section>
  );
}
