import { Alert, Form, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { MAX_DESTINATAIRES } from '../../contract/courriel-values';
import { errorMessage } from '../resource/error-message';
import { FormModalFrame } from '../resource/form-modal-frame';
import { parseRecipients } from './recipients';

/** The dialog's form: the recipients as typed, and whatever fields the caller adds (`children`). */
export interface SendEmailValues {
  destinataires: string;
  [field: string]: unknown;
}

export interface SendEmailDialogProps<R> {
  open: boolean;
  /** « Envoyer le bon d'hébergement », « Envoyer la rooming list de 06/2026 ». */
  title: string;
  /** What is sent (the document, its attachment), above the field. */
  description?: ReactNode;
  /** The addresses known for the recipient (the hotel's, the referent's): the field starts with them. */
  recipients: readonly string[];
  /** Who has no known address, for the notice shown then: « Cet établissement n'a pas d'adresse e-mail ». */
  noAddressNotice?: string;
  /** A rule of the caller's own fields, checked before sending: the French reason not to send, or null. */
  check?: (destinataires: string[], values: SendEmailValues) => string | null;
  /** Sends to the addresses checked; on a rejection the dialog stays open and says why. */
  onSend: (destinataires: string[], values: SendEmailValues) => Promise<R>;
  /** After an answer (the toast already says what became of the e-mail), before closing. */
  onDone?: (result: R) => void;
  onClose: () => void;
  /** More fields of the form (a checkbox…), under the recipients. */
  children?: ReactNode;
}

/**
 * The send dialog of every e-mail a user sends (a voucher, a rooming list): the recipients pre-filled with the
 * known addresses and editable — a hotel without an address is sent to what the user types, never a dead end —,
 * each checked as the API checks it, in French. What became of the e-mail is the answer's (`envoi`): the API
 * client's toast says it, green only when it really left.
 */
export function SendEmailDialog<R>({
  open,
  title,
  description,
  recipients,
  noAddressNotice = 'Aucune adresse e-mail connue pour ce destinataire',
  check,
  onSend,
  onDone,
  onClose,
  children,
}: SendEmailDialogProps<R>) {
  const [form] = Form.useForm<SendEmailValues>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (submitting) return;
    setFailure(null);
    onClose();
  };

  const submit = async (values: SendEmailValues) => {
    const parsed = parseRecipients(values.destinataires);
    if (!parsed.ok) return;
    const refused = check?.(parsed.addresses, values) ?? null;
    setFailure(refused);
    if (refused !== null) return;
    setSubmitting(true);
    try {
      const result = await onSend(parsed.addresses, values);
      setSubmitting(false);
      onDone?.(result);
      onClose();
    } catch (error) {
      setSubmitting(false);
      setFailure(errorMessage(error));
    }
  };

  return (
    <FormModalFrame<SendEmailValues>
      open={open}
      title={title}
      okText="Envoyer"
      cancelText="Annuler"
      submitting={submitting}
      form={form}
      formName="envoi-courriel"
      initialValues={{ destinataires: recipients.join(', ') }}
      onCancel={close}
      onFinish={(values) => void submit(values)}
    >
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      {description && <div style={{ marginBottom: 16 }}>{description}</div>}
      {recipients.length === 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${noAddressNotice} : indiquez à qui envoyer le message.`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item<SendEmailValues>
        label="Destinataires"
        name="destinataires"
        extra={`Une ou plusieurs adresses e-mail, séparées par des virgules (${MAX_DESTINATAIRES} au plus).`}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const parsed = parseRecipients(value ?? '');
              return parsed.ok ? Promise.resolve() : Promise.reject(new Error(parsed.message));
            },
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder="nom@exemple.fr" />
      </Form.Item>
      {children}
    </FormModalFrame>
  );
}
