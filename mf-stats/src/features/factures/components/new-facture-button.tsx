import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, errorMessage, useLookup } from 'shared';
import { labelSearch } from 'shared/ui';
import { useCreateDraft } from '../api/facture-writes';

interface Values {
  clientId: number;
  mois: Dayjs;
}

/**
 * « Nouvelle facture »: a client and a month → the draft of that client's nights of the month not yet invoiced,
 * opened at once. The API's 409 (nights already invoiced or being invoiced) is said in the dialog.
 */
export function NewFactureButton() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const clients = useLookup('/clients');
  const navigate = useNavigate();
  const create = useCreateDraft({
    onSuccess: (answer) => void navigate(dashboardUrl('facture', { id: answer.data.id })),
  });
  const close = () => {
    setOpen(false);
    create.reset();
  };
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        Nouvelle facture
      </Button>
      <Modal
        open={open}
        title="Nouvelle facture"
        okText="Préparer le brouillon"
        cancelText="Annuler"
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ mois: dayjs().subtract(1, 'month') }}
          onFinish={(values) =>
            create.mutate({ clientId: values.clientId, mois: values.mois.format('YYYY-MM') })
          }
        >
          <Form.Item
            name="clientId"
            label="Client"
            rules={[{ required: true, message: 'Choisissez le client.' }]}
          >
            <Select<number>
              showSearch={labelSearch}
              placeholder="Client"
              loading={clients.isPending}
              options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.nom }))}
            />
          </Form.Item>
          <Form.Item
            name="mois"
            label="Mois facturé"
            rules={[{ required: true, message: 'Choisissez le mois.' }]}
          >
            <DatePicker picker="month" format="MM/YYYY" placeholder="MM/AAAA" allowClear={false} />
          </Form.Item>
        </Form>
        {create.error && <Alert type="error" showIcon title={errorMessage(create.error)} />}
      </Modal>
    </>
  );
}
