import { Typography } from 'antd';
import { API_DATE_FORMAT, isApiDate } from 'shared';
import { DayInput } from './day-input';

export type PeriodKey = 'start_date' | 'end_date';

/** The period of the URL values, as API filters: malformed days (a hand-edited URL) are left out. */
export function periodOf(
  values: Partial<Record<PeriodKey, string | string[]>>,
): Partial<Record<PeriodKey, string>> {
  const period: Partial<Record<PeriodKey, string>> = {};
  for (const key of ['start_date', 'end_date'] as const) {
    const value = values[key];
    if (isApiDate(value)) period[key] = value;
  }
  return period;
}

/** « Période du … au … » above a list; the end can only be picked after the start. */
export function PeriodFilter({
  start,
  end,
  onChange,
}: {
  start: string | undefined;
  end: string | undefined;
  onChange: (key: PeriodKey, value: string | undefined) => void;
}) {
  return (
    <>
      <Typography.Text>Période du</Typography.Text>
      <DayInput
        deferPicker
        aria-label="Début de période"
        value={start}
        onChange={(value) => onChange('start_date', value)}
      />
      <Typography.Text>au</Typography.Text>
      <DayInput
        deferPicker
        aria-label="Fin de période"
        value={end}
        onChange={(value) => onChange('end_date', value)}
        disabledDate={(day) => Boolean(start) && day.format(API_DATE_FORMAT) <= start!}
      />
    </>
  );
}
