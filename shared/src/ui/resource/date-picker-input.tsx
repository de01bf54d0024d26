import { DatePicker, theme, type DatePickerProps } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState } from 'react';
import { DATE_FORMAT } from '../../format/dates';
import { INVALID_DATE_MESSAGE } from './date-field';

dayjs.extend(customParseFormat);

export interface DatePickerInputProps extends DatePickerProps {
  /**
   * Set by `dateFormItemProps`: a text typed wrong goes to the form as an invalid date (the field's rule then
   * shows the message under it) instead of this component saying it.
   */
  reportInvalid?: boolean;
}

/** Whether `text` is a real day written as `format` (« 31/02/2027 » is not). */
const isDay = (text: string, format: string) => dayjs(text, format, true).isValid();

/**
 * antd DatePicker showing and typing dates as DD/MM/YYYY (spec §9), full width. A text that is not a day is not
 * silently emptied on leaving the field, as antd does: it stays, the field turns red and says « Date invalide :
 * JJ/MM/AAAA » below (or its form does), and the value stays what it was until a real day is typed or picked.
 */
export function DateInput({
  reportInvalid = false,
  onChange,
  onBlur,
  value,
  style,
  ...props
}: DatePickerInputProps) {
  const { token } = theme.useToken();
  const format = typeof props.format === 'string' ? props.format : DATE_FORMAT;
  // What the input holds while typing: antd keeps it to itself.
  const [draft, setDraft] = useState<string | null>(null);
  // The wrong text left in the field, and the value shown meanwhile (its text stays as typed).
  const [invalid, setInvalid] = useState<{ text: string; held: DatePickerProps['value'] } | null>(null);
  const wrongDraft = draft !== null && draft.trim() !== '' && !isDay(draft.trim(), format);

  const leave: DatePickerProps['onBlur'] = (event, info) => {
    onBlur?.(event, info);
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    if (text !== '' && !isDay(text, format)) {
      setInvalid((previous) => ({ text, held: previous ? previous.held : value }));
      if (reportInvalid) onChange?.(dayjs(text, format, true), text);
    } else if (invalid !== null) {
      setInvalid(null);
      // The wrong text erased: in a form, the field is then empty, as it reads.
      if (text === '' && reportInvalid) onChange?.(null, '');
    }
  };

  return (
    <span
      style={{
        display: 'inline-block',
        width: style?.width ?? '100%',
        maxWidth: '100%',
        verticalAlign: 'top',
      }}
      onInput={(event) => setDraft((event.target as HTMLInputElement).value)}
    >
      <DatePicker
        format={DATE_FORMAT}
        placeholder="JJ/MM/AAAA"
        {...props}
        style={{ ...style, width: '100%' }}
        value={invalid ? invalid.held : value}
        preserveInvalidOnBlur={wrongDraft}
        {...(invalid && !reportInvalid ? { status: 'error' as const } : {})}
        onChange={(date, text) => {
          setInvalid(null);
          setDraft(null);
          onChange?.(date, text);
        }}
        onBlur={leave}
      />
      {invalid && !reportInvalid && (
        <div role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM, lineHeight: 1.5 }}>
          {INVALID_DATE_MESSAGE}
        </div>
      )}
    </span>
  );
}
