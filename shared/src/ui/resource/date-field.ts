import type { FormItemProps, FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { API_DATE_FORMAT } from '../../format/dates';

dayjs.extend(customParseFormat);

/** The form value of a date typed wrong (`dateFormItemProps`): not a day, refused by the field's first rule. */
const INVALID_DATE = 'date-invalide';

/** What a date field says of a text that is not a DD/MM/YYYY day (« 31/02/2027 », « 12-04-2027 »). */
export const INVALID_DATE_MESSAGE = 'Date invalide : JJ/MM/AAAA';

/**
 * `Form.Item` props for a date kept as a `YYYY-MM-DD` string in the form values (what the API takes), while
 * the DatePicker works on dayjs: `<Form.Item name="debut" {...dateFormItemProps([{ required: true }])}><DateInput
 * /></Form.Item>`. A cleared date becomes `null`; a date typed wrong fails the field with INVALID_DATE_MESSAGE
 * (its text kept on screen), so the field's other rules go in `rules`, never in a `rules` prop of the item (it
 * would replace that check).
 */
export function dateFormItemProps(
  rules: FormRule[] = [],
): Pick<FormItemProps, 'getValueProps' | 'normalize' | 'rules' | 'validateFirst'> {
  return {
    getValueProps: (value: unknown) => {
      const date = typeof value === 'string' ? dayjs(value, API_DATE_FORMAT, true) : null;
      return { value: date?.isValid() ? date : undefined, reportInvalid: true };
    },
    normalize: (value: Dayjs | null | undefined) => {
      if (!value) return null;
      return value.isValid() ? value.format(API_DATE_FORMAT) : INVALID_DATE;
    },
    // First, and alone: a wrong text says only that (`validateFirst`), not also « after the start ».
    rules: [
      {
        validator: (_rule, value: unknown) =>
          value === INVALID_DATE ? Promise.reject(new Error(INVALID_DATE_MESSAGE)) : Promise.resolve(),
      },
      ...rules,
    ],
    validateFirst: true,
  };
}
