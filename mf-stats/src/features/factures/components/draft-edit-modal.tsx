import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useEffectEvent } from 'react';
import { API_DATE_FORMAT, DATE_FORMAT, errorMessage } from 'shared';
import type { FactureDetail } from 'shared/contract';
import { useUpdateDraft } from '../api/facture-writes';

interface Values {
  dateEcheance: Dayjs | null;
  referenceAcheteur?: string;
  notes?: string;
}

/** What the draft holds now: the dialog's starting values. */
const valuesOf = (facture: FactureDetail): Values => ({
  dateEcheance: facture.dateEcheance ? dayjs(facture.dateEcheance) : null,
  referenceAcheteur: facture.referenceAcheteur ?? '',
  notes: facture.notes ?? '',
});

/**
 * « Modifier » a draft: what the API lets edit — due date, the client's reference, notes. Its period and lines come
 * from the nights: « Recalculer » rebuilds them, or delete the draft and prepare another period.
 */
export function DraftEditModal({
  facture,
  open,
  onClose,
}: {
  facture: FactureDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateDraft({ onSuccess: onClose });
  // The form's store outlives the dialog: each opening starts from the draft as it is now, not from edits abandoned
  // with « Annuler » (as PaymentModal: set, not reset, since the dialog's form may mount after this effect).
  const fillValues = useEffectEvent(() => form.setFieldsValue(valuesOf(facture)));
  useEffect(() => {
    if (open) fillValues();
  }, [open]);
  return (
    <Modal
      open={open}
      title="Modifier le brouillon"
      okText="Enregistrer"
      cancelText="Annuler"
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        update.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(facture)}
        onFinish={(values) =>
          update.mutate({
            id: facture.id,
            dateEcheance: values.dateEcheance ? values.dateEcheance.format(API_DATE_FORMAT) : null,
            referenceAcheteur: values.referenceAcheteur?.trim() || null,
            notes: values.notes?.trim() || null,
          })
        }
      >
        <Form.Item
          name="dateEcheance"
          label="Échéance (sinon : délai de paiement des paramètres à l’émission)"
        >
          <DatePicker format={DATE_FORMAT} placeholder="JJ/MM/AAAA" />
        </Form.Item>
        <Form.Item name="referenceAcheteur" label="Référence du client (bon de commande, engagement)">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
      {update.error && <Alert type="error" showIcon title={errorMessage(update.error)} />}
    </Modal>
  );
}
