import { Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { ACTION_PARAM, DASHBOARD_BADGES, DASHBOARD_RESERVATION_FILTERS, dashboardUrl } from 'shared';
import { Heading, Panel } from '../../../lib/plain-ui';
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

/** Dashboard home: one shortcut badge per kind of work to handle (spec §1). */
export default function DashboardHome() {
  const counters = useDashboardCounters();
  return (
    <section aria-labelledby="dashboard-title">
      <Heading level={3} id="dashboard-title">
        Tableau de bord
      </Heading>
      <Row gutter={[16, 16]}>
        {DASHBOARD_BADGES.map((badge) => (
          <Col key={badge.counter} xs={24} sm={12} lg={8} xl={6}>
            <Link
              to={badgeUrl(badge)}
              data-counter={badge.counter}
              style={{ display: 'block', height: '100%' }}
            >
              <Panel hoverable style={{ height: '100%' }}>
                <Statistic title={badge.label} value={counters[badge.counter] ?? '—'} />
              </Panel>
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}
