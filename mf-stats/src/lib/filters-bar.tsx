import { Flex, Select } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useLookup } from 'shared';
import { labelSearch } from 'shared/ui';

/** The filters above a list or a chart: a search landmark whose fields wrap on a narrow screen. */
export function FiltersBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex wrap gap={12} align="center" role="search" aria-label={label} style={{ marginBottom: 16 }}>
      {children}
    </Flex>
  );
}

/** A filter's label, kept on one line beside its field. */
export function FilterLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </label>
  );
}

/**
 * A labelled filter: the label, then its field, narrower rather than past the card's edge on a phone (at 375 px a
 * label and a 240 px select are wider than the card).
 */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex gap={6} align="center" style={{ maxWidth: '100%' }}>
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      {children}
    </Flex>
  );
}

/** A select of the lookup's clients or hotels, searched by name: 240 px, narrower when the card is. */
export const LOOKUP_SELECT: CSSProperties = { width: 240, minWidth: 0 };

/** The client filter: every client of the lookup, searched by name; cleared, all clients. */
export function ClientFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | undefined;
  onChange: (clientId: number | undefined) => void;
}) {
  const clients = useLookup('/clients');
  return (
    <FilterField id={id} label="Client">
      <Select<number>
        id={id}
        allowClear
        showSearch={labelSearch}
        placeholder="Tous les clients"
        loading={clients.isPending}
        style={LOOKUP_SELECT}
        value={value ?? null}
        options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.nom }))}
        onChange={(clientId?: number) => onChange(clientId)}
      />
    </FilterField>
  );
}
