import { Alert, Button, Form, Input, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorMessage } from './error-message';
import { FormModalFrame } from './form-modal-frame';

/** A reason typed in the confirmation, handed to `onConfirm` trimmed (undefined when left blank). */
export type ConfirmWriteReason = {
  label: string;
  maxLength: number;
  placeholder?: string;
} & (
  | {
      /** Required, not blank: said under the field when it is empty or blank (the API's 400 message, where it has one). */
      requiredMessage: string;
      optional?: false;
    }
  | { optional: true; requiredMessage?: never }
);

export interface ConfirmWriteButtonProps {
  /** Text of the button that opens the confirmation. */
  children: ReactNode;
  /** Title of the dialog (its accessible name). */
  title: string;
  /** What the write will do, in plain words: « 2 séjours prolongés jusqu'au 31/12/2026. » */
  description: ReactNode;
  /** The primary button: names the action (« Prolonger », « Envoyer »), never « OK ». */
  okText: string;
  /** Red primary button (cancellations, refusals). */
  danger?: boolean;
  reason?: ConfirmWriteReason;
  /**
   * Does the write; the dialog closes once it resolves. On rejection it stays open and says why (a 409 is only
   * logged by the client, spec §8). A caller that reports failures elsewhere resolves instead.
   */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
  /** Look of the opening button (type, size, danger…). */
  buttonProps?: Omit<ButtonProps, 'onClick' | 'children'>;
}

interface Values {
  reason?: string;
}

/**
 * A write a click cannot take back, behind a confirmation that says what it will do: the button opens a dialog
 * with the consequences and, when asked, a reason (required unless `optional`); its primary button names the action. One component
 * for every such write of the screens (a request's extension, cancellation, refusal, sending, sync).
 */
export function ConfirmWriteButton({
  children,
  title,
  description,
  okText,
  danger,
  reason,
  onConfirm,
  buttonProps,
}: ConfirmWriteButtonProps) {
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  const close = () => {
    if (submitting) return;
    setFailure(null);
    setOpen(false);
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await onConfirm(reason ? values.reason?.trim() || undefined : undefined);
      setSubmitting(false);
      setOpen(false);
    } catch (error) {
      setSubmitting(false);
      setFailure(errorMessage(error));
    }
  };

  return (
    <>
      <Button danger={danger} {...buttonProps} loading={submitting} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <FormModalFrame<Values>
        open={open}
        title={title}
        okText={okText}
        cancelText="Fermer"
        danger={danger}
        submitting={submitting}
        form={form}
        formName="confirm-write"
        onCancel={close}
        onFinish={(values) => void submit(values)}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph>{description}</Typography.Paragraph>
        {reason && (
          <Form.Item
            name="reason"
            label={reason.label}
            rules={[
              ...(reason.optional
                ? []
                : [{ required: true, whitespace: true, message: reason.requiredMessage }]),
              { max: reason.maxLength, message: `Au plus ${reason.maxLength} caractères.` },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={reason.maxLength}
              showCount
              placeholder={reason.placeholder}
            />
          </Form.Item>
        )}
      </FormModalFrame>
    </>
  );
}
