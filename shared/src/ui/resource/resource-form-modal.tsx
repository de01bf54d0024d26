import {
  Alert,
  DatePicker,
  Form,
  Modal,
  theme,
  type DatePickerProps,
  type FormInstance,
  type FormItemProps,
  type FormRule,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState, type ReactNode } from 'react';
import { API_DATE_FORMAT, DATE_FORMAT } from '../../format/dates';
import { errorField, errorMessage } from './error-message';
import { FormModalFrame } from './form-modal-frame';

dayjs.extend(customParseFormat);

export interface ResourceFormModalProps<V, R = unknown> {
  open: boolean;
  title: ReactNode;
  /** Read when the modal opens (the form is rebuilt at each opening). */
  initialValues?: Partial<V>;
  /**
   * Saves: the `mutateAsync` of the write's mutation hook, which invalidates what the write changes (the list and
   * lookups refresh without a reload). On rejection the modal stays open and shows the error's message beside the
   * field the API names (`champ`) when the form has it, otherwise above the fields.
   */
  onSubmit: (values: V) => Promise<R>;
  /** Called with what `onSubmit` resolved, just before `onClose`. */
  onSaved?: (result: R) => void;
  /** Closes: after a save, a cancel of an untouched form, or a confirmed discard. */
  onClose: () => void;
  /** Text of the submit button. Default « Enregistrer ». */
  okText?: string;
  width?: number;
  /** The `Form.Item`s. */
  children: ReactNode;
}

/** Whether a field of that name path is on the form (registered by a Form.Item). */
function hasField(form: FormInstance, name: (string | number)[]): boolean {
  const key = JSON.stringify(name);
  return form.getFieldsError().some((field) => JSON.stringify(field.name) === key);
}

/**
 * Create/edit dialog: a vertical antd Form whose submit button is the modal's OK button (Enter submits too).
 * While saving, everything is disabled and the modal cannot be closed.
 */
export function ResourceFormModal<V extends object, R = unknown>({
  open,
  title,
  initialValues,
  onSubmit,
  onSaved,
  onClose,
  okText = 'Enregistrer',
  width,
  children,
}: ResourceFormModalProps<V, R>) {
  const [form] = Form.useForm<V>();
  const [modal, modalHolder] = Modal.useModal();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async (values: V) => {
    setSubmitting(true);
    setError(null);
    try {
      const result = await onSubmit(values);
      onSaved?.(result);
      close();
    } catch (failure) {
      // 400 is also toasted by the client, 409 only logged (spec §8): the form says it either way, beside the field
      // the API names when there is one on screen.
      const message = errorMessage(failure);
      const field = errorField(failure);
      if (field && hasField(form, field)) {
        form.setFields([{ name: field as never, errors: [message] }]);
        form.scrollToField(field as never);
      } else setError(message);
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = () => {
    if (submitting) return;
    if (!form.isFieldsTouched()) {
      close();
      return;
    }
    void modal.confirm({
      title: 'Abandonner les modifications ?',
      content: 'Les modifications non enregistrées seront perdues.',
      okText: 'Abandonner',
      okButtonProps: { danger: true },
      cancelText: 'Continuer la saisie',
      onOk: close,
    });
  };

  return (
    <>
      <FormModalFrame<V>
        open={open}
        title={title}
        width={width}
        okText={okText}
        cancelText="Annuler"
        submitting={submitting}
        form={form}
        formName="resource-form"
        initialValues={initialValues}
        onCancel={cancel}
        onFinish={(values) => void submit(values)}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        {children}
      </FormModalFrame>
      {/* Outside the form modal, so that Escape in the question does not reach the modal under it. */}
      {modalHolder}
    </>
  );
}

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

export interface DateInputProps extends DatePickerProps {
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
}: DateInputProps) {
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
