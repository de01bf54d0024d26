import { Select } from 'antd';
import { REFERENTIEL_PATHS } from 'shared/contract';
import { labelSearch } from 'shared/ui';
import { useLookup } from 'shared';
import { moisOptions } from '../model/mois';

/** The hotel filter of the statements and invoices lists (active hotels by name). */
export function EtablissementSelect({
  value,
  onChange,
  allowClear = true,
  id,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  allowClear?: boolean;
  /** The form field's id (a form item's label points at it). */
  id?: string;
}) {
  const etablissements = useLookup(REFERENTIEL_PATHS.etablissements);
  return (
    <Select
      id={id}
      aria-label="Établissement"
      placeholder={id ? 'Choisir un établissement' : 'Tous les établissements'}
      allowClear={allowClear}
      showSearch={labelSearch}
      loading={etablissements.isPending}
      options={(etablissements.data ?? []).map((row) => ({ value: row.id, label: row.nom }))}
      value={value}
      onChange={(next: number | undefined) => onChange(next)}
      style={id ? undefined : { flex: '1 1 220px', maxWidth: 320 }}
    />
  );
}

/** The month picker: the last 36 months by name, newest first. */
export function MoisSelect({
  value,
  onChange,
  allowClear = false,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  allowClear?: boolean;
}) {
  return (
    <Select
      aria-label="Mois"
      placeholder="Tous les mois"
      allowClear={allowClear}
      showSearch={labelSearch}
      options={moisOptions(undefined, value)}
      value={value}
      onChange={(next: string | undefined) => onChange(next)}
      style={{ flex: '0 1 200px', minWidth: 160 }}
    />
  );
}
