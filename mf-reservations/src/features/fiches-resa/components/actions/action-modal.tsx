import { Alert, Button, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorMessage, isConflict } from 'shared';
import { FormModalFrame } from 'shared/ui';

export interface ActionModalProps<V, R> {
  open: boolean;
  title: string;
  /** Text of the confirm button. */
  okText: string;
  /** Red confirm button (cancellations). */
  danger?: boolean;
  initialValues?: Partial<V>;
  /** Does the write; on rejection the dialog stays open and says why (400 and 409 alike). */
  onSubmit: (values: V) => Promise<R>;
  /** After a successful write (the screen already refreshed by its mutation), before closing. */
  onDone?: (result: R) => void;
  onClose: () => void;
  /** Offered as « Recharger la fiche » when the write answered 409 (the stay changed meanwhile). */
  onReload?: () => void;
  children?: ReactNode;
}

/**
 * The dialog of every reservation action: an antd Form whose submit is the OK button (Enter submits), the
 * server's reason inline on failure — a 409 is only logged by the client (spec §8), so this is where it shows.
 */
export function ActionModal<V extends object, R = unknown>({
  open,
  title,
  okText,
  danger,
  initialValues,
  onSubmit,
  onDone,
  onClose,
  onReload,
  children,
}: ActionModalProps<V, R>) {
  const [form] = Form.useForm<V>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; conflict: boolean } | null>(null);

  const close = () => {
    if (submitting) return;
    setFailure(null);
    onClose();
  };

  const submit = async (values: V) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await onSubmit(values);
      setSubmitting(false);
      onDone?.(result);
      onClose();
    } catch (error) {
      setSubmitting(false);
      setFailure({ message: errorMessage(error), conflict: isConflict(error) });
    }
  };

  return (
    <FormModalFrame<V>
      open={open}
      title={title}
      okText={okText}
      cancelText="Fermer"
      danger={danger}
      submitting={submitting}
      form={form}
      formName="reservation-action"
      initialValues={initialValues}
      onCancel={close}
      onFinish={(values) => void submit(values)}
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure.message}
          style={{ marginBottom: 16 }}
          action={
            failure.conflict && onReload ? (
              <Button
                size="small"
                onClick={() => {
                  setFailure(null);
                  onReload();
                  onClose();
                }}
              >
                Recharger la fiche
              </Button>
            ) : undefined
          }
        />
      )}
      {children}
    </FormModalFrame>
  );
}
