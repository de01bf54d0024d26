import { Form, Modal, type FormInstance } from 'antd';
import { useId, type ReactNode } from 'react';

export interface FormModalFrameProps<V> {
  open: boolean;
  title: ReactNode;
  okText: string;
  cancelText: string;
  /** Red OK button (destructive actions). */
  danger?: boolean;
  width?: number;
  /** While true, every field and button is disabled and the modal cannot be closed. */
  submitting: boolean;
  form: FormInstance<V>;
  /** Prefix of the form's name (its fields' ids), made unique per modal. */
  formName: string;
  initialValues?: Partial<V>;
  /** Cancel button, close icon, Escape and a click on the mask (all inactive while submitting). */
  onCancel: () => void;
  onFinish: (values: V) => void;
  children: ReactNode;
}

/**
 * A modal whose body is a vertical antd Form submitted by the modal's OK button (Enter submits too): the frame of
 * every form dialog (ResourceFormModal, the reservation actions). The form is rebuilt at each opening.
 */
export function FormModalFrame<V extends object>({
  open,
  title,
  okText,
  cancelText,
  danger,
  width,
  submitting,
  form,
  formName,
  initialValues,
  onCancel,
  onFinish,
  children,
}: FormModalFrameProps<V>) {
  const name = `${formName}${useId().replace(/[^\w-]/g, '')}`;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onCancel}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', loading: submitting, danger }}
      cancelButtonProps={{ disabled: submitting }}
      closable={!submitting}
      keyboard={!submitting}
      mask={{ closable: !submitting }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<V>
          form={form}
          name={name}
          layout="vertical"
          initialValues={initialValues}
          disabled={submitting}
          clearOnDestroy
          onFinish={onFinish}
        >
          {dialog}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
