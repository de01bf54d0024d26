import { PageFrame } from 'shared/ui';
import { useStatsPax } from '../api/get-stats-pax';
import { formatDecimal, formatEntier } from '../model/format';
import { useStatsQuery } from '../model/use-stats-query';
import { StatsFilters } from './stats-filters';
import { Headline, StatsState } from './stats-page-parts';
import { StatsSection } from './stats-section';

const activite = [
  { key: 'nuitees', label: 'Nuitées' },
  { key: 'pax', label: 'Pax', kind: 'line' as const },
];

/** StatsPerPax: people housed and nights over a period (docs/domain.md « Statistics »). */
export function StatsPerPaxPage() {
  const { query, setQuery, filtered, reset } = useStatsQuery();
  const stats = useStatsPax(query, { placeholderData: (previous) => previous });
  const data = stats.data;
  const section = { vue: 'pax' as const, query };
  return (
    <PageFrame routeId="stats-per-pax">
      <StatsFilters query={query} onChange={setQuery} onReset={filtered ? reset : undefined} />
      <StatsState pending={stats.isPending} error={stats.error} empty={data?.totaux.nuitees === 0}>
        {data && (
          <>
            <Headline
              figures={[
                { title: 'Personnes hébergées (pax)', value: formatEntier(data.totaux.pax) },
                { title: 'Nuitées', value: formatEntier(data.totaux.nuitees) },
                { title: 'Réservations', value: formatEntier(data.totaux.reservations) },
                { title: 'Arrivées', value: formatEntier(data.totaux.arrivees) },
                { title: 'Départs', value: formatEntier(data.totaux.departs) },
                {
                  title: 'Durée moyenne des séjours (nuits)',
                  value: formatDecimal(data.totaux.dureeMoyenne),
                },
              ]}
            />
            <StatsSection
              {...section}
              tableau="parClient"
              rows={data.parClient}
              rowKey="id"
              chart={{
                category: { key: 'libelle', kind: 'text' },
                series: activite,
                valueKind: 'integer',
                limit: 10,
              }}
            />
            <StatsSection
              {...section}
              tableau="parEtablissement"
              rows={data.parEtablissement}
              rowKey="id"
              chart={{
                category: { key: 'libelle', kind: 'text' },
                series: activite,
                valueKind: 'integer',
                limit: 10,
              }}
            />
            <StatsSection
              {...section}
              tableau="parTypeChambre"
              rows={data.parTypeChambre}
              rowKey="id"
              chart={{ category: { key: 'libelle', kind: 'text' }, series: activite, valueKind: 'integer' }}
            />
            <StatsSection
              {...section}
              tableau="parTailleFoyer"
              rows={data.parTailleFoyer}
              rowKey="taille"
              chart={{
                category: { key: 'libelle', kind: 'text' },
                series: [
                  { key: 'foyers', label: 'Foyers' },
                  { key: 'pax', label: 'Pax' },
                ],
                valueKind: 'integer',
              }}
            />
            <StatsSection
              {...section}
              tableau="durees"
              rows={data.durees}
              rowKey="tranche"
              chart={{
                category: { key: 'libelle', kind: 'text' },
                series: [{ key: 'sejours', label: 'Séjours' }],
                valueKind: 'integer',
              }}
            />
            <StatsSection
              {...section}
              tableau="occupation"
              rows={data.occupation}
              rowKey="id"
              chart={{
                category: { key: 'libelle', kind: 'text' },
                series: [
                  { key: 'chambresContractees', label: 'Chambres contractées' },
                  { key: 'chambresOccupees', label: 'Chambres occupées' },
                ],
                valueKind: 'integer',
                limit: 10,
              }}
            />
          </>
        )}
      </StatsState>
    </PageFrame>
  );
}
