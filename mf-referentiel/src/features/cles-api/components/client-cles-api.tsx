import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from 'shared';
import type { CleApi } from 'shared/contract';
import { useClesApi, useCreateCleApi, useRevokeCleApi } from '../api/cles-api';

/** « Nouvelle clé »: a label, then the key shown once with a copy button. */
function IssueKeyModal({
  clientId,
  open,
  onClose,
}: {
  clientId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ libelle: string }>();
  const create = useCreateCleApi();
  const [issued, setIssued] = useState<string | null>(null);
  const close = () => {
    setIssued(null);
    create.reset();
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Nouvelle clé d'API"
      onCancel={close}
      destroyOnHidden
      footer={
        issued === null
          ? [
              <Button key="cancel" onClick={close}>
                Annuler
              </Button>,
              <Button key="ok" type="primary" loading={create.isPending} onClick={() => form.submit()}>
                Créer la clé
              </Button>,
            ]
          : [
              <Button key="done" type="primary" onClick={close}>
                J'ai copié la clé
              </Button>,
            ]
      }
    >
      {issued === null ? (
        <Form
          form={form}
          layout="vertical"
          disabled={create.isPending}
          onFinish={({ libelle }) =>
            create.mutate(
              { clientId, libelle: libelle.trim() },
              { onSuccess: (answer) => setIssued(answer.cle) },
            )
          }
        >
          {create.error && (
            <Alert type="error" showIcon title={create.error.message} style={{ marginBottom: 12 }} />
          )}
          <Form.Item
            name="libelle"
            label="Libellé"
            extra="Le système ou le service du client qui utilisera la clé."
            rules={[
              { required: true, whitespace: true, message: 'Le champ Libellé est obligatoire' },
              { max: 80, message: 'Le champ Libellé doit contenir au plus 80 caractères' },
            ]}
          >
            <Input maxLength={80} />
          </Form.Item>
        </Form>
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            title="Copiez cette clé maintenant : elle ne sera plus jamais affichée."
            style={{ marginBottom: 12 }}
          />
          <Typography.Paragraph code copyable={{ text: issued, tooltips: ['Copier', 'Copiée'] }}>
            {issued}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

/**
 * The client's API keys, on its card, for administrators only (the page renders it for them): the keys its own
 * system submits requests with (POST /demande_hebergement/externe). Issued with a label and shown once; revoked
 * after a confirmation.
 */
export function ClientClesApi({ client }: { client: { id: number; archivedAt: string | null } }) {
  const cles = useClesApi(client.id);
  const revoke = useRevokeCleApi();
  const [issuing, setIssuing] = useState(false);
  return (
    <Card
      type="inner"
      title="Clés d'API du client"
      extra={
        !client.archivedAt && (
          <Button icon={<KeyOutlined />} onClick={() => setIssuing(true)}>
            Nouvelle clé
          </Button>
        )
      }
    >
      <Table<CleApi>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 640 }}
        loading={cles.isPending}
        dataSource={cles.data ?? []}
        locale={{ emptyText: 'Aucune clé' }}
        columns={[
          { title: 'Libellé', dataIndex: 'libelle' },
          {
            title: 'Début de la clé',
            render: (_, row) => <Typography.Text code>{row.prefixe}…</Typography.Text>,
          },
          {
            title: 'Créée le',
            render: (_, row) =>
              `${formatDateTime(row.created_at)}${row.created_by ? ` par ${row.created_by}` : ''}`,
          },
          {
            title: 'Dernière utilisation',
            render: (_, row) =>
              row.derniere_utilisation ? formatDateTime(row.derniere_utilisation) : 'Jamais',
          },
          {
            title: 'État',
            render: (_, row) =>
              row.revoquee_at ? (
                <Tag color="red">Révoquée le {formatDateTime(row.revoquee_at)}</Tag>
              ) : (
                <Tag color="green">Active</Tag>
              ),
          },
          {
            title: 'Action',
            render: (_, row) =>
              row.revoquee_at ? null : (
                <Popconfirm
                  title={`Révoquer la clé « ${row.libelle} » ?`}
                  description="Le système du client ne pourra plus déposer de demandes avec cette clé."
                  okText="Révoquer"
                  cancelText="Annuler"
                  okButtonProps={{ danger: true, loading: revoke.isPending }}
                  onConfirm={() => revoke.mutate({ clientId: client.id, cleId: row.id })}
                >
                  <Button size="small" danger>
                    Révoquer
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <IssueKeyModal clientId={client.id} open={issuing} onClose={() => setIssuing(false)} />
    </Card>
  );
}
