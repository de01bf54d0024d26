import { Alert, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import type { ConfirmWriteButtonProps } from './confirm-write-button';
import { errorMessage } from './error-message';
import { FormModalFrame } from './form-modal-frame';

interface Values {
  reason?: string;
}

export interface ConfirmWriteDialogProps extends Pick<
  ConfirmWriteButtonProps,
  'title' | 'description' | 'okText' | 'danger' | 'reason' | 'onConfirm'
> {
  open: boolean;
  /** While the write runs (the opening button shows it too). */
  onSubmittingChange: (submitting: boolean) => void;
  onClose: () => void;
}

/** The dialog of ConfirmWriteButton, fetched when it first opens (its Modal, Form and TextArea). */
export function ConfirmWriteDialog({
  open,
  title,
  description,
  okText,
  danger,
  reason,
  onConfirm,
  onSubmittingChange,
  onClose,
}: ConfirmWriteDialogProps) {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  const running = (value: boolean) => {
    setSubmitting(value);
    onSubmittingChange(value);
  };

  const close = () => {
    if (submitting) return;
    setFailure(null);
    onClose();
  };

  const submit = async (values: Values) => {
    running(true);
    setFailure(null);
    try {
      await onConfirm(reason ? values.reason?.trim() || undefined : undefined);
      running(false);
      onClose();
    } catch (error) {
      running(false);
      setFailure(errorMessage(error));
    }
  };

  return (
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
          <Input.TextArea rows={3} maxLength={reason.maxLength} showCount placeholder={reason.placeholder} />
        </Form.Item>
      )}
    </FormModalFrame>
  );
}
