import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useLookup } from 'shared';
import type { StatsQuery } from 'shared/contract';
import { labelSearch } from 'shared/ui';
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
/**
 * A labelled select: 240 px where there is room, narrower rather than past the card's edge on a phone (at 375 px
 * « Établissement » and a 240 px select are wider than the card).
 */
const FIELD = { maxWidth: '100%' } as const;
const SELECT = { width: 240, minWidth: 0 } as const;
const toMonth = (mois: string) => dayjs(`${mois}-01`);
const ofMonth = (value: Dayjs) => value.format('YYYY-MM');

/** Period (months, both included), client and hotel of a stats screen; every change goes to the URL. */
export function StatsFilters({ query, onChange, lengths, onReset }: StatsFiltersProps) {
  const id = useId();
  const clients = useLookup('/clients');
  const hotels = useLookup('/etablissements');
  const set = (patch: Partial<StatsQuery>) => {
    const next = { ...query, ...patch };
    for (const key of Object.keys(next) as (keyof StatsQuery)[])
      if (next[key] === undefined) delete next[key];
    onChange(next);
  };
  const length = monthCount(query.debut, query.fin);
  const label = (htmlFor: string, text: string) => (
    <label htmlFor={htmlFor} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </label>
  );
  return (
    <Flex
      wrap
      gap={12}
      align="center"
      role="search"
      aria-label="Filtres des statistiques"
      style={{ marginBottom: 16 }}
    >
      {lengths && (
        <Segmented
          aria-label="Durée de la période"
          value={lengths.includes(length) ? length : undefined}
          options={lengths.map((n) => ({ value: n, label: `${n} mois` }))}
          onChange={(n) => set({ debut: addMonths(query.fin, -(Number(n) - 1)) })}
        />
      )}
      <Flex gap={6} align="center">
        {label(`${id}-debut`, 'Du mois')}
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
        {label(`${id}-fin`, 'au mois')}
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
      <Flex gap={6} align="center" style={FIELD}>
        {label(`${id}-client`, 'Client')}
        <Select
          id={`${id}-client`}
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les clients"
          loading={clients.isPending}
          value={query.clientId}
          options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.nom }))}
          onChange={(value?: number) => set({ clientId: value })}
          style={SELECT}
        />
      </Flex>
      <Flex gap={6} align="center" style={FIELD}>
        {label(`${id}-hotel`, 'Établissement')}
        <Select
          id={`${id}-hotel`}
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les établissements"
          loading={hotels.isPending}
          value={query.etablissementId}
          options={(hotels.data ?? []).map((h) => ({ value: h.id, label: h.nom }))}
          onChange={(value?: number) => set({ etablissementId: value })}
          style={SELECT}
        />
      </Flex>
      {onReset && (
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          Réinitialiser les filtres
        </Button>
      )}
    </Flex>
  );
}
