import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useLookup } from 'shared';
import type { StatsQuery } from 'shared/contract';
import { labelSearch } from 'shared/ui';
import { FilterField, FilterLabel, FiltersBar, ClientFilter, LOOKUP_SELECT } from '../../../lib/filters-bar';
import { addMonths, monthCount } from '../model/period';

export interface StatsFiltersProps {
  query: StatsQuery;
  onChange: (query: StatsQuery) => void;
  /** StatsPerMonth: the 12 / 24 months switch (the period ends with `fin`). */
  lengths?: readonly number[];
  /** « Réinitialiser les filtres », shown while the screen is not on its defaults. */
  onReset?: (() => void) | undefined;
}

const MONTH_FORMAT = 'MM/YYYY';
const toMonth = (mois: string) => dayjs(`${mois}-01`);
const ofMonth = (value: Dayjs) => value.format('YYYY-MM');

/** Period (months, both included), client and hotel of a stats screen; every change goes to the URL. */
export function StatsFilters({ query, onChange, lengths, onReset }: StatsFiltersProps) {
  const id = useId();
  const hotels = useLookup('/etablissements');
  const set = (patch: Partial<StatsQuery>) => {
    const next = { ...query, ...patch };
    for (const key of Object.keys(next) as (keyof StatsQuery)[])
      if (next[key] === undefined) delete next[key];
    onChange(next);
  };
  const length = monthCount(query.debut, query.fin);
  return (
    <FiltersBar label="Filtres des statistiques">
      {lengths && (
        <Segmented
          aria-label="Durée de la période"
          value={lengths.includes(length) ? length : undefined}
          options={lengths.map((n) => ({ value: n, label: `${n} mois` }))}
          onChange={(n) => set({ debut: addMonths(query.fin, -(Number(n) - 1)) })}
        />
      )}
      <Flex gap={6} align="center">
        <FilterLabel htmlFor={`${id}-debut`}>Du mois</FilterLabel>
        <DatePicker
          id={`${id}-debut`}
          picker="month"
          format={MONTH_FORMAT}
          placeholder="MM/AAAA"
          allowClear={false}
          value={toMonth(query.debut)}
          disabledDate={(value) => ofMonth(value) > query.fin || monthCount(ofMonth(value), query.fin) > 36}
          onChange={(value: Dayjs | null) => value && set({ debut: ofMonth(value) })}
          style={{ width: 120 }}
        />
      </Flex>
      <Flex gap={6} align="center">
        <FilterLabel htmlFor={`${id}-fin`}>au mois</FilterLabel>
        <DatePicker
          id={`${id}-fin`}
          picker="month"
          format={MONTH_FORMAT}
          placeholder="MM/AAAA"
          allowClear={false}
          value={toMonth(query.fin)}
          onChange={(value: Dayjs | null) => {
            if (!value) return;
            const fin = ofMonth(value);
            // Keep the period's length when the end moves (a 12-month view stays 12 months).
            set({ fin, debut: addMonths(fin, -(Math.min(Math.max(length, 1), 36) - 1)) });
          }}
          style={{ width: 120 }}
        />
      </Flex>
      <ClientFilter id={`${id}-client`} value={query.clientId} onChange={(clientId) => set({ clientId })} />
      <FilterField id={`${id}-hotel`} label="Établissement">
        <Select
          id={`${id}-hotel`}
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les établissements"
          loading={hotels.isPending}
          value={query.etablissementId}
          options={(hotels.data ?? []).map((h) => ({ value: h.id, label: h.nom }))}
          onChange={(value?: number) => set({ etablissementId: value })}
          style={LOOKUP_SELECT}
        />
      </FilterField>
      {onReset && (
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          Réinitialiser les filtres
        </Button>
      )}
    </FiltersBar>
  );
}
