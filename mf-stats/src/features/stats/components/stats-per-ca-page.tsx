import { formatMoney } from 'shared';
import { PageFrame } from 'shared/ui';
import { useStatsCa } from '../api/get-stats-ca';
import { formatEntier } from '../model/format';
import { useStatsQuery } from '../model/use-stats-query';
import { StatsFilters } from './stats-filters';
import { Headline, StatsState } from './stats-page-parts';
import { StatsSection } from './stats-section';

const chiffres = [
  { key: 'venteHt', label: 'Vente HT' },
  { key: 'achatHt', label: 'Achat HT' },
  { key: 'margeHt', label: 'Marge HT', kind: 'line' as const },
];
const text = { key: 'libelle', kind: 'text' as const };

/** StatsPerCa: turnover, purchase and margin; PAF / CAF collection; planned versus consumed. */
export function StatsPerCaPage() {
  const { query, setQuery, filtered, reset } = useStatsQuery();
  const stats = useStatsCa(query, { placeholderData: (previous) => previous });
  const data = stats.data;
  const section = { vue: 'ca' as const, query };
  return (
    <PageFrame routeId="stats-per-ca">
      <StatsFilters query={query} onChange={setQuery} onReset={filtered ? reset : undefined} />
      <StatsState pending={stats.isPending} error={stats.error} empty={data?.totaux.nuitees === 0}>
        {data && (
          <>
            <Headline
              figures={[
                { title: 'Vente HT', value: formatMoney(data.totaux.venteHt) },
                { title: 'Vente TTC', value: formatMoney(data.totaux.venteTtc) },
                { title: 'Achat HT', value: formatMoney(data.totaux.achatHt) },
                { title: 'Marge HT', value: formatMoney(data.totaux.margeHt) },
                { title: 'Vente HT réelle (présents)', value: formatMoney(data.totaux.venteHtReelle) },
                {
                  title: 'Nuitées prévues / réelles',
                  value: `${formatEntier(data.totaux.nuitees)} / ${formatEntier(data.totaux.nuiteesReelles)}`,
                },
              ]}
            />
            <StatsSection
              {...section}
              tableau="parMois"
              rows={data.parMois}
              rowKey="mois"
              chart={{ category: { key: 'mois', kind: 'month' }, series: chiffres, valueKind: 'money' }}
            />
            <StatsSection
              {...section}
              tableau="parClient"
              rows={data.parClient}
              rowKey="id"
              chart={{ category: text, series: chiffres, valueKind: 'money', limit: 10 }}
            />
            <StatsSection
              {...section}
              tableau="parEtablissement"
              rows={data.parEtablissement}
              rowKey="id"
              chart={{ category: text, series: chiffres, valueKind: 'money', limit: 10 }}
            />
            <StatsSection
              {...section}
              tableau="paiements"
              rows={data.paiements}
              rowKey="flux"
              chart={{
                category: text,
                series: [
                  { key: 'payeMontant', label: 'Payé' },
                  { key: 'nonPayeMontant', label: 'Non payé' },
                  { key: 'aVerifierMontant', label: 'À vérifier' },
                ],
                valueKind: 'money',
              }}
            />
          </>
        )}
      </StatsState>
    </PageFrame>
  );
}
