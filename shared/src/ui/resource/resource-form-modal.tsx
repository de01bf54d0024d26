import { Alert, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorField, errorMessage } from './error-message';
import { FormModalFrame } from './form-modal-frame';

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
