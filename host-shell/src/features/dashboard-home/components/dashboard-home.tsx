import { Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { ACTION_PARAM, DASHBOARD_BADGES, dashboardUrl } from 'shared';
import { Heading, Panel } from '../../../lib/plain-ui';
import { useDashboardCounters } from '../api/count-reservations';

const badgeUrl = (badge: (typeof DASHBOARD_BADGES)[number]) =>
  'action' in badge
    ? `${dashboardUrl(badge.routeId)}?${ACTION_PARAM}=${badge.action}`
    : dashboardUrl(badge.routeId);

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
