import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useEffectEvent } from 'react';
import { API_DATE_FORMAT, DATE_FORMAT, errorMessage, formatMoney } from 'shared';
import {
  MOYEN_PAIEMENT_LABELS,
  MOYENS_PAIEMENT,
  type FactureDetail,
  type MoyenPaiement,
} from 'shared/contract';
import { useRecordPayment } from '../api/facture-writes';

interface Values {
  datePaiement: Dayjs;
  montant: string;
  moyen: MoyenPaiement;
  reference?: string;
}

/** An amount as a user types it: « 120 », « 120,5 », « 1 234,50 » → '1234.50'-like string the API takes. */
export const amountOf = (text: string) => text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
const AMOUNT = /^[0-9]{1,10}([.][0-9]{1,2})?$/;

/** What the dialog offers: today, what is left to pay, a transfer, no reference. */
const defaultsOf = (facture: FactureDetail): Partial<Values> => ({
  datePaiement: dayjs(),
  montant: facture.resteAPayer.replace('.', ','),
  moyen: 'virement',
  reference: undefined,
});

/**
 * « Enregistrer un paiement »: date, amount (what is left by default), means, reference. The amount goes to the
 * API as typed (a decimal string): an overpayment's 409 and a 400 are said in the dialog, which stays open.
 */
export function PaymentModal({
  facture,
  open,
  onClose,
}: {
  facture: FactureDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const record = useRecordPayment({ onSuccess: onClose });
  // The form's store outlives the dialog (and its initial values only fill fields it does not hold yet): each opening
  // sets the defaults again, so that after a partial payment the dialog offers what is left now, not the amount typed
  // the first time. Set, not reset: the dialog's form may mount after this effect, with the previous initial values.
  const fillDefaults = useEffectEvent(() => form.setFieldsValue(defaultsOf(facture)));
  useEffect(() => {
    if (open) fillDefaults();
  }, [open]);
  const close = () => {
    record.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={`Enregistrer un paiement — ${facture.numero ?? ''}`}
      okText="Enregistrer le paiement"
      cancelText="Annuler"
      confirmLoading={record.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <p>Reste à payer : {formatMoney(facture.resteAPayer)}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={defaultsOf(facture)}
        onFinish={(values) =>
          record.mutate({
            id: facture.id,
            datePaiement: values.datePaiement.format(API_DATE_FORMAT),
            montant: amountOf(values.montant),
            moyen: values.moyen,
            reference: values.reference?.trim() || null,
          })
        }
      >
        <Form.Item
          name="datePaiement"
          label="Date du paiement"
          rules={[{ required: true, message: 'Indiquez la date.' }]}
        >
          <DatePicker format={DATE_FORMAT} placeholder="JJ/MM/AAAA" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="montant"
          label="Montant (€)"
          rules={[
            { required: true, message: 'Indiquez le montant.' },
            {
              validator: (_, value: string | undefined) =>
                !value || (AMOUNT.test(amountOf(value)) && Number(amountOf(value)) > 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error('Un montant positif, avec au plus deux décimales.')),
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="moyen" label="Moyen de paiement" rules={[{ required: true }]}>
          <Select<MoyenPaiement>
            options={MOYENS_PAIEMENT.map((m) => ({ value: m, label: MOYEN_PAIEMENT_LABELS[m] }))}
          />
        </Form.Item>
        <Form.Item name="reference" label="Référence (facultative)">
          <Input maxLength={100} />
        </Form.Item>
      </Form>
      {record.error && <Alert type="error" showIcon title={errorMessage(record.error)} />}
    </Modal>
  );
}
