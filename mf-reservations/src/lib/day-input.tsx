import dayjs, { type Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';
import { API_DATE_FORMAT } from 'shared';
import { DateInput } from 'shared/ui';

export interface DayInputProps {
  /** YYYY-MM-DD, or undefined. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  'aria-label': string;
  placeholder?: string;
  disabledDate?: (day: Dayjs) => boolean;
  style?: CSSProperties;
  /** A list's filter: the picker's code comes when the field is pointed at or focused, not with the list. */
  deferPicker?: boolean;
}

/** A DD/MM/YYYY date picker whose value is the API's YYYY-MM-DD day. */
export function DayInput({
  value,
  onChange,
  placeholder,
  disabledDate,
  style,
  deferPicker,
  ...rest
}: DayInputProps) {
  return (
    <DateInput
      deferPicker={deferPicker}
      aria-label={rest['aria-label']}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange(day && !Array.isArray(day) ? day.format(API_DATE_FORMAT) : undefined)}
      placeholder={placeholder ?? 'JJ/MM/AAAA'}
      disabledDate={disabledDate}
      style={{ width: 150, ...style }}
    />
  );
}
