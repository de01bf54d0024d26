import { CalendarOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { DATE_FORMAT } from '../../format/dates';
import type * as DatePickerInput from './date-picker-input';
import type { DatePickerInputProps } from './date-picker-input';

export interface DateInputProps extends DatePickerInputProps {
  /**
   * Fetch the picker's code only when the field is pointed at or focused: the filter bars of a list's first screen.
   * Off, it is fetched as the field mounts (a dialog's or a drawer's field).
   */
  deferPicker?: boolean;
}

type PickerModule = typeof DatePickerInput;

let picker: PickerModule | undefined;
let loading: Promise<PickerModule> | undefined;

/** The date picker's module (antd's DatePicker and rc-picker, ≈ 21 kB brotli), fetched once for the whole page. */
export function loadDatePicker(): Promise<PickerModule> {
  loading ??= import('./date-picker-input').then((module) => (picker = module));
  return loading;
}

const shown = (value: DatePickerInputProps['value']) =>
  value && !Array.isArray(value) ? (value as Dayjs).format(DATE_FORMAT) : '';

/**
 * antd DatePicker showing and typing dates as DD/MM/YYYY (spec §9, date-picker-input.tsx). Its code is fetched
 * as the field mounts, or with `deferPicker` only when it is first pointed at or focused: until then a read-only
 * input of the same look holds its place and shows its value, so that a list's filter bar does not download the
 * picker with its first screen (issue 37 §5). Focused, the field becomes the picker with the focus, which opens its
 * calendar: a keyboard user reaches it as before, by Tab.
 */
export function DateInput({ deferPicker = false, ...props }: DateInputProps) {
  const [module, setModule] = useState(() => picker);
  const [focused, setFocused] = useState(false);
  const load = () => void loadDatePicker().then(setModule);
  useEffect(() => {
    if (!deferPicker && !module) load();
  });

  // Reached by a click or Tab while it loaded: the picker comes focused and open.
  if (module) return <module.DateInput {...props} {...(focused && { autoFocus: true, defaultOpen: true })} />;
  return (
    <Input
      id={props.id}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : 'JJ/MM/AAAA'}
      value={shown(props.value)}
      disabled={props.disabled === true}
      status={props.status}
      readOnly
      suffix={<CalendarOutlined style={{ opacity: 0.25 }} />}
      style={{ width: '100%', ...props.style }}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
    />
  );
}
