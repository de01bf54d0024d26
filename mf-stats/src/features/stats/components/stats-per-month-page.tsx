import { PageFrame } from 'shared/ui';
import { useStatsMois } from '../api/get-stats-mois';
import { useStatsQuery } from '../model/use-stats-query';
import { StatsFilters } from './stats-filters';
import { StatsState } from './stats-page-parts';
import { StatsSection } from './stats-section';

const LENGTHS = [12, 24] as const;
const month = { key: 'mois', kind: 'month' as const };

/** StatsPerMonth: the measures month by month over 12 or 24 months, beside the same months a year earlier. */
export function StatsPerMonthPage() {
  const { query, setQuery, filtered, reset } = useStatsQuery(12);
  const stats = useStatsMois(query, { placeholderData: (previous) => previous });
  const rows = stats.data?.mois ?? [];
  const empty = rows.every((m) => m.nuitees === 0 && m.nuiteesPrecedent === 0);
  const section = { vue: 'mois' as const, query, rows, rowKey: 'mois' };
  return (
    <PageFrame routeId="stats-per-month">
      <StatsFilters
        query={query}
        onChange={setQuery}
        onReset={filtered ? reset : undefined}
        lengths={LENGTHS}
      />
      <StatsState pending={stats.isPending} error={stats.error} empty={stats.data !== undefined && empty}>
        <StatsSection
          {...section}
          tableau="activite"
          chart={{
            category: month,
            series: [
              { key: 'nuitees', label: 'Nuitées' },
              { key: 'nuiteesPrecedent', label: 'Nuitées (N-1)', kind: 'previous' },
            ],
            valueKind: 'integer',
          }}
        />
        <StatsSection
          {...section}
          tableau="mouvements"
          chart={{
            category: month,
            series: [
              { key: 'arrivees', label: 'Arrivées' },
              { key: 'departs', label: 'Départs' },
              { key: 'arriveesPrecedent', label: 'Arrivées (N-1)', kind: 'previous' },
            ],
            valueKind: 'integer',
          }}
        />
        <StatsSection
          {...section}
          tableau="occupation"
          chart={{
            category: month,
            series: [
              { key: 'tauxOccupation', label: "Taux d'occupation", kind: 'line' },
              { key: 'tauxOccupationPrecedent', label: "Taux d'occupation (N-1)", kind: 'previous' },
            ],
            valueKind: 'percent',
          }}
        />
      </StatsState>
    </PageFrame>
  );
}
