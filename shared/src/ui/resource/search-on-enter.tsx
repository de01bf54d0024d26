import { Input } from 'antd';
import { useState, type CSSProperties } from 'react';

export interface SearchOnEnterProps {
  /** The applied search (the URL's): the field starts from it and starts afresh when it changes. */
  value: string;
  /** The typed text, trimmed ('' once cleared), on Enter, on the search button or on the clear icon. */
  onSearch: (value: string) => void;
  'aria-label': string;
  placeholder: string;
  maxLength?: number;
  style?: CSSProperties;
}

function SearchDraft({ value, onSearch, maxLength = 100, ...field }: SearchOnEnterProps) {
  const [draft, setDraft] = useState(value);
  return (
    <Input.Search
      {...field}
      allowClear
      maxLength={maxLength}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={(next) => onSearch(next.trim())}
    />
  );
}

/**
 * A list's text search: typed freely, applied on Enter (not on each key, so the list is asked once); remounted when
 * the applied value changes (« Réinitialiser les filtres », Back), so the field always shows what the list applies.
 */
export function SearchOnEnter(props: SearchOnEnterProps) {
  return <SearchDraft key={props.value} {...props} />;
}
